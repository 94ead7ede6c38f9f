/**
 * The gap Astro's Content-Security-Policy leaves: it hashes the scripts it bundles, not inline
 * ones. The project's inline scripts reach pages minified, and the policy has their hashes
 * (inlineScriptText.ts); after the build, `inlineScriptCheck` parses every page as a browser does and fails on an inline script the
 * policy has no hash for, and on any script or style inside an article body (where CMS HTML goes).
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { html as htmlSpec, parse as parseHtml } from 'parse5';
import type { DefaultTreeAdapterMap } from 'parse5';
import { minifiedInlineScripts, sha256Of } from './inlineScriptText.ts';

/** The attribute on the element that holds CMS HTML (the blog post body, Prose.astro). */
export const ARTICLE_BODY_ATTRIBUTE = 'data-article-body';

/**
 * Data blocks: script types a browser never runs. Every other type counts as runnable: JavaScript
 * has a dozen legacy type names, and modules, import maps and speculation rules are governed by
 * the CSP too; an unknown type costs at most a failed build, never a script that runs unhashed.
 */
const DATA_BLOCK_TYPES = new Set(['application/ld+json', 'application/json']);

type ParentNode = DefaultTreeAdapterMap['parentNode'];
type Element = DefaultTreeAdapterMap['element'];

function attributeOf(element: Element, name: string): string | undefined {
  return element.attrs.find((attribute) => attribute.name === name)?.value;
}

/** An HTML script with `src`, or an SVG script with `href` (or `xlink:href`): not inline. */
function isExternal(script: Element): boolean {
  if (attributeOf(script, 'src') !== undefined) return script.namespaceURI === htmlSpec.NS.HTML;
  return script.namespaceURI === htmlSpec.NS.SVG && attributeOf(script, 'href') !== undefined;
}

/** The text of a script or style element, as the browser hashes it. */
function textOf(element: Element): string {
  return element.childNodes
    .map((child) => ('value' in child && child.nodeName === '#text' ? child.value : ''))
    .join('');
}

function preview(text: string): string {
  const line = text.trim().replace(/\s+/g, ' ');
  return line.length > 80 ? `${line.slice(0, 80)}…` : line;
}

/** The sources of a policy's script-src and script-src-elem directives. */
function scriptSources(policy: string): string[] {
  return policy
    .split(';')
    .map((directive) => directive.trim().split(/\s+/))
    .filter(([name]) => name === 'script-src' || name === 'script-src-elem')
    .flatMap(([, ...sources]) => sources);
}

/**
 * What must fail the build in one page: a runnable inline script whose hash is not in the page's
 * CSP meta, and a script or style element inside an article body.
 */
export function inspectPage(html: string): string[] {
  const scripts: Element[] = [];
  const problems: string[] = [];
  let policy = '';
  const visit = (node: ParentNode, inArticle: boolean) => {
    for (const child of node.childNodes) {
      if (!('tagName' in child)) continue;
      const inside = inArticle || attributeOf(child, ARTICLE_BODY_ATTRIBUTE) !== undefined;
      const isScript = child.tagName === 'script';
      if (inside && (isScript || child.tagName === 'style')) {
        problems.push(`a <${child.tagName}> inside the article body: ${preview(textOf(child))}`);
      } else if (isScript && !isExternal(child)) {
        const type = (attributeOf(child, 'type') ?? '').trim().toLowerCase();
        if (!DATA_BLOCK_TYPES.has(type)) scripts.push(child);
      } else if (attributeOf(child, 'http-equiv')?.toLowerCase() === 'content-security-policy') {
        policy += `;${attributeOf(child, 'content') ?? ''}`;
      }
      visit(child, inside);
      if (child.tagName === 'template' && 'content' in child) visit(child.content, inside);
    }
  };
  visit(parseHtml(html), false);
  const allowed = new Set(scriptSources(policy));
  for (const script of scripts) {
    const text = textOf(script);
    if (!allowed.has(`'${sha256Of(text)}'`)) {
      problems.push(`an inline script the policy has no hash for: ${preview(text)}`);
    }
  }
  return problems;
}

/**
 * The digests of the pages an earlier build's check passed, in Astro's cache folder: an
 * incremental rebuild writes most pages byte for byte as before, and parsing them all again
 * costs seconds at 1,000 posts. The checker's own code is part of the key.
 */
const PASSED_FILE = 'inline-script-check.json';
const CHECKER = createHash('sha256')
  .update(
    [inspectPage, isExternal, textOf, scriptSources, attributeOf, sha256Of]
      .map(String)
      .concat([...DATA_BLOCK_TYPES], ARTICLE_BODY_ATTRIBUTE)
      .join('\n'),
  )
  .digest('base64url');

const pageDigest = (html: string) => createHash('sha256').update(html).digest('base64url');

async function readPassed(cacheDir: URL | undefined): Promise<Set<string>> {
  if (!cacheDir) return new Set();
  try {
    const saved: { checker: string; passed: string[] } = JSON.parse(
      await readFile(new URL(PASSED_FILE, cacheDir), 'utf8'),
    );
    return new Set(saved.checker === CHECKER ? saved.passed : []);
  } catch (error) {
    // No earlier build, or a file from an interrupted one: every page is checked.
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || error instanceof SyntaxError) return new Set();
    throw error;
  }
}

export default function inlineScriptCheck(): AstroIntegration {
  let cacheDir: URL | undefined;
  return {
    name: 'ledgerwise-inline-script-check',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        updateConfig({ vite: { plugins: [minifiedInlineScripts()] } });
      },
      'astro:config:done': ({ config }) => {
        cacheDir = config.cacheDir;
      },
      'astro:build:done': async ({ dir, logger }) => {
        const started = performance.now();
        const root = fileURLToPath(dir);
        const pages = await builtPages(root);
        const passedBefore = await readPassed(cacheDir);
        const passed: string[] = [];
        const problems: string[] = [];
        let checked = 0;
        for (const file of pages) {
          const html = await readFile(path.join(root, file), 'utf8');
          const digest = pageDigest(html);
          if (passedBefore.has(digest)) {
            passed.push(digest);
            continue;
          }
          checked += 1;
          const found = inspectPage(html);
          if (found.length) problems.push(...found.map((problem) => `${file}: ${problem}`));
          else passed.push(digest);
        }
        if (cacheDir) {
          await mkdir(cacheDir, { recursive: true });
          await writeFile(
            new URL(PASSED_FILE, cacheDir),
            JSON.stringify({ checker: CHECKER, passed }),
          );
        }
        if (problems.length) {
          // The list goes to the log: a script's text in the error would make Astro add an
          // unrelated hint whenever it mentions `document` or `window`.
          for (const problem of problems.slice(0, 50)) logger.error(problem);
          throw new Error(
            `${problems.length} inline script(s) or style(s) that the Content-Security-Policy ` +
              'must not allow (listed above). HTML from the CMS must never carry ' +
              'scripts; an inline script of the project belongs in src/scripts/inline/.',
          );
        }
        const reused = pages.length - checked;
        const seconds = ((performance.now() - started) / 1000).toFixed(1);
        logger.info(
          `Content-Security-Policy checked in ${pages.length} pages` +
            (reused ? ` (${reused} unchanged since a build that passed)` : '') +
            ` in ${seconds} s.`,
        );
      },
    },
  };
}

/** The built pages, relative to `root`. */
async function builtPages(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}
