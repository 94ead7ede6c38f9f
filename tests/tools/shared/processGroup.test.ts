/**
 * Stopping a build for good: the whole process group goes (grandchildren and processes that
 * ignore SIGTERM included), and a command's output is held as a bounded tail while it runs.
 */
import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTail, runProcessGroup } from '../../../tools/shared/process-group.ts';
import { isRunning } from '../../support/processes';

/**
 * A "build" that starts a grandchild and then hangs; with `stubborn`, both ignore SIGTERM.
 * Each writes its pid into `pidFile` as it starts. Plain sh and sleep start in milliseconds even
 * on a loaded machine, so both are running well before the 1.5 s timeouts below expire (Node
 * processes could take longer than that to start there).
 */
function hangingBuild(pidFile: string, stubborn: boolean) {
  // A signal ignored by a shell stays ignored in what it starts: sleep ignores SIGTERM too.
  const ignore = stubborn ? "trap '' TERM;" : '';
  const file = `'${pidFile}'`;
  const grandchild = `${ignore} echo \\$\\$ >> ${file}; exec sleep 1000`;
  const leader = `${ignore} echo $$ >> ${file}; sh -c "${grandchild}" & echo 'building…'; wait`;
  return { command: '/bin/sh', args: ['-c', leader] };
}

async function readPids(pidFile: string, count: number): Promise<number[]> {
  for (let i = 0; i < 200; i += 1) {
    const pids = (await readFile(pidFile, 'utf8').catch(() => ''))
      .split('\n')
      .filter(Boolean)
      .map(Number);
    if (new Set(pids).size >= count) return pids;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`fewer than ${count} pids in ${pidFile}`);
}

let work: string;
beforeEach(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'lw-pgroup-'));
});
afterEach(async () => {
  await rm(work, { recursive: true, force: true });
});

describe('runProcessGroup', () => {
  it('stops the whole group with SIGTERM when the timeout expires', async () => {
    const pidFile = path.join(work, 'pids');
    const run = runProcessGroup({
      ...hangingBuild(pidFile, false),
      detached: true,
      timeoutMs: 1_500,
      killGraceMs: 5_000,
    });
    const pids = await readPids(pidFile, 2);
    const result = await run;
    expect(result.timedOut).toBe(true);
    expect(result.output).toContain('building…');
    for (const pid of pids) expect(await isRunning(pid), `pid ${pid}`).toBe(false);
  });

  it('follows with SIGKILL for processes that ignore SIGTERM', async () => {
    const pidFile = path.join(work, 'pids');
    const started = Date.now();
    const run = runProcessGroup({
      ...hangingBuild(pidFile, true),
      detached: true,
      timeoutMs: 1_500,
      killGraceMs: 500,
    });
    const pids = await readPids(pidFile, 2);
    const result = await run;
    expect(result.timedOut).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_000);
    for (const pid of pids) expect(await isRunning(pid), `pid ${pid}`).toBe(false);
  });

  it('stops the whole group when the abort signal fires', async () => {
    const pidFile = path.join(work, 'pids');
    const controller = new AbortController();
    const run = runProcessGroup({
      ...hangingBuild(pidFile, false),
      detached: true,
      signal: controller.signal,
    });
    const pids = await readPids(pidFile, 2);
    controller.abort();
    const result = await run;
    expect(result).toMatchObject({ aborted: true, timedOut: false });
    for (const pid of pids) expect(await isRunning(pid), `pid ${pid}`).toBe(false);
  });

  it('keeps only the tail of a command that prints 20 MB', async () => {
    const script =
      "const line = 'x'.repeat(99) + '\\n'; for (let i = 0; i < 200000; i++) process.stdout.write(line); console.log('the end');";
    const result = await runProcessGroup({
      command: process.execPath,
      args: ['-e', script],
      maxOutputChars: 10_000,
    });
    expect(result.code).toBe(0);
    expect(result.output.endsWith('the end\n')).toBe(true);
    expect(result.output.startsWith('[…earlier output dropped…]\n')).toBe(true);
    expect(result.output.length).toBeLessThanOrEqual(10_000 + 30);
  });

  it('refuses a timeout on a process that does not lead its own group', () => {
    expect(() =>
      runProcessGroup({ command: process.execPath, args: ['-e', ''], timeoutMs: 10 }),
    ).toThrow(/detached/);
  });
});

describe('createTail', () => {
  it('holds at most twice the limit while text arrives and gives back the last characters', () => {
    const tail = createTail(100);
    let all = '';
    for (let i = 0; i < 1_000; i += 1) {
      const chunk = `${i},`;
      tail.push(chunk);
      all += chunk;
    }
    expect(tail.text()).toBe(`[…earlier output dropped…]\n${all.slice(-100)}`);
    const short = createTail(100);
    short.push('abc');
    expect(short.text()).toBe('abc');
  });
});
