// @ts-check
/**
 * Which inline scripts a page may run: those the source defines. The build collects the text of
 * every inline script it will render (the `is:inline` scripts of the .astro files it compiles,
 * Astro's island bootstrap and client directives, the small bundled scripts Astro inlines), and
 * a page is then read as a browser reads it: any other inline script, or any script or style
 * element inside an article body (where CMS HTML goes), is a problem that fails the build. So the
 * policy still holds if the HTML sanitiser ever lets a `<script>` through: it never gets a hash.
 */
import { readFile } from 'node:fs/promises';
import { parse as parseAstro } from '@astrojs/compiler';
import islandScript from 'astro/runtime/server/astro-island.prebuilt.js';
import islandScriptDev from 'astro/runtime/server/astro-island.prebuilt-dev.js';
import { html as htmlSpec, parse as parseHtml } from 'parse5';

/**
 * Data blocks: script types a browser never runs (JSON-LD, JSON). Every other type counts as
 * runnable: JavaScript has a dozen legacy type names (text/jscript, application/x-javascript,
 * text/javascript1.5, …), modules, import maps and speculation rules are governed by CSP too, and
 * an unknown type costs at most a failed build, never a script that runs without a hash.
 */
const DATA_BLOCK_TYPES = new Set(['application/ld+json', 'application/json']);

/** The attribute on the element that holds CMS HTML (the blog post body). */
export const ARTICLE_BODY_ATTRIBUTE = 'data-article-body';

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

/** Astro's island bootstrap, as it inlines it in builds and in `astro dev`. */
export const ISLAND_SCRIPTS = [islandScript, islandScriptDev];

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
 * standard): the texts of its trusted inline scripts and of its style elements, and the problems
 * that must fail the build (a script not in `trusted`, a script or style element in an article
 * body).
 *
 * @param {string} html
 * @param {ReadonlySet<string>} trusted Texts of the inline scripts the source defines.
 * @returns {{ scripts: string[], styles: string[], problems: string[] }}
 */
export function inspectPage(html, trusted) {
  /** @type {Set<string>} */
  const scripts = new Set();
  /** @type {Set<string>} */
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
          styles.add(text);
        } else if (!isExternal(child) && isExecutableType(attributeOf(child, 'type') ?? '')) {
          if (trusted.has(text)) scripts.add(text);
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
