/**
 * Peak memory of a process tree, sampled from /proc: the build runs Node, esbuild and sharp
 * workers, so the peak of their summed resident memory is what the machine must hold.
 */
import { readdir, readFile } from 'node:fs/promises';

const SAMPLE_MS = 100;
/** Linux's USER_HZ, the unit of CPU times in /proc/<pid>/stat. */
const CLOCK_TICKS_PER_SECOND = 100;

/** @returns {Promise<Map<number, number>>} pid → parent pid for every process we may read. */
async function readParents() {
  const parents = new Map();
  for (const name of await readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = await readFile(`/proc/${name}/stat`, 'utf8');
      // The command name may hold spaces and parentheses: fields resume after the last ")".
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parents.set(Number(name), Number(fields[1]));
    } catch {
      // The process ended while we looked.
    }
  }
  return parents;
}

/** @param {number} pid @returns {Promise<number>} resident bytes, 0 if gone. */
async function residentBytes(pid) {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const match = /^VmRSS:\s+(\d+) kB/m.exec(status);
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/**
 * CPU seconds (user + system) a process has used, with those of the children it has waited for.
 * @param {number} pid @returns {Promise<number>} 0 if gone.
 */
async function cpuSeconds(pid) {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime, stime, cutime, cstime: fields 14 to 17 of stat(5), counted after the name here.
    const ticks = fields.slice(11, 15).reduce((sum, value) => sum + Number(value), 0);
    return ticks / CLOCK_TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** @param {number} rootPid @returns {Promise<Set<number>>} the process and its descendants. */
async function processTree(rootPid) {
  const parents = await readParents();
  const tree = new Set([rootPid]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, parent] of parents) {
      if (!tree.has(pid) && tree.has(parent)) {
        tree.add(pid);
        grew = true;
      }
    }
  }
  return tree;
}

/**
 * Samples a process tree until stopped: its peak resident memory, and the CPU time it has used
 * (the largest sum seen, which misses at most the last sample interval). `available` is false
 * where /proc cannot be read (not Linux), so the caller reports "n/a" rather than a made-up zero.
 * @param {number} rootPid
 * @returns {{ stop: () => Promise<{ peakBytes: number, cpuSeconds: number, samples: number, available: boolean }> }}
 */
export function samplePeakMemory(rootPid) {
  let peakBytes = 0;
  let cpu = 0;
  let samples = 0;
  let running = true;
  let available = true;
  const loop = (async () => {
    while (running) {
      try {
        const tree = await processTree(rootPid);
        let bytes = 0;
        let seconds = 0;
        for (const pid of tree) {
          bytes += await residentBytes(pid);
          seconds += await cpuSeconds(pid);
        }
        peakBytes = Math.max(peakBytes, bytes);
        cpu = Math.max(cpu, seconds);
        samples += 1;
      } catch {
        available = false;
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return { peakBytes, cpuSeconds: cpu, samples, available: available && samples > 0 };
    },
  };
}
