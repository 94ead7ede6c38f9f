// @ts-check
/**
 * Content-Security-Policy for the built pages, as a `<meta http-equiv>` in each page's head.
 *
 * After `astro build`, every HTML file gets its own policy: `script-src` and `style-src` allow
 * 'self' plus the SHA-256 hash of each inline `<script>` and `<style>` of that page, so no
 * 'unsafe-inline' is needed for scripts. The meta goes right after `<meta charset>`, before the
 * first script, so the policy governs all of them.
 *
 * Only scripts the source defines are hashed, so the policy still holds if the HTML sanitiser
 * ever lets a `<script>` through: the build collects the text of every inline script it will
 * render (the `is:inline` scripts of the .astro files it compiles, Astro's island bootstrap with
 * every client directive, custom ones included, and the small bundled scripts Astro inlines),
 * and fails when a page holds any other inline script, or any script or style element inside an
 * article body (`data-article-body`, where CMS HTML goes). A script that failed to be trusted
 * never gets a hash, so a browser would not run it either.
 *
 * `connect-src` allows the EmailJS API origin the build was configured with
 * (PUBLIC_EMAILJS_API_ORIGIN, default https://api.emailjs.com): a test build that points the form
 * at a local endpoint gets a policy for that endpoint, without loosening the production policy.
 *
 * The response header in netlify.toml carries what a meta policy cannot (`frame-ancestors`) and
 * repeats the document-wide rules. Both policies apply and a request must pass both, so the header
 * deliberately has no fetch directives (no default-src, script-src or connect-src): those would
 * block the hashed inline scripts the meta policy allows.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseAstro } from '@astrojs/compiler';
import islandScript from 'astro/runtime/server/astro-island.prebuilt.js';
import islandScriptDev from 'astro/runtime/server/astro-island.prebuilt-dev.js';
import { html as htmlSpec, parse as parseHtml } from 'parse5';
import { ENV_SCHEMA, readEnv } from '../config/envSchema.mjs';

/**
 * Data blocks: script types a browser never runs (JSON-LD, JSON). Every other type counts as
 * runnable: JavaScript has a dozen legacy type names (text/jscript, application/x-javascript,
 * text/javascript1.5, …), modules, import maps and speculation rules are governed by CSP too, and
 * an unknown type costs at most a failed build, never a script that runs without a hash.
 */
const DATA_BLOCK_TYPES = new Set(['application/ld+json', 'application/json']);

/** The attribute on the element that holds CMS HTML (the blog post body). */
export const ARTICLE_BODY_ATTRIBUTE = 'data-article-body';

/**
 * The policy's fixed directives. `script-src` and `style-src` get the page's hashes on top.
 * @param {{ emailjsOrigin: string }} options
 * @returns {[string, string[]][]}
 */
