/**
 * Serves a built site the way Netlify would: the [[headers]] and [[redirects]] of netlify.toml,
 * "/about" answered by about.html, 404.html with status 404, and brotli/gzip like a CDN.
 * `npm start`, `npm run preview`, the tests and the benchmark all use it, so they see what
 * visitors get.
 */
import { createReadStream } from 'node:fs';
import { readFile, realpath, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { parse as parseToml } from 'smol-toml';
import { listenOnLoopback } from './listen.mjs';

const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const NETLIFY_TOML = path.join(PROJECT_ROOT, 'netlify.toml');

const CONTENT_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};
const COMPRESSIBLE = /^(text\/|application\/(json|xml|manifest\+json)|image\/svg\+xml)/;

/** Netlify path patterns: `*` matches the rest, `:name` one segment. */
export function compilePattern(pattern) {
  const source = pattern
    .replace(/\/+$/, '')
    .split('/')
    .map((part) => {
      if (part === '*') return '(?<splat>.*)';
      if (part.startsWith(':')) return `(?<${part.slice(1)}>[^/]+)`;
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return new RegExp(`^${source}/?$`);
}

/** Reads headers and redirects from netlify.toml (none when the file is absent). */
export async function loadNetlifyRules(file = NETLIFY_TOML) {
  let config = {};
  try {
    config = parseToml(await readFile(file, 'utf8'));
  } catch (error) {
    if (error.code !== 'ENOENT') throw error;
  }
  const headers = (config.headers ?? []).map((rule) => ({
    match: compilePattern(rule.for),
    values: rule.values ?? {},
  }));
  const redirects = (config.redirects ?? []).map((rule) => ({
    match: compilePattern(rule.from),
    to: rule.to,
    status: rule.status ?? 301,
    force: rule.force ?? false,
  }));
  return { headers, redirects };
}

function headersFor(rules, pathname) {
  const result = {};
  for (const rule of rules.headers) {
    if (rule.match.test(pathname)) Object.assign(result, rule.values);
  }
  return result;
}

async function fileAt(root, relative) {
  const file = path.join(root, relative);
  if (!file.startsWith(root + path.sep) && file !== root) return null;
  try {
    const info = await stat(file);
    return info.isFile() ? { file, size: info.size } : null;
  } catch {
    return null;
  }
}

/** The file a clean URL maps to: /about → about.html, / → index.html, /a/ → a/index.html. */
async function resolveFile(root, pathname) {
  const candidates = pathname.endsWith('/')
    ? [`${pathname}index.html`, `${pathname.replace(/\/+$/, '')}.html`]
    : [pathname, `${pathname}.html`, `${pathname}/index.html`];
  for (const candidate of candidates) {
    const found = await fileAt(root, candidate);
    if (found) return found;
  }
  return null;
}

function pickEncoding(req, contentType) {
  if (!COMPRESSIBLE.test(contentType)) return null;
  const accepted = String(req.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return null;
}

function send(req, res, { file, size }, status, extraHeaders) {
  const contentType = CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
  const encoding = pickEncoding(req, contentType);
  res.statusCode = status;
  for (const [name, value] of Object.entries(extraHeaders)) res.setHeader(name, value);
  res.setHeader('Content-Type', contentType);
  res.setHeader('Vary', 'Accept-Encoding');
  if (encoding) res.setHeader('Content-Encoding', encoding);
  else res.setHeader('Content-Length', size);
  if (req.method === 'HEAD') return res.end();
  const source = createReadStream(file);
  const compressor =
    encoding === 'br'
      ? zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
      : encoding === 'gzip'
        ? zlib.createGzip({ level: 6 })
        : null;
  const onDone = (error) => {
    if (error) res.destroy(error);
  };
  if (compressor) pipeline(source, compressor, res, onDone);
  else pipeline(source, res, onDone);
}

/**
 * Starts the server. `root` is the built site; `port: 0` picks a free port. Resolves to
 * `{ url, port, close() }`. Listens on 127.0.0.1 only.
 *
 * @param {{ root: string, port?: number, host?: string, rulesFile?: string }} options
 */
export async function startStaticServer({ root, port = 0, host = '127.0.0.1', rulesFile }) {
  const configuredRoot = path.resolve(root);
  const rules = await loadNetlifyRules(rulesFile);

  const server = createServer(async (req, res) => {
    try {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { Allow: 'GET, HEAD' }).end();
        return;
      }
      const url = new URL(req.url ?? '/', 'http://localhost');
      let pathname;
      try {
        pathname = decodeURIComponent(url.pathname);
      } catch {
        res.writeHead(400).end('Bad request');
        return;
      }
      const headers = headersFor(rules, url.pathname);
      // The root may be a link that a publisher swaps atomically (the rebuild listener): resolve
      // it once, so every file of this response comes from the same build.
      const siteRoot = await realpath(configuredRoot).catch(() => configuredRoot);

      const forced = rules.redirects.find((rule) => rule.force && rule.match.test(pathname));
      const direct = forced ? null : await resolveFile(siteRoot, pathname);
      if (direct) return send(req, res, direct, 200, headers);

      // Like Netlify, a rule only applies where no file answers (unless forced).
      for (const rule of forced ? [forced] : rules.redirects) {
        const match = rule.match.exec(pathname);
        if (!match) continue;
        const target = rule.to.replace(/:(\w+)/g, (_, name) =>
          name === 'splat' ? (match.groups?.splat ?? '') : (match.groups?.[name] ?? ''),
        );
        if (rule.status >= 300 && rule.status < 400) {
          res.writeHead(rule.status, { ...headers, Location: target }).end();
          return;
        }
        const rewritten = await resolveFile(siteRoot, target);
        if (rewritten) return send(req, res, rewritten, rule.status, headersFor(rules, target));
      }

      const notFound = await fileAt(siteRoot, '404.html');
      if (notFound) return send(req, res, notFound, 404, headersFor(rules, '/404.html'));
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
    } catch (error) {
      res.writeHead(500, { 'Content-Type': 'text/plain' }).end(String(error));
    }
  });

  return listenOnLoopback(server, { port, host });
}
