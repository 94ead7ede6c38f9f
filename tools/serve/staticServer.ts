/**
 * Serves a built site the way Netlify does (netlify.toml's headers and redirects and the site's own
 * _redirects through Netlify's own parsers, /about and /about/ from about.html, 404.html,
 * brotli/gzip), so `npm start`, `npm run serve`, the tests and the benchmark see what visitors get.
 * A server to try a build on, not a live one. It never serves a file whose real path lies outside the root or a dot-file (but
 * /.well-known/), nor tells a client why something failed; every answer carries the pages'
 * security headers.
 */
import { realpath, stat } from 'node:fs/promises';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import path from 'node:path';
import compression from 'compression';
import send from 'send';
import { createHardenedServer, listenOnLoopback } from './http.ts';
import type { ListeningServer, ServerLimits } from './http.ts';
import { headersFor, loadNetlifyRules, siteRedirects } from './netlifyRules.ts';

/** What Netlify sends on a file no [[headers]] rule gives a Cache-Control. */
const NETLIFY_CACHE_CONTROL = 'public,max-age=0,must-revalidate';

/**
 * Whether a path (relative to the root, "/" separated) names a dot-file or passes through a
 * dot-folder. Only /.well-known/ is public, as its RFC intends.
 */
export function isHiddenPath(relative: string): boolean {
  const segments = relative.split(/[\\/]/).filter(Boolean);
  return segments.some(
    (segment, index) => segment.startsWith('.') && !(index === 0 && segment === '.well-known'),
  );
}

/**
 * The real path of the file at `relative` inside `root` (a real path), or null. It must lie inside
 * the root: a symbolic link that leads out, or to a hidden file, is not followed.
 */
async function fileAt(root: string, relative: string): Promise<string | null> {
  if (relative.includes('\0') || isHiddenPath(relative)) return null;
  const lexical = path.join(root, relative);
  if (!lexical.startsWith(root + path.sep)) return null;
  try {
    const file = await realpath(lexical);
    if (!file.startsWith(root + path.sep) || isHiddenPath(path.relative(root, file))) return null;
    return (await stat(file)).isFile() ? file : null;
  } catch {
    return null;
  }
}

/**
 * What Netlify answers for a path: `{ file }` to send (about.html for /about and /about/, as
 * `netlify dev` does), `{ location }` for /docs when only docs/index.html exists, or null.
 */
async function resolvePath(root: string, pathname: string) {
  if (pathname.endsWith('/')) {
    const file = await fileAt(root, `${pathname}index.html`);
    if (file) return { file };
    const trimmed = pathname.replace(/\/+$/, '');
    const page = trimmed ? await fileAt(root, `${trimmed}.html`) : null;
    return page ? { file: page } : null;
  }
  const file = (await fileAt(root, pathname)) ?? (await fileAt(root, `${pathname}.html`));
  if (file) return { file };
  return (await fileAt(root, `${pathname}/index.html`)) ? { location: `${pathname}/` } : null;
}

/** A short plain-text error that says nothing about the server, and is never cached. */
function sendError(
  res: ServerResponse,
  status: number,
  headers: OutgoingHttpHeaders,
  extra: OutgoingHttpHeaders = {},
): void {
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

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad request',
  404: 'Not found',
  405: 'Method not allowed',
  500: 'Internal server error',
  503: 'Nothing is published yet',
};

export interface StaticServerOptions {
  /** The built site. */
  root: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Defaults to the project's netlify.toml. */
  rulesFile?: string;
  /** Receives the details of an internal error (the client only learns that it was one). */
  log?: (message: string) => void;
  /** Tests shorten them. */
  limits?: Partial<ServerLimits>;
}

