/**
 * Weighs a built page from its files: the gzip size of its HTML and render-blocking CSS (what
 * the first paint needs), the scripts that block parsing, and every JavaScript chunk the page
 * can load (its islands and module scripts, followed through their static imports), split into
 * React's runtime and the rest.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** gzip at the level CDNs and the local server use. */
export function gzipSize(data) {
  return gzipSync(data, { level: 6 }).length;
}

/** "/" → index.html, "/about" → about.html, "/blog/x" → blog/x.html (build.format 'file'). */
export function fileForRoute(route) {
  return route === '/' ? 'index.html' : `${route.replace(/^\/+|\/+$/g, '')}.html`;
}

/** Attributes of one start tag, as a plain object (names lowercased, entities minimal). */
export function readAttributes(tag) {
  const attributes = {};
  const body = tag.replace(/^<[\w-]+/, '').replace(/\/?>$/, '');
  for (const match of body.matchAll(/([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) {
    const value = match[2] ?? match[3] ?? match[4] ?? '';
    attributes[match[1].toLowerCase()] = value.replace(/&quot;/g, '"').replace(/&amp;/g, '&');
  }
  return attributes;
}

function startTags(html, name) {
  return [...html.matchAll(new RegExp(`<${name}\\b[^>]*>`, 'gi'))].map((match) => ({
    index: match.index ?? 0,
    attributes: readAttributes(match[0]),
  }));
}

/** Bodies of the inline <script> elements (no src), with their attributes. */
function inlineScripts(html) {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .map((match) => ({
      index: match.index ?? 0,
      attributes: readAttributes(`<script${match[1]}>`),
      body: match[2],
    }))
    .filter((script) => !('src' in script.attributes));
}

/** Chunk names Vite gives React's own modules and @astrojs/react's client renderer. */
const REACT_CHUNK_NAMES = /^(client|index|jsx-runtime|react|react-dom|scheduler)([.-]|$)/;

/**
 * React's code, by what survives minification: a licence banner (Vite 7 and before keep them),
 * React DOM's error URL, or the element symbol of react and jsx-runtime.
 */
const REACT_SIGNATURE = /@license React\b|react\.dev\/errors\/|react\.transitional\.element/;

/**
 * React's runtime chunks hold React's code and carry a React chunk name. Rollup may also merge a
 * small React module into an island's chunk (e.g. jsx-runtime into ErrorBoundary.js): such a
 * mixed chunk counts as beyond React, so the budget is never flattered.
 * @param {string} source
 * @param {string} [fileName] e.g. "client.DfokBjuf.js"
 */
export function isReactRuntime(source, fileName = '') {
  if (!REACT_SIGNATURE.test(source)) return false;
  return !fileName || REACT_CHUNK_NAMES.test(path.basename(fileName));
}

/** A chunk holding React code merged into other code (counted beyond React). */
export function isMixedReactChunk(source, fileName) {
  return REACT_SIGNATURE.test(source) && !isReactRuntime(source, fileName);
}

/** Relative specifiers of static imports (`import … from "./x.js"`, `import "./x.js"`). */
export function staticImports(source) {
  const found = new Set();
  for (const match of source.matchAll(
    /\b(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+\.m?js)["']/g,
  )) {
    found.add(match[1]);
  }
  return [...found];
}

/** Resolves a URL path on the site ("/_astro/x.js") or relative to a chunk to a file in dist. */
function resolveAsset(distDir, fromUrlPath, specifier) {
  const url = new URL(specifier, `http://site${fromUrlPath}`);
  return { urlPath: url.pathname, file: path.join(distDir, url.pathname) };
}

/**
 * Every chunk reachable from `entries` through static imports.
 * @returns {Promise<Map<string, { gzip: number, raw: number, react: boolean }>>} urlPath → size
 */
async function collectChunks(distDir, entries, cache) {
  const chunks = new Map();
  const queue = [...entries];
  while (queue.length > 0) {
    const urlPath = queue.shift();
    if (chunks.has(urlPath)) continue;
    let entry = cache.get(urlPath);
    if (!entry) {
      const source = await readFile(path.join(distDir, urlPath), 'utf8');
      entry = {
        gzip: gzipSize(source),
        raw: Buffer.byteLength(source),
        react: isReactRuntime(source, urlPath),
        mixed: isMixedReactChunk(source, urlPath),
        imports: staticImports(source).map(
          (specifier) => resolveAsset(distDir, urlPath, specifier).urlPath,
        ),
      };
      cache.set(urlPath, entry);
    }
    chunks.set(urlPath, {
      gzip: entry.gzip,
      raw: entry.raw,
      react: entry.react,
      mixed: entry.mixed,
    });
    queue.push(...entry.imports);
  }
  return chunks;
}

const sum = (values) => values.reduce((total, value) => total + value, 0);

/**
 * @param {string} distDir the built site
 * @param {string} route e.g. "/contact"
 * @param {Map<string, unknown>} [cache] shared between pages: chunk sizes and imports
 */
export async function weighPage(distDir, route, cache = new Map()) {
  const file = await readFile(path.join(distDir, fileForRoute(route)), 'utf8');
  // A <template>'s scripts run only when a page script puts them on the page on first use (the
  // newsletter form's): they are not part of what the page loads.
  const html = file.replace(/<template\b[\s\S]*?<\/template>/gi, '');
  const headEnd = html.search(/<\/head>/i);
  const head = headEnd >= 0 ? html.slice(0, headEnd) : html;

  const stylesheets = startTags(html, 'link')
    .filter(({ attributes }) => /(^|\s)stylesheet(\s|$)/i.test(attributes.rel ?? ''))
    .filter(({ attributes }) => !('disabled' in attributes))
    .filter(({ attributes }) => !attributes.media || !/^\s*print\s*$/i.test(attributes.media));
  const css = [];
  for (const { attributes } of stylesheets) {
    const { urlPath, file } = resolveAsset(distDir, '/', attributes.href);
    css.push({ url: urlPath, gzip: gzipSize(await readFile(file)) });
  }

  const externalScripts = startTags(html, 'script').filter(({ attributes }) => 'src' in attributes);
  const blockingScripts = externalScripts
    .filter(
      ({ attributes }) =>
        attributes.type !== 'module' && !('async' in attributes) && !('defer' in attributes),
    )
    .map(({ attributes }) => attributes.src);
  const inlineHead = inlineScripts(head).filter(
    ({ attributes }) => !/json/i.test(attributes.type ?? ''),
  );

  const islands = startTags(html, 'astro-island').map(({ attributes }) => ({
    component:
      attributes['component-export'] === 'default'
        ? path.basename(attributes['component-url'] ?? '').replace(/\..*$/, '')
        : attributes['component-export'],
    client: attributes.client,
    componentUrl: attributes['component-url'],
    rendererUrl: attributes['renderer-url'],
  }));

  const entries = new Set();
  for (const island of islands) {
    if (island.componentUrl) entries.add(island.componentUrl);
    if (island.rendererUrl) entries.add(island.rendererUrl);
  }
  for (const { attributes } of externalScripts) {
    if (attributes.type === 'module')
      entries.add(resolveAsset(distDir, '/', attributes.src).urlPath);
  }
  for (const script of inlineScripts(html).filter(
    ({ attributes }) => attributes.type === 'module',
  )) {
    for (const specifier of staticImports(script.body))
      entries.add(resolveAsset(distDir, '/', specifier).urlPath);
  }
  const chunks = await collectChunks(distDir, [...entries], cache);
  const chunkList = [...chunks].map(([url, size]) => ({ url, ...size }));

  // Astro's island loader and directive scripts are inline: they count as JavaScript too.
  const inlineJsGzip = sum(
    inlineScripts(html)
      .filter(({ attributes }) => !/json/i.test(attributes.type ?? ''))
      .map((script) => gzipSize(script.body)),
  );
  const htmlGzip = gzipSize(file);
  const cssGzip = sum(css.map((item) => item.gzip));
  const reactGzip = sum(chunkList.filter((chunk) => chunk.react).map((chunk) => chunk.gzip));
  const jsGzip = sum(chunkList.map((chunk) => chunk.gzip));
  return {
    route,
    htmlBytes: Buffer.byteLength(file),
    htmlGzip,
    css,
    cssGzip,
    firstPaintGzip: htmlGzip + cssGzip,
    blockingScripts,
    inlineHeadScripts: inlineHead.map((script) => ({ bytes: Buffer.byteLength(script.body) })),
    islands,
    js: {
      chunks: chunkList,
      inlineGzip: inlineJsGzip,
      totalGzip: jsGzip + inlineJsGzip,
      reactGzip,
      beyondReactGzip: jsGzip - reactGzip + inlineJsGzip,
    },
  };
}
