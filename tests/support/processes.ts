/** The machine's processes as Linux's /proc shows them, to check that nothing was left behind. */
import { readdir, readFile } from 'node:fs/promises';

interface ProcessEntry {
  pid: number;
  ppid: number;
  /** Process group. */
  pgid: number;
  /** R, S, D, Z (a zombie: dead, waiting for its parent to reap it), … */
  state: string;
}

/** One process, or undefined when it is gone. */
async function processEntry(pid: number): Promise<ProcessEntry | undefined> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  if (!stat) return undefined;
  // The command name in parentheses may hold spaces: the fields start after its ")".
  const [state, ppid, pgid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { pid, ppid: Number(ppid), pgid: Number(pgid), state };
}

/** Every process. */
export async function processTable(): Promise<ProcessEntry[]> {
  const entries = await Promise.all(
    (await readdir('/proc'))
      .filter((name) => /^\d+$/.test(name))
      .map((name) => processEntry(Number(name))),
  );
  return entries.filter((entry): entry is ProcessEntry => entry !== undefined);
}

/** Alive, and not a zombie waiting for its reaper. */
export async function isRunning(pid: number): Promise<boolean> {
  const entry = await processEntry(pid);
  return entry !== undefined && entry.state !== 'Z';
}
