/**
 * The clients of a flood, in a worker thread of their own: their thousands of requests a second
 * keep this thread's event loop busy, which would delay the main thread's own timings (the health
 * check the flood is measured by) if they shared one. Each client asks for `url` again as soon as
 * it has the whole answer, until `durationMs` has passed; the worker posts how many answers of
 * each status came.
 */
import { parentPort, workerData } from 'node:worker_threads';

const { url, clients, durationMs } = workerData as {
  url: string;
  clients: number;
  durationMs: number;
};
const until = Date.now() + durationMs;
const statuses: Record<number, number> = {};
await Promise.all(
  Array.from({ length: clients }, async () => {
    while (Date.now() < until) {
      const response = await fetch(url);
      await response.arrayBuffer();
      statuses[response.status] = (statuses[response.status] ?? 0) + 1;
    }
  }),
);
parentPort!.postMessage(statuses);