export function policyDirectives({ emailjsOrigin }) {
  return [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'"]],
    ['style-src', ["'self'"]],
    // Components set CSS custom properties in style attributes (define:vars, --marquee-duration);
    // attributes cannot run script, and hashes cannot cover them.
    ['style-src-attr', ["'unsafe-inline'"]],
    // Every picture, a post's included, is downloaded at build time and served from the site.
    ['img-src', ["'self'"]],
    ['font-src', ["'self'"]],
    ['connect-src', ["'self'", emailjsOrigin]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
  ];
}

/**
 * The origin of a URL setting, or the fallback when it is blank or not an http(s) URL.
 * @param {string | undefined} value
 * @param {string} fallback
 */
export function originOf(value, fallback) {
  const text = value?.trim();
  if (!text || !URL.canParse(text)) return fallback;
  const url = new URL(text);
  return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : fallback;
}

/**
 * The CSP source expression for an inline element's text, as browsers hash it (the HTML parser
 * turns CRLF and CR into LF first).
 * @param {string} text
 */
export function hashSource(text) {
  const normalised = text.replace(/\r\n?/g, '\n');
  return `'sha256-${createHash('sha256').update(normalised, 'utf8').digest('base64')}'`;
}

/** @param {string} type */
function isExecutableType(type) {
  return !DATA_BLOCK_TYPES.has(type.trim().toLowerCase());
}

/**
 * The inline scripts an .astro file renders with its text as written: `is:inline` scripts, and
 * scripts Astro leaves inline because they have attributes other than `src`. A runnable one whose
 * text is computed (define:vars, set:html, set:text) cannot be known from the source and is an
 * error; data blocks (application/ld+json) may be computed.
 *
 * @param {string} source The .astro file.
 * @param {string} file For the error message.
 * @returns {Promise<string[]>}
 */
export async function inlineScriptsOf(source, file) {
  const { ast } = await parseAstro(source);
  /** @type {string[]} */
  const scripts = [];
  /** @param {any} node */
  const visit = (node) => {
    if (node.type === 'element' && node.name === 'script') {
      /** @type {{ kind: string, name: string, value: string }[]} */
      const attributes = node.attributes ?? [];
      const named = (/** @type {string} */ name) => attributes.find((a) => a.name === name);
      const rendersInline = attributes.some((a) => a.name !== 'src');
      const type = named('type');
      const isData = type?.kind === 'quoted' && !isExecutableType(type.value);
      if (rendersInline && !named('src') && !isData) {
        const computed = ['define:vars', 'set:html', 'set:text'].find((name) => named(name));
        if (computed || (type && type.kind !== 'quoted' && type.kind !== 'empty')) {
          throw new Error(
            `${file}: an inline <script> whose text is computed (${computed ?? 'type={…}'}) ` +
              'cannot be trusted by the Content-Security-Policy, which hashes only scripts ' +
              'written in the source. Pass values in data-* attributes and read ' +
              'document.currentScript.dataset instead.',
          );
        }
        scripts.push(
          (node.children ?? []).map((/** @type {any} */ child) => child.value ?? '').join(''),
        );
      }
      return;
    }
    for (const child of node.children ?? []) visit(child);
  };
  visit(ast);
  return scripts;
}

/**
 * The Vite plugin that collects the inline scripts of every .astro file the build compiles, from
 * the file as written: its load hook reads the source and lets Vite load it as usual (Astro's own
 * plugin transforms .astro files before any other plugin's transform hook sees them).
 *
 * @param {Set<string>} trusted Receives each script's text.
 * @returns {import('vite').Plugin}
 */
export function collectInlineScripts(trusted) {
  return {
    name: 'ledgerwise-csp-inline-scripts',
    async load(id) {
      if (!id.endsWith('.astro')) return null;
      const file = id.startsWith('/@fs/') ? id.slice('/@fs'.length) : id;
      for (const script of await inlineScriptsOf(await readFile(file, 'utf8'), file)) {
        trusted.add(script);
      }
      return null;
    },
  };
}

/** @typedef {import('parse5').DefaultTreeAdapterMap['parentNode']} ParentNode */
/** @typedef {import('parse5').DefaultTreeAdapterMap['element']} Element */

/** @param {Element} element @param {string} name */
function attributeOf(element, name) {
  return element.attrs.find((attribute) => attribute.name === name)?.value;
}

/** An HTML script with `src`, or an SVG script with `href` (or `xlink:href`): not inline. */
function isExternal(/** @type {Element} */ script) {
  if (attributeOf(script, 'src') !== undefined) return script.namespaceURI === htmlSpec.NS.HTML;
  return script.namespaceURI === htmlSpec.NS.SVG && attributeOf(script, 'href') !== undefined;
}

/** The text of a script or style element, as the browser hashes it (CR and CRLF already LF). */
function textOf(/** @type {Element} */ element) {
  return element.childNodes
    .map((child) => ('value' in child && child.nodeName === '#text' ? child.value : ''))
    .join('');
}

/** @param {string} text */
function preview(text) {
  const line = text.trim().replace(/\s+/g, ' ');
  return line.length > 80 ? `${line.slice(0, 80)}…` : line;
}

/**
 * What a page's policy needs, read as a browser parses the page (parse5 follows the HTML
 * standard): the hashes of its trusted inline scripts and of its style elements, and the
 * problems that must fail the build (a script not in `trusted`, a script or style element in
 * an article body).
 *
 * @param {string} html
 * @param {ReadonlySet<string>} trusted Texts of the inline scripts the source defines.
 * @returns {{ scripts: string[], styles: string[], problems: string[] }}
 */
export function inspectPage(html, trusted) {
  const scripts = new Set();
  const styles = new Set();
  /** @type {string[]} */
  const problems = [];
  /** @param {ParentNode} node @param {boolean} inArticle */
  const visit = (node, inArticle) => {
    for (const child of node.childNodes) {
      if (!('tagName' in child)) continue;
      const inside = inArticle || attributeOf(child, ARTICLE_BODY_ATTRIBUTE) !== undefined;
      if (child.tagName === 'script' || child.tagName === 'style') {
        const text = textOf(child);
        if (inside) {
          problems.push(`a <${child.tagName}> inside the article body: ${preview(text)}`);
        } else if (child.tagName === 'style') {
          styles.add(hashSource(text));
        } else if (!isExternal(child) && isExecutableType(attributeOf(child, 'type') ?? '')) {
          if (trusted.has(text)) scripts.add(hashSource(text));
          else problems.push(`an inline script the source does not define: ${preview(text)}`);
        }
      }
      visit(child, inside);
      if (child.tagName === 'template' && 'content' in child) visit(child.content, inside);
    }
  };
  visit(parseHtml(html), false);
  return { scripts: [...scripts], styles: [...styles], problems };
}

/**
 * @param {[string, string[]][]} directives
 * @param {{ scripts: string[], styles: string[] }} hashes
 */
export function renderPolicy(directives, hashes) {
  return directives
    .map(([name, sources]) => {
      const extra =
        name === 'script-src' ? hashes.scripts : name === 'style-src' ? hashes.styles : [];
      return [name, ...sources, ...extra].join(' ');
    })
    .join('; ');
}

const CSP_META = /<meta\s[^>]*http-equiv\s*=\s*["']?content-security-policy/i;

/**
 * Inserts the policy meta right after `<meta charset>` (which must stay in the first 1024
 * bytes), else right after `<head>`. HTML without a head is returned unchanged.
 * @param {string} html
 * @param {string} policy
 */
export function addPolicyMeta(html, policy) {
  if (CSP_META.test(html)) {
    throw new Error(
      'The page already has a CSP meta element: turn off experimental.csp, this integration writes the policy.',
    );
  }
  const meta = `<meta http-equiv="content-security-policy" content="${policy.replace(/"/g, '&quot;')}">`;
  const charset = /<meta\s+charset\s*=[^>]*>/i.exec(html);
  if (charset) {
    const end = charset.index + charset[0].length;
    return html.slice(0, end) + meta + html.slice(end);
  }
  const head = /<head(\s[^>]*)?>/i.exec(html);
  if (!head) return html;
  const end = head.index + head[0].length;
  return html.slice(0, end) + meta + html.slice(end);
}

/**
 * The whole transformation of one page: its policy, or the problems that must fail the build.
 * @param {string} html
 * @param {[string, string[]][]} directives
 * @param {ReadonlySet<string>} trusted Texts of the inline scripts the source defines.
 * @returns {{ html: string, problems: string[] }}
 */
export function applyPolicy(html, directives, trusted) {
  if (!/<head[\s>]/i.test(html)) return { html, problems: [] };
  const { scripts, styles, problems } = inspectPage(html, trusted);
  if (problems.length) return { html, problems };
  return { html: addPolicyMeta(html, renderPolicy(directives, { scripts, styles })), problems };
}

/** Astro's island bootstrap, as it inlines it in builds and in `astro dev`. */
export const ISLAND_SCRIPTS = [islandScript, islandScriptDev];

/** @param {string} dir @returns {AsyncGenerator<string>} */
async function* htmlFiles(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* htmlFiles(file);
    else if (entry.isFile() && entry.name.endsWith('.html')) yield file;
  }
}

/** EmailJS's own API: PUBLIC_EMAILJS_API_ORIGIN's default. */
export const DEFAULT_EMAIL_API_ORIGIN = /** @type {string} */ (
  ENV_SCHEMA.PUBLIC_EMAILJS_API_ORIGIN.default
);

/**
 * @param {{ emailjsOrigin?: string }} [options] Defaults to PUBLIC_EMAILJS_API_ORIGIN.
 * @returns {import('astro').AstroIntegration}
 */
export default function contentSecurityPolicy(options = {}) {
  let emailjsOrigin = DEFAULT_EMAIL_API_ORIGIN;
  /** Texts of every inline script the source defines, filled while the build runs. */
  /** @type {Set<string>} */
  const trusted = new Set(ISLAND_SCRIPTS);
  return {
    name: 'ledgerwise-content-security-policy',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        emailjsOrigin = originOf(
          options.emailjsOrigin ?? readEnv(ENV_SCHEMA).PUBLIC_EMAILJS_API_ORIGIN,
          DEFAULT_EMAIL_API_ORIGIN,
        );
        updateConfig({ vite: { plugins: [collectInlineScripts(trusted)] } });
      },
      // Every client directive Astro may inline (built-in and custom) and the bundled scripts it
      // inlines instead of linking, exactly as it will write them into the pages.
      'astro:build:ssr': ({ manifest }) => {
        for (const [, code] of manifest.clientDirectives) trusted.add(code);
        for (const [, code] of manifest.inlinedScripts) trusted.add(code);
      },
      'astro:build:done': async ({ dir, logger }) => {
        const directives = policyDirectives({ emailjsOrigin });
        const root = fileURLToPath(dir);
        let pages = 0;
        /** @type {string[]} */
        const problems = [];
        for await (const file of htmlFiles(root)) {
          const html = await readFile(file, 'utf8');
          const result = applyPolicy(html, directives, trusted);
          const page = path.relative(root, file);
          problems.push(...result.problems.map((problem) => `${page}: ${problem}`));
          if (result.html !== html) {
            await writeFile(file, result.html);
            pages += 1;
          }
        }
        if (problems.length) {
          // The list goes to the log: a script's text in the error would make Astro add an
          // unrelated hint whenever it mentions `document` or `window`.
          for (const problem of problems.slice(0, 50)) logger.error(problem);
          throw new Error(
            `The Content-Security-Policy refuses ${problems.length} inline script(s) or style(s) ` +
              'that the source does not define (listed above). HTML from the CMS must never ' +
              'carry scripts; a script of the project must be written in an .astro file.',
          );
        }
        logger.info(
          `Content-Security-Policy written into ${pages} pages (connect-src ${emailjsOrigin}).`,
        );
      },
    },
  };
}
