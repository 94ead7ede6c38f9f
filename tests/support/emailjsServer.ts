/**
 * A local stand-in for EmailJS's REST API (the contract of @emailjs/browser 4.4.1: a JSON POST to
 * /api/v1.0/email/send after a CORS preflight, read with response.text()), so the real SDK is
 * tested in Chromium with CORS enforced. Answers are scriptable, requests recorded, and it can
 * stop and listen again on its port (the built site's origin), for "connection refused".
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

export const EMAILJS_SEND_PATH = '/api/v1.0/email/send';

interface EmailjsSendBody {
  lib_version?: string;
  user_id?: string;
  service_id?: string;
  template_id?: string;
  template_params?: Record<string, unknown>;
  [key: string]: unknown;
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  rawBody: string;
  /** The parsed JSON body, or undefined when it was not JSON. */
  body: EmailjsSendBody | undefined;
  receivedAt: Date;
}

export interface ScriptedResponse {
  /** HTTP status (default 200). */
  status?: number;
  /** Response text (default "OK" for 200, a short reason otherwise, as EmailJS answers). */
  body?: string;
  /** Wait this long before answering. */
  delayMs?: number;
  /** Do not answer until `release()` is called. */
  hold?: boolean;
  /** Destroy the socket instead of answering (the browser sees a network error). */
  destroySocket?: boolean;
}

export interface EmailjsServer {
  /** The origin to build the site with (PUBLIC_EMAILJS_API_ORIGIN). */
  origin: string;
  port: number;
  /** Send requests received so far (preflights are counted separately). */
  readonly requests: readonly RecordedRequest[];
  /** CORS preflight requests received so far. */
  readonly preflightCount: number;
  /** Sets how every following send request is answered (until changed). */
  respondWith(response: ScriptedResponse): void;
  /** Answers every request being held. */
  release(): void;
  /** Resolves once `count` send requests have arrived (counting from the last `reset`). */
  waitForRequests(count: number, timeoutMs?: number): Promise<readonly RecordedRequest[]>;
  /** Forgets recorded requests and goes back to answering 200 "OK". */
  reset(): void;
  /** Stops listening and drops open connections: connections to the port are refused. */
  stopListening(): Promise<void>;
  /** Listens again on the same port. */
  startListening(): Promise<void>;
  close(): Promise<void>;
}

const REASON: Record<number, string> = {
  200: 'OK',
  400: 'The template ID is invalid. To find this ID, visit https://dashboard.emailjs.com/admin/templates',
  403: 'Forbidden',
  412: 'Precondition Failed',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

function corsHeaders(request: IncomingMessage): Record<string, string> {
  return {
    'Access-Control-Allow-Origin': request.headers.origin ?? '*',
    Vary: 'Origin',
  };
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (data += chunk));
    request.on('end', () => resolve(data));
    request.on('error', reject);
  });
}

function parseJson(text: string): EmailjsSendBody | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as EmailjsSendBody) : undefined;
  } catch {
    return undefined;
  }
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

