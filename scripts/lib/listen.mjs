/**
 * Starts an http.Server on a loopback address and resolves to its URL, port and a close() that
 * also drops keep-alive connections. `port: 0` picks a free port.
 *
 * @param {import('node:http').Server} server
 * @param {{ port?: number, host?: string }} [options]
 * @returns {Promise<{ url: string, port: number, close: () => Promise<void> }>}
 */
export async function listenOnLoopback(server, { port = 0, host = '127.0.0.1' } = {}) {
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(undefined));
  });
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  return {
    url: `http://${host}:${actualPort}`,
    port: actualPort,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve(undefined));
      }),
  };
}
