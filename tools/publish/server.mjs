/**
 * Serves a built site the way Netlify would: the [[headers]] and [[redirects]] of netlify.toml,
 * "/about" answered by about.html, 404.html with status 404, and brotli/gzip like a CDN.
 * `npm start`, `npm run preview`, the tests and the benchmark all use it, so they see what
 * visitors get. It is a preview server: a live site belongs behind nginx or Caddy.
 *
 * What it never does: serve a file whose real path (symbolic links resolved) lies outside the
 * root, serve a dot-file or anything in a dot-folder (except /.well-known/), or tell a client
 * why something failed. Every answer, errors included, carries the pages' security headers.
 */
import { createReadStream } from 'node:fs';
import { readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream';
import zlib from 'node:zlib';
import etag from 'etag';
import fresh from 'fresh';
import Negotiator from 'negotiator';
import { parse as parseToml } from 'smol-toml';
import { createHardenedServer, listenOnLoopback } from './http.mjs';
import { PROJECT_ROOT } from '../shared/paths.mjs';

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

/** The headers netlify.toml gives a path: every matching rule's, later rules winning. */
function headersFor(rules, pathname) {
  /** @type {Record<string, string>} */
  const result = {};
  for (const rule of rules.headers) {
    if (rule.match.test(pathname)) Object.assign(result, rule.values);
  }
  return result;
}

/**
 * Whether a path (relative to the root, "/" separated) names a dot-file or passes through a
 * dot-folder. Only /.well-known/ is public, as its RFC intends.
 * @param {string} relative
 */
export function isHiddenPath(relative) {
  const segments = relative.split(/[\\/]/).filter(Boolean);
  return segments.some(
    (segment, index) => segment.startsWith('.') && !(index === 0 && segment === '.well-known'),
  );
}

/**
 * The file at `relative` inside `root` (a real path), or null. The file's real path must lie
 * inside the root: a symbolic link that leads out, or to a hidden file, is not followed.
 * @param {string} root
 * @param {string} relative
 * @returns {Promise<{ file: string, stats: import('node:fs').Stats } | null>}
 */
async function fileAt(root, relative) {
  if (relative.includes('\0') || isHiddenPath(relative)) return null;
  const lexical = path.join(root, relative);
  if (!lexical.startsWith(root + path.sep)) return null;
  try {
    const file = await realpath(lexical);
    const inside = path.relative(root, file);
    if (!file.startsWith(root + path.sep) || isHiddenPath(inside)) return null;
    const stats = await stat(file);
    return stats.isFile() ? { file, stats } : null;
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

/** Encodings we can produce, in the order we prefer them when the client rates them equally. */
const ENCODINGS = ['br', 'gzip', 'identity'];

/**
 * The response's content coding: the client's best-rated one that we produce, honouring q=0
 * ("not this one"). Identity when the client accepts nothing we have: every client reads it.
 */
function pickEncoding(req, contentType) {
  if (!COMPRESSIBLE.test(contentType)) return null;
  const [best] = new Negotiator(req).encodings(ENCODINGS, { preferred: ENCODINGS });
  return best === 'br' || best === 'gzip' ? best : null;
}

/**
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {{ file: string, stats: import('node:fs').Stats }} found
 * @param {number} status
 * @param {Record<string, string>} extraHeaders
 */
function send(req, res, { file, stats }, status, extraHeaders) {
  const contentType = CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
  const encoding = pickEncoding(req, contentType);
  res.statusCode = status;
  for (const [name, value] of Object.entries(extraHeaders)) res.setHeader(name, value);
  res.setHeader('Content-Type', contentType);
  res.setHeader('Vary', 'Accept-Encoding');
  if (status === 200) {
    // A weak validator: the same file is sent identity, gzip or brotli-encoded.
    const validators = {
      etag: etag(stats, { weak: true }),
      'last-modified': stats.mtime.toUTCString(),
    };
    res.setHeader('ETag', validators.etag);
    res.setHeader('Last-Modified', validators['last-modified']);
    if (fresh(req.headers, validators)) {
      res.statusCode = 304;
      res.removeHeader('Content-Type');
      return res.end();
    }
  }
  if (encoding) res.setHeader('Content-Encoding', encoding);
  else res.setHeader('Content-Length', stats.size);
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
 * A short plain-text error that says nothing about the server, with the pages' security headers
 * and no caching.
 */
function sendError(res, status, headers, extra = {}) {
  const body = `${STATUS_TEXT[status] ?? 'Error'}\n`;
  res.writeHead(status, {
    ...headers,
    ...extra,
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
  });
  res.end(body);
}

const STATUS_TEXT = {
  400: 'Bad request',
  404: 'Not found',
  405: 'Method not allowed',
  500: 'Internal server error',
  503: 'Nothing is published yet',
};

/**
 * Starts the server. `root` is the built site; `port: 0` picks a free port. Resolves to
 * `{ url, port, close() }`. Listens on 127.0.0.1 only.
 *
 * @param {object} options
 * @param {string} options.root
 * @param {number} [options.port]
 * @param {string} [options.host]
 * @param {string} [options.rulesFile] Defaults to the project's netlify.toml.
 * @param {(message: string) => void} [options.log] Receives the details of an internal error
 *   (the client only learns that it was one).
 * @param {Partial<import('./http.mjs').ServerLimits>} [options.limits] Tests shorten them.
 */
export async function startStaticServer({
  root,
  port = 0,
  host = '127.0.0.1',
  rulesFile,
  log = (message) => console.error(message),
  limits,
}) {
  const configuredRoot = path.resolve(root);
  const rules = await loadNetlifyRules(rulesFile);
  const siteHeaders = headersFor(rules, '/');

  const server = createHardenedServer(
    async (req, res) => {
      try {
        if (req.method !== 'GET' && req.method !== 'HEAD') {
          sendError(res, 405, siteHeaders, { Allow: 'GET, HEAD' });
          return;
        }
        const target = req.url ?? '';
        if (!target.startsWith('/')) {
          sendError(res, 400, siteHeaders);
          return;
        }
        const rawPath = target.split('?')[0];
        let pathname;
        try {
          pathname = decodeURIComponent(rawPath);
        } catch {
          sendError(res, 400, siteHeaders);
          return;
        }
        const headers = headersFor(rules, rawPath);
        // The root may be a link that a publisher swaps atomically (the rebuild listener): resolve
        // it once per request, so every file of this response comes from the same build.
        let siteRoot;
        try {
          siteRoot = await realpath(configuredRoot);
        } catch {
          sendError(res, 503, siteHeaders);
          return;
        }

        const forced = rules.redirects.find((rule) => rule.force && rule.match.test(pathname));
        const direct = forced ? null : await resolveFile(siteRoot, pathname);
        if (direct) return send(req, res, direct, 200, headers);

        // Like Netlify, a rule only applies where no file answers (unless forced).
        for (const rule of forced ? [forced] : rules.redirects) {
          const match = rule.match.exec(pathname);
          if (!match) continue;
          const destination = rule.to.replace(/:(\w+)/g, (_, name) =>
            name === 'splat' ? (match.groups?.splat ?? '') : (match.groups?.[name] ?? ''),
          );
          if (rule.status >= 300 && rule.status < 400) {
            res.writeHead(rule.status, { ...headers, Location: destination }).end();
            return;
          }
          const rewritten = await resolveFile(siteRoot, destination);
          if (rewritten) {
            return send(req, res, rewritten, rule.status, headersFor(rules, destination));
          }
        }

        const notFound = await fileAt(siteRoot, '404.html');
        if (notFound) return send(req, res, notFound, 404, headersFor(rules, '/404.html'));
        sendError(res, 404, siteHeaders);
      } catch (error) {
        log(
          `static server: ${req.method} ${req.url}: ${error instanceof Error ? error.stack : error}`,
        );
        if (!res.headersSent) sendError(res, 500, siteHeaders);
        else res.destroy();
      }
    },
    limits,
    siteHeaders,
  );

  return listenOnLoopback(server, { port, host });
}