export async function startEmailjsServer(): Promise<EmailjsServer> {
  const requests: RecordedRequest[] = [];
  let preflightCount = 0;
  let plan: ScriptedResponse = {};
  let held: (() => void)[] = [];
  const waiters = new Set<() => void>();
  const notify = () => waiters.forEach((check) => check());

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;

    if (request.method === 'OPTIONS') {
      preflightCount += 1;
      response.writeHead(204, {
        ...corsHeaders(request),
        'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
        'Access-Control-Allow-Headers': request.headers['access-control-request-headers'] ?? '',
        'Access-Control-Max-Age': '600',
      });
      response.end();
      return;
    }

    if (request.method !== 'POST' || path !== EMAILJS_SEND_PATH) {
      response.writeHead(404, { ...corsHeaders(request), 'Content-Type': 'text/plain' });
      response.end('Not Found');
      return;
    }

    const rawBody = await readBody(request);
    // The plan in force when the request arrived decides its answer.
    const current = plan;
    requests.push({
      method: request.method,
      path,
      headers: request.headers,
      rawBody,
      body: parseJson(rawBody),
      receivedAt: new Date(),
    });
    notify();

    if (current.hold) await new Promise<void>((resolve) => held.push(resolve));
    if (current.delayMs) await sleep(current.delayMs);
    if (current.destroySocket) {
      request.socket.destroy();
      return;
    }
    const status = current.status ?? 200;
    response.writeHead(status, {
      ...corsHeaders(request),
      'Content-Type': 'text/plain; charset=utf-8',
    });
    response.end(current.body ?? REASON[status] ?? 'Error');
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => response.destroy());
  });
  const port = await listen(server, 0);

  const release = () => {
    const resolvers = held;
    held = [];
    resolvers.forEach((resolve) => resolve());
  };

  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    get requests() {
      return requests;
    },
    get preflightCount() {
      return preflightCount;
    },
    respondWith(response) {
      plan = { ...response };
    },
    release,
    waitForRequests(count, timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (requests.length < count) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(requests);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`Expected ${count} EmailJS requests, got ${requests.length}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    reset() {
      requests.length = 0;
      preflightCount = 0;
      plan = {};
      release();
    },
    async stopListening() {
      release();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Keep-alive connections from earlier requests would otherwise still be served.
        server.closeAllConnections();
      });
    },
    async startListening() {
      if (server.listening) return;
      await listen(server, port);
    },
    async close() {
      release();
      if (!server.listening) return;
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

/**
 * The endpoint as seen from another process: the Playwright workers drive the one the global
 * setup started (the shared site is built with its origin) through its control server. The same
 * operations as EmailjsServer, each a request, so reads are async.
 */
export interface RemoteEmailjs {
  origin: string;
  requests(): Promise<RecordedRequest[]>;
  preflightCount(): Promise<number>;
  respondWith(response: ScriptedResponse): Promise<void>;
  release(): Promise<void>;
  waitForRequests(count: number, timeoutMs?: number): Promise<RecordedRequest[]>;
  reset(): Promise<void>;
  stopListening(): Promise<void>;
  startListening(): Promise<void>;
}

type Command = 'respondWith' | 'release' | 'reset' | 'stopListening' | 'startListening';
const COMMANDS: readonly Command[] = [
  'respondWith',
  'release',
  'reset',
  'stopListening',
  'startListening',
];

/**
 * Serves `server`'s operations on another port of 127.0.0.1 (the endpoint's own port must be
 * free to refuse connections): `GET /requests`, `GET /preflights`, `GET /wait?count=N&timeoutMs=T`
 * and `POST /<command>` with the command's JSON argument.
 */
export async function startEmailjsControl(
  server: EmailjsServer,
): Promise<{ url: string; close(): Promise<void> }> {
  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const name = url.pathname.slice(1);
    let result: unknown = null;
    if (request.method === 'GET' && name === 'requests') result = server.requests;
    else if (request.method === 'GET' && name === 'preflights') result = server.preflightCount;
    else if (request.method === 'GET' && name === 'wait') {
      result = await server.waitForRequests(
        Number(url.searchParams.get('count')),
        Number(url.searchParams.get('timeoutMs')),
      );
    } else if (request.method === 'POST' && COMMANDS.includes(name as Command)) {
      const body = await readBody(request);
      if (name === 'respondWith') server.respondWith(JSON.parse(body) as ScriptedResponse);
      else await server[name as Exclude<Command, 'respondWith'>]();
    } else {
      response.writeHead(404).end(`No control ${request.method} ${url.pathname}`);
      return;
    }
    response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(result));
  }
  const control = createServer((request, response) => {
    handle(request, response).catch((error: Error) => {
      if (!response.headersSent) response.writeHead(500);
      response.end(error.message);
    });
  });
  const port = await listen(control, 0);
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        control.close(() => resolve());
        control.closeAllConnections();
      }),
  };
}

/** A client for the control server startEmailjsControl started. */
export function connectEmailjs(origin: string, controlUrl: string): RemoteEmailjs {
  async function call<T>(method: 'GET' | 'POST', pathAndQuery: string, body?: unknown) {
    const response = await fetch(`${controlUrl}${pathAndQuery}`, {
      method,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`EmailJS control ${pathAndQuery}: ${text}`);
    return JSON.parse(text) as T;
  }
  const revive = (list: RecordedRequest[]) =>
    list.map((request) => ({ ...request, receivedAt: new Date(request.receivedAt) }));
  return {
    origin,
    requests: async () => revive(await call<RecordedRequest[]>('GET', '/requests')),
    preflightCount: () => call<number>('GET', '/preflights'),
    waitForRequests: async (count, timeoutMs = 15_000) =>
      revive(await call<RecordedRequest[]>('GET', `/wait?count=${count}&timeoutMs=${timeoutMs}`)),
    respondWith: (response) => call<void>('POST', '/respondWith', response),
    release: () => call<void>('POST', '/release'),
    reset: () => call<void>('POST', '/reset'),
    stopListening: () => call<void>('POST', '/stopListening'),
    startListening: () => call<void>('POST', '/startListening'),
  };
}
