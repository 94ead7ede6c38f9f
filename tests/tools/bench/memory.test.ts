import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samplePeakMemory, treeBytes } from '../../../tools/bench/memory.ts';

const MB = 1e6;

/**
 * The bench's shape: a wrapper process (hyperfine, the stamper) that runs the build. Here the
 * "build" holds 150 MB and the wrapper is a Node process of its own, tens of MB.
 */
describe('the build memory the bench samples', () => {
  let dir: string;
  let wrapper: ReturnType<typeof spawn>;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'lw-memory-'));
    const build = path.join(dir, 'build.mjs');
    await writeFile(
      build,
      "globalThis.kept = Buffer.alloc(150e6, 1); console.log('ready'); setInterval(() => {}, 1e3);",
    );
    const wrap = path.join(dir, 'wrap.mjs');
    await writeFile(
      wrap,
      "import { spawn } from 'node:child_process'; spawn(process.execPath, [process.argv[2]], { stdio: 'inherit' });",
    );
    // Its own process group, so that the test ends the build with it.
    wrapper = spawn(process.execPath, [wrap, build], {
      stdio: ['ignore', 'pipe', 'inherit'],
      detached: true,
    });
    await once(wrapper.stdout!, 'data');
  });

  afterAll(async () => {
    if (wrapper.pid) process.kill(-wrapper.pid);
    await rm(dir, { recursive: true, force: true });
  });

  it("counts the build's processes and leaves the wrapper out", async () => {
    const whole = await treeBytes(wrapper.pid!);
    const build = await treeBytes(wrapper.pid!, 'build.mjs');
    expect(build).toBeGreaterThanOrEqual(150 * MB);
    // The wrapper's own Node process is the difference.
    expect(whole - build).toBeGreaterThan(20 * MB);
    expect(await treeBytes(wrapper.pid!, 'nothing-runs-this.mjs')).toBe(0);
  });

  it('samples the peak until stopped', async () => {
    const sampler = samplePeakMemory(wrapper.pid!, 'build.mjs');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const peak = await sampler.stop();
    expect(peak).toBeGreaterThanOrEqual(150 * MB);
    expect(peak).toBeLessThan(await treeBytes(wrapper.pid!));
  });
});
