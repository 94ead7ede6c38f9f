/**
 * A TCP server on 127.0.0.1 that accepts connections and never answers: PocketBase on a bad day
 * (hung, or behind a proxy that lost it). With `forwardTo`, it can be switched to pass
 * connections through to a real server, so a test can watch a build hang and then recover.
 */
import { connect, createServer, type Socket } from 'node:net';

export interface SilentServer {
  url: string;
  port: number;
  /** Connections accepted so far (held or forwarded). */
  connections(): number;
  /** 'silent': hold every new connection unanswered; 'forward': pass new ones to forwardTo. */
  setMode(mode: 'silent' | 'forward'): void;
  close(): Promise<void>;
}

export async function startSilentServer(
  options: { forwardTo?: string; mode?: 'silent' | 'forward' } = {},
): Promise<SilentServer> {
  let mode = options.mode ?? 'silent';
  let accepted = 0;
  const sockets = new Set<Socket>();
  const target = options.forwardTo ? new URL(options.forwardTo) : undefined;
  const server = createServer((socket) => {
    accepted += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    if (mode === 'forward' && target) {
      const upstream = connect(Number(target.port), target.hostname);
      sockets.add(upstream);
      upstream.on('close', () => sockets.delete(upstream));
      upstream.on('error', () => socket.destroy());
      socket.pipe(upstream).pipe(socket);
    }
    // Silent: the socket is read from (so the client's request is sent) and never written to.
    else socket.resume();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    connections: () => accepted,
    setMode(next) {
      if (next === 'forward' && !target) throw new Error('startSilentServer: no forwardTo given');
      mode = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
