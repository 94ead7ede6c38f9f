/**
 * An anonymous client that floods a server, and what the server pays for it: its resident memory
 * (from /proc, so Linux only) and how long its health check takes meanwhile.
 */
import { readFile } from 'node:fs/promises';
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';

/** A process's resident memory in bytes (VmRSS). */
export async function residentBytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kilobytes = /^VmRSS:\s+(\d+) kB$/m.exec(status);
  if (!kilobytes) throw new Error(`/proc/${pid}/status has no VmRSS`);
  return Number(kilobytes[1]) * 1024;
}

/**
 * Runs `work` while sampling every 50 ms how much the process has grown since it started, and
 * how long `url`'s health check takes (a request every 100 ms on a connection of its own, so the
 * flood's connections never queue it): the largest of each.
 */
export async function whileWatching<T>(
  { pid, url }: { pid: number; url: string },
  work: () => Promise<T>,
): Promise<{ result: T; growth: number; slowestHealthMs: number }> {
  const before = await residentBytes(pid);
  let peak = before;
  let slowestHealthMs = 0;
  let done = false;
  const sampling = (async () => {
    while (!done) {
      peak = Math.max(peak, await residentBytes(pid));
      await sleep(50);
    }
  })();
  const checking = (async () => {
    while (!done) {
      slowestHealthMs = Math.max(slowestHealthMs, await healthMs(url));
      await sleep(100);
    }
  })();
  try {
    const result = await work();
    return { result, growth: peak - before, slowestHealthMs };
  } finally {
    done = true;
    await Promise.all([sampling, checking]);
  }
}

/**
 * `clients` clients that each ask for `url` again as soon as they have the answer, for
 * `durationMs`, in a worker thread (floodWorker.ts): how many answers of each status came.
 */
export function flood(
  url: string,
  clients: number,
  durationMs: number,
): Promise<Record<number, number>> {
  const worker = new Worker(new URL('./floodWorker.ts', import.meta.url), {
    workerData: { url, clients, durationMs },
  });
  return new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the flood's worker exited with ${code}`)));
  });
}

/** The time `/api/health` takes to answer in full, on a new connection; 10 s at most. */
export function healthMs(url: string): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const asked = request(`${url}/api/health`, { agent: false, timeout: 10_000 }, (response) => {
      response.resume();
      response.on('end', () => {
        if (response.statusCode === 200) resolve(performance.now() - started);
        else reject(new Error(`/api/health answered ${response.statusCode}`));
      });
    });
    asked.on('timeout', () => asked.destroy(new Error('/api/health did not answer in 10 s')));
    asked.on('error', reject);
    asked.end();
  });
}

/** The status line's code of what a socket received, or null before one came. */
const statusOf = (text: string) => {
  const match = /^HTTP\/1\.1 (\d{3})/.exec(text);
  return match ? Number(match[1]) : null;
};

/**
 * Sends a request whose body is one JSON object `bytes` long (a string field of filler, sent a
 * megabyte at a time as the socket drains: valid to the end, so a server that reads it decodes it
 * all) and resolves with the answer's status as soon as the server gives one, whether or not it
 * read the body, and with how many bytes had gone out by then.
 */
export function sendHugeBody(
  port: number,
  {
    method = 'POST',
    path,
    bytes,
    headers = {},
  }: { method?: string; path: string; bytes: number; headers?: Record<string, string> },
): Promise<{ status: number | null; sentBytes: number }> {
  const [head, tail] = [Buffer.from('{"content":"'), Buffer.from('"}')];
  const filler = Buffer.alloc(1 << 20, 'a');
  /** The body's bytes from `at`, at most a megabyte. */
  const partAt = (at: number) => {
    if (at === 0) return head;
    if (at >= bytes - tail.length) return tail.subarray(at - (bytes - tail.length));
    return filler.subarray(0, Math.min(filler.length, bytes - tail.length - at));
  };
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    let sentBytes = 0;
    let answered = false;
    const finish = () => {
      if (answered) return;
      answered = true;
      socket.destroy();
      resolve({ status: statusOf(text), sentBytes });
    };
    const pump = () => {
      while (!answered && sentBytes < bytes) {
        const part = partAt(sentBytes);
        sentBytes += part.length;
        if (!socket.write(part)) return socket.once('drain', pump);
      }
    };
    socket.on('data', (data) => {
      text += data.toString('latin1');
      if (statusOf(text) !== null) finish();
    });
    // Refused mid-body, the server may reset the connection before its answer is read.
    socket.on('error', finish);
    socket.on('close', finish);
    socket.on('connect', () => {
      const lines = [
        `${method} ${path} HTTP/1.1`,
        `Host: 127.0.0.1:${port}`,
        'Content-Type: application/json',
        `Content-Length: ${bytes}`,
        ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
      ];
      socket.write(`${lines.join('\r\n')}\r\n\r\n`);
      pump();
    });
  });
}

/** One raw connection that asked for `path` and is kept open by the client. */
export interface HeldConnection {
  /** The answer's status once it came (null before). */
  status(): number | null;
  /** Everything received so far. */
  text(): string;
  /** Whether the server has closed it. */
  closed(): boolean;
  close(): void;
}

/** Opens a connection, asks for `path` (GET, keep-alive) and keeps it open until closed. */
export function holdConnection(port: number, path: string): Promise<HeldConnection> {
  return new Promise((resolve, reject) => {
    const socket: Socket = connect(port, '127.0.0.1');
    let text = '';
    let closed = false;
    socket.on('data', (data) => (text += data.toString('latin1')));
    socket.on('close', () => (closed = true));
    socket.on('error', () => {
      // A reset counts as closed; the status received before it is what is checked.
    });
    socket.once('connect', () => {
      socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
      resolve({
        status: () => statusOf(text),
        text: () => text,
        closed: () => closed,
        close: () => socket.destroy(),
      });
    });
    socket.once('error', reject);
  });
}
