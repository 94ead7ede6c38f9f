/**
 * Runs `astro build` in a child process, so each build reads its own environment
 * (POCKETBASE_URL, PUBLIC_*) and can write into its own output and cache folders.
 */
import { randomUUID } from 'node:crypto';
import { cp, mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { runProcessGroup } from '../shared/process-group.mjs';
import { PROJECT_ROOT } from '../shared/paths.mjs';

const ASTRO_BIN = path.join(PROJECT_ROOT, 'node_modules', 'astro', 'astro.js');
/*
 * Astro 5 writes a static build's server chunks into outDir only when outDir lies inside the
 * cwd; otherwise into <cwd>/.astro/, which it deletes at the end, so two concurrent builds into
 * /tmp folders break each other ("Cannot find module …/.astro/renderers.mjs"). Builds aimed
 * outside the project therefore run in a private folder here and are moved to outDir after.
 */
const PRIVATE_BUILDS_DIR = path.join(PROJECT_ROOT, 'node_modules', '.cache', 'ledgerwise-builds');

/** Where `astro build` writes by default: ASTRO_OUT_DIR (as astro.config.mjs reads it) or dist/. */
export function defaultOutDir() {
  return path.resolve(PROJECT_ROOT, process.env.ASTRO_OUT_DIR || 'dist');
}

async function moveFolder(from, to) {
  await rm(to, { recursive: true, force: true });
  await mkdir(path.dirname(to), { recursive: true });
  try {
    await rename(from, to);
  } catch (error) {
    if (error.code !== 'EXDEV') throw error;
    await cp(from, to, { recursive: true });
  }
}

/**
 * @param {object} [options]
 * @param {string} [options.outDir]
 * @param {string} [options.cacheDir]
 * @param {Record<string, string | undefined>} [options.env] On top of this process's environment;
 *   undefined unsets a variable.
 * @param {string} [options.config] Another Astro config file (the tests' fixture builds).
 * @param {'pipe' | 'inherit'} [options.stdio]
 * @param {number} [options.timeoutMs] Stop the build's whole process group after this long.
 * @param {AbortSignal} [options.signal] Stop the build's whole process group when this fires.
 * @param {(child: import('node:child_process').ChildProcess) => void} [options.onSpawn] Receives
 *   the build process (the benchmark samples its memory).
 * @returns {Promise<{ code: number | null, output: string, timedOut: boolean, aborted: boolean }>}
 *   `output` is the tail of the build's output (see process-group.mjs).
 */
export async function runAstroBuild({
  outDir,
  cacheDir,
  env = {},
  config,
  stdio = 'pipe',
  timeoutMs,
  signal,
  onSpawn,
} = {}) {
  const target = outDir ? path.resolve(outDir) : undefined;
  const isPrivate = Boolean(target) && !target.startsWith(PROJECT_ROOT + path.sep);
  const privateRoot = isPrivate ? path.join(PRIVATE_BUILDS_DIR, randomUUID()) : undefined;
  const buildDir = privateRoot ? path.join(privateRoot, 'dist') : target;
  const childEnv = {
    ...process.env,
    ...(buildDir ? { ASTRO_OUT_DIR: buildDir } : {}),
    ...(cacheDir ? { ASTRO_CACHE_DIR: cacheDir } : {}),
    ASTRO_TELEMETRY_DISABLED: '1',
    // A build started from a test runner inherits NODE_ENV=test; build what production builds.
    NODE_ENV: 'production',
    ...env,
  };
  // An undefined value unsets the variable. It is passed empty rather than left out, which the
  // project reads as not set: a variable left out would be filled in again from the .env files.
  for (const [name, value] of Object.entries(childEnv)) {
    if (value === undefined) childEnv[name] = '';
  }
  const stoppable = timeoutMs !== undefined || signal !== undefined;
  try {
    // Astro reads --config relative to the project root.
    const configArgs = config
      ? ['--config', path.relative(PROJECT_ROOT, path.resolve(config))]
      : [];
    const result = await runProcessGroup({
      command: process.execPath,
      args: [ASTRO_BIN, 'build', ...configArgs],
      cwd: PROJECT_ROOT,
      env: childEnv,
      stdio,
      // Its own process group only when it may have to be stopped: a build in the terminal's
      // group still gets the terminal's Ctrl-C.
      detached: stoppable,
      timeoutMs,
      signal,
      onSpawn,
    });
    if (privateRoot && target && result.code === 0) await moveFolder(buildDir, target);
    return result;
  } finally {
    if (privateRoot) await rm(privateRoot, { recursive: true, force: true });
  }
}