/** Starts the server, on 127.0.0.1 only. */
export async function startStaticServer({
  root,
  port = 0,
  rulesFile,
  log = (message) => console.error(message),
  limits,
}: StaticServerOptions): Promise<ListeningServer> {
  const configuredRoot = path.resolve(root);
  const rules = await loadNetlifyRules(rulesFile);
  const redirectsOf = siteRedirects(rulesFile);
  const siteHeaders = headersFor(rules, '/');
  // Connect middleware on plain Node requests: @types/compression types it for Express's.
  const compress = compression({ threshold: 0 }) as unknown as (
    req: IncomingMessage,
    res: ServerResponse,
    next: () => void,
  ) => void;

  /** Sends a file of the site with a status and the headers netlify.toml gives its URL. */
  function sendFile(
    req: IncomingMessage,
    res: ServerResponse,
    siteRoot: string,
    file: string,
    status: number,
    headers: Record<string, string>,
  ): Promise<void> {
    return new Promise((resolve, reject) => {
      res.statusCode = status;
      for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
      if (!res.hasHeader('Cache-Control')) res.setHeader('Cache-Control', NETLIFY_CACHE_CONTROL);
      const relative = path.relative(siteRoot, file).split(path.sep).map(encodeURIComponent);
      send(req, `/${relative.join('/')}`, { root: siteRoot, dotfiles: 'allow', index: false })
        .on('error', reject)
        .on('end', resolve)
        .pipe(res);
    });
  }

  async function answer(req: IncomingMessage, res: ServerResponse) {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return sendError(res, 405, siteHeaders, { Allow: 'GET, HEAD' });
    }
    const target = req.url ?? '';
    if (!target.startsWith('/')) return sendError(res, 400, siteHeaders);
    const [rawPath, query] = target.split(/\?(.*)/s);
    let pathname: string;
    try {
      pathname = decodeURIComponent(rawPath);
    } catch {
      return sendError(res, 400, siteHeaders);
    }
    const headers = headersFor(rules, rawPath);
    // The root may be a link that a publisher swaps atomically (the rebuild listener): resolve
    // it once per request, so every file of this response comes from the same build.
    const siteRoot = await realpath(configuredRoot).catch(() => null);
    if (!siteRoot) return sendError(res, 503, siteHeaders);
    // The build's _redirects (each post's old addresses) first, then netlify.toml's rules.
    const redirects = await redirectsOf(siteRoot);

    // Like Netlify, a rule only applies where no file answers (unless forced).
    const forced = redirects.find((rule) => rule.force && rule.match.test(pathname));
    const direct = forced ? null : await resolvePath(siteRoot, pathname);
    if (direct?.file) return sendFile(req, res, siteRoot, direct.file, 200, headers);
    if (direct?.location) {
      const location = query === undefined ? direct.location : `${direct.location}?${query}`;
      return res.writeHead(301, { ...headers, Location: location }).end();
    }
    for (const rule of forced ? [forced] : redirects) {
      const match = rule.match.exec(pathname);
      if (!match) continue;
      const destination = rule.to.replace(/:(\w+)/g, (_, name) => match.groups?.[name] ?? '');
      if (rule.status >= 300 && rule.status < 400) {
        return res.writeHead(rule.status, { ...headers, Location: destination }).end();
      }
      const rewritten = await resolvePath(siteRoot, destination);
      if (rewritten?.file) {
        const ruleHeaders = headersFor(rules, destination);
        return sendFile(req, res, siteRoot, rewritten.file, rule.status, ruleHeaders);
      }
    }
    const notFound = await fileAt(siteRoot, '404.html');
    if (notFound)
      return sendFile(req, res, siteRoot, notFound, 404, headersFor(rules, '/404.html'));
    sendError(res, 404, siteHeaders);
  }

  const server = createHardenedServer(
    (req, res) =>
      compress(req, res, () =>
        answer(req, res).catch((error: unknown) => {
          const detail = (error instanceof Error && error.stack) || String(error);
          log(`static server: ${req.method} ${req.url}: ${detail}`);
          if (!res.headersSent) sendError(res, 500, siteHeaders);
          else res.destroy();
        }),
      ),
    limits,
    siteHeaders,
  );
  return listenOnLoopback(server, port);
}
