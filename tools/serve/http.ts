/**
 * Shared plumbing of the project's HTTP servers (the static server and the rebuild listener):
 * loopback only, bounded time and connections per client, and a 4xx for any request line or
 * header Node's parser refuses.
 */
import { STATUS_CODES, createServer } from 'node:http';
import type { RequestListener, Server } from 'node:http';

/** Limits that keep a slow or hostile client from holding the server's sockets. */
const SERVER_LIMITS = {
  /** The whole header block must arrive within this. */
  headersTimeoutMs: 10_000,
  /** The whole request, body included. */
  requestTimeoutMs: 30_000,
  /** A socket with no traffic at all is closed after this. */
  idleTimeoutMs: 30_000,
  /** Between two requests on a kept-alive connection. */
  keepAliveTimeoutMs: 5_000,
  /** Open connections at once; Node closes any further one as soon as it is accepted. */
  maxConnections: 256,
  /** How often Node checks the two request timeouts above (its default is 30 s). */
  checkIntervalMs: 1_000,
};
export type ServerLimits = typeof SERVER_LIMITS;

/** Status for an error of Node's HTTP parser: 431 for oversized headers, 408 for slowness. */
function clientErrorStatus(error: NodeJS.ErrnoException): number {
  if (error.code === 'HPE_HEADER_OVERFLOW') return 431;
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return 408;
  return 400;
}

/**
 * An http.Server with SERVER_LIMITS that answers every request Node's parser refuses (a malformed
 * or over-long request line, headers without a request line, a client too slow) with a 4xx and no
 * body, then closes the connection. The handler only sees requests that parsed. `errorHeaders`
 * (the static server's security headers) go on those answers too, as on every other response.
 */
export function createHardenedServer(
  handler: RequestListener,
  limits: Partial<ServerLimits> = {},
  errorHeaders: Record<string, string> = {},
): Server {
  const settings = { ...SERVER_LIMITS, ...limits };
  const server = createServer(
    {
      headersTimeout: settings.headersTimeoutMs,
      requestTimeout: settings.requestTimeoutMs,
      keepAliveTimeout: settings.keepAliveTimeoutMs,
      connectionsCheckingInterval: settings.checkIntervalMs,
    },
    handler,
  );
  server.maxConnections = settings.maxConnections;
  // Written by hand onto the socket: the answer's own framing and caching headers win, and nothing
  // that would split the answer gets in.
  const extraHeaders = Object.entries(errorHeaders)
    .filter(([name]) => !/^(cache-control|connection|content-length)$/i.test(name))
    .filter(([name, value]) => !/[\r\n]/.test(`${name}${value}`))
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  server.setTimeout(settings.idleTimeoutMs, (socket) => socket.destroy());
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const status = clientErrorStatus(error);
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${extraHeaders}Cache-Control: no-store\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`,
    );
  });
  return server;
}

export interface ListeningServer {
  url: string;
  port: number;
  close: () => Promise<void>;
}

/**
 * Starts an http.Server on 127.0.0.1 and resolves to its URL, port and a close() that also drops
 * keep-alive connections. Port 0 picks a free port.
 */
export async function listenOnLoopback(server: Server, port: number): Promise<ListeningServer> {
  const host = '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  return {
    url: `http://${host}:${actualPort}`,
    port: actualPort,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
