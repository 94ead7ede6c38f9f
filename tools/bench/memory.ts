/**
 * Peak memory of a build, sampled from /proc: a build runs Node, esbuild, sharp and Pagefind, so
 * the peak of their summed resident memory is what the machine must hold. The bench's own
 * processes around it (hyperfine, its shell, the line stamper) are not the build's and are left
 * out: the sum starts at the process that runs the build's command.
 */
import { readdir, readFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';

interface ProcessInfo {
  parent: number;
  resident: number;
}

async function processes() {
  const found = new Map<number, ProcessInfo>();
  for (const name of await readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    // Empty when the process ended while we looked.
    const status = await readFile(`/proc/${name}/status`, 'utf8').catch(() => '');
    const parent = /^PPid:\s+(\d+)/m.exec(status);
    if (!parent) continue;
    const resident = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0) * 1024;
    found.set(Number(name), { parent: Number(parent[1]), resident });
  }
  return found;
}

/** `root` and its descendants. */
function descendants(root: number, all: ReadonlyMap<number, ProcessInfo>) {
  const tree = new Set([root]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, { parent }] of all) {
      if (!tree.has(pid) && tree.has(parent)) grew = Boolean(tree.add(pid));
    }
  }
  return tree;
}

/** Whether a process runs `file`: its executable, or the script its interpreter was given. */
async function runs(pid: number, file: string) {
  const command = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
  return command
    .split('\0')
    .slice(0, 2)
    .some((arg) => arg === file || arg.endsWith(`/${file}`));
}

/**
 * Resident bytes now of the processes under `rootPid` that run `file`, with their descendants
 * (`rootPid`'s whole tree when no `file` is given).
 */
export async function treeBytes(rootPid: number, file?: string) {
  const all = await processes();
  let starts = [rootPid];
  if (file) {
    starts = [];
    for (const pid of descendants(rootPid, all)) if (await runs(pid, file)) starts.push(pid);
  }
  const measured = new Set(starts.flatMap((pid) => [...descendants(pid, all)]));
  return [...measured].reduce((sum, pid) => sum + (all.get(pid)?.resident ?? 0), 0);
}

/**
 * Samples every 100 ms until stopped. The peak is null where /proc cannot be read (not Linux), so
 * the budget fails rather than pass on a made-up zero.
 */
export function samplePeakMemory(rootPid: number, file?: string) {
  let peak: number | null = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      try {
        peak = Math.max(peak ?? 0, await treeBytes(rootPid, file));
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
