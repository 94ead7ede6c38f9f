/**
 * Peak memory of a process tree, sampled from /proc: a build runs Node, esbuild and sharp, so the
 * peak of their summed resident memory is what the machine must hold.
 */
import { readdir, readFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';

/** Resident bytes of `rootPid` and its descendants now. */
async function treeBytes(rootPid: number) {
  const parents = new Map<number, number>();
  const resident = new Map<number, number>();
  for (const name of await readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    // Empty when the process ended while we looked.
    const status = await readFile(`/proc/${name}/status`, 'utf8').catch(() => '');
    const parent = /^PPid:\s+(\d+)/m.exec(status);
    if (!parent) continue;
    parents.set(Number(name), Number(parent[1]));
    resident.set(Number(name), Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0) * 1024);
  }
  const tree = new Set([rootPid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, parent] of parents) {
      if (!tree.has(pid) && tree.has(parent)) grew = Boolean(tree.add(pid));
    }
  }
  return [...tree].reduce((sum, pid) => sum + (resident.get(pid) ?? 0), 0);
}

/**
 * Samples every 100 ms until stopped. The peak is null where /proc cannot be read (not Linux), so
 * the budget fails rather than pass on a made-up zero.
 */
export function samplePeakMemory(rootPid: number) {
  let peak: number | null = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      try {
        peak = Math.max(peak ?? 0, await treeBytes(rootPid));
      } catch {
        peak = null;
        return;
      }
      await sleep(100);
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return peak;
    },
  };
}
