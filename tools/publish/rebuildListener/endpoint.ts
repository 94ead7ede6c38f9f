/**
 * The rebuild listener's endpoint, its HTTP side: PocketBase's hook POSTs to it and it hands each
 * authorised request to the build queue (buildQueue.ts), which builds and publishes. main.ts
 * (`npm run rebuild-listener`) wires both to the environment.
 */
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { requestHasSecret } from '../../../src/integrations/bearerSecret.ts';
import { createHardenedServer, listenOnLoopback } from '../../serve/http.ts';
import type { ListeningServer } from '../../serve/http.ts';

/** The environment variable of the listener's shared secret; never passed on to a build. */
export const SECRET_VARIABLE = 'REBUILD_LISTENER_SECRET';
const MIN_SECRET_LENGTH = 16;
/** At most one log line per this interval about refused requests; the rest are counted. */
const REFUSED_LOG_INTERVAL_MS = 60_000;
const MAX_BODY_BYTES = 64 * 1024;

type Logger = (message: string) => void;

/**
 * The path and query of a request target in origin-form ("/rebuild?x=1"). Anything else (the
 * absolute-form of proxies, "*", an empty target) is null: this server is nobody's proxy.
 * Nothing is decoded: "/rebuild" is matched as sent, so a malformed escape is just another path.
 */
function parseOriginForm(
  target: string | undefined,
): { pathname: string; query: URLSearchParams } | null {
  if (typeof target !== 'string' || !target.startsWith('/')) return null;
  const mark = target.indexOf('?');
  const pathname = mark === -1 ? target : target.slice(0, mark);
  const query = new URLSearchParams(mark === -1 ? '' : target.slice(mark + 1));
  return { pathname, query };
}

/**
 * A logger that writes the first message at once and then at most one line per `intervalMs`,
 * saying how many more were held back: a client hammering the listener cannot flood its log.
 */
function rateLimitedLog(log: Logger, intervalMs: number) {
  let held = 0;
  let timer: NodeJS.Timeout | null = null;
  const flush = () => {
    if (held === 0) {
      timer = null;
      return;
    }
    log(`… and ${held} more like it in the last ${intervalMs / 1000} s`);
    held = 0;
    timer = setTimeout(flush, intervalMs).unref();
  };
  return {
    write(message: string): void {
      if (timer) {
        held += 1;
        return;
      }
      log(message);
      timer = setTimeout(flush, intervalMs).unref();
    },
    /** Drops the pending count (on close). */
    dispose(): void {
      if (timer) clearTimeout(timer);
      timer = null;
      held = 0;
    },
  };
}

function sendJson(
  res: ServerResponse,
  status: number,
  body: object,
  headers: OutgoingHttpHeaders = {},
): void {
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    ...headers,
  });
  res.end(JSON.stringify(body));
}

function readTitle(query: URLSearchParams, body: string): string {
  const fromQuery = query.get('trigger_title');
  if (fromQuery) return fromQuery.slice(0, 200);
  try {
    const parsed: unknown = JSON.parse(body);
    const title = parsed instanceof Object && 'trigger_title' in parsed && parsed.trigger_title;
    if (typeof title === 'string') return title.slice(0, 200);
  } catch {
    // Any body is fine; the title is only for the log.
  }
  return 'rebuild requested';
}

/**
 * Starts the HTTP side: only `POST /rebuild` with `Authorization: Bearer <secret>` is accepted,
 * with 202 at once; a missing or wrong secret gets 401, a request target that is not a path 400,
 * and every other method or path 404. No request, however malformed, ends the process.
 */
export async function startListenerEndpoint({
  secret,
  queue,
  port = 0,
  log = () => {},
  refusedLogIntervalMs = REFUSED_LOG_INTERVAL_MS,
}: {
  /** At least MIN_SECRET_LENGTH characters (spaces around it ignored). */
  secret: string;
  /** The build queue (createBuildQueue in buildQueue.ts), or anything that takes its requests. */
  queue: { request(reason: string): { queued: boolean } };
  /** 0 picks a free port. */
  port?: number;
  log?: Logger;
  refusedLogIntervalMs?: number;
}): Promise<ListeningServer> {
  if (typeof secret !== 'string' || secret.trim().length < MIN_SECRET_LENGTH) {
    throw new Error(
      `The rebuild listener needs a secret of at least ${MIN_SECRET_LENGTH} characters ` +
        `(${SECRET_VARIABLE}), e.g. \`openssl rand -hex 32\`.`,
    );
  }
  const refused = rateLimitedLog(log, refusedLogIntervalMs);

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const target = parseOriginForm(req.url);
    if (!target) {
      req.resume();
      sendJson(res, 400, { error: 'Bad request' });
      return;
    }
    if (req.method !== 'POST' || target.pathname !== '/rebuild') {
      req.resume();
      sendJson(res, 404, { error: 'Not found' });
      return;
    }
    if (!requestHasSecret(req, secret)) {
      req.resume();
      refused.write(
        `refused a rebuild request without the right secret from ${req.socket.remoteAddress}`,
      );
      sendJson(res, 401, { error: 'Unauthorized' }, { 'WWW-Authenticate': 'Bearer' });
      return;
    }
    let body = '';
    let tooLarge = false;
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      if (tooLarge) return;
      body += chunk;
      if (body.length > MAX_BODY_BYTES) tooLarge = true;
    });
    req.on('end', () => {
      if (tooLarge) {
        sendJson(res, 413, { error: 'Payload too large' });
        return;
      }
      const title = readTitle(target.query, body);
      log(`rebuild requested: ${title}`);
      const { queued } = queue.request(title);
      sendJson(res, 202, { accepted: true, queued });
    });
    req.on('error', () => res.destroy());
  };

  const server = createHardenedServer((req, res) => {
    try {
      handle(req, res);
    } catch (error) {
      // A bug here must cost one request, not the process (which may also serve the live site).
      log(`request failed: ${error instanceof Error ? error.stack : String(error)}`);
      if (!res.headersSent) sendJson(res, 500, { error: 'Internal server error' });
      else res.destroy();
    }
  });
  server.on('close', () => refused.dispose());

  return listenOnLoopback(server, port);
}
