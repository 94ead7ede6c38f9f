/**
 * Runs `astro build` in a child process, so each build reads its own environment
 * (POCKETBASE_URL, PUBLIC_*) and can write into its own output and cache folders.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cp, mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ASTRO_BIN = path.join(PROJECT_ROOT, 'node_modules', 'astro', 'astro.js');
/*
 * Astro 5 writes a static build's server chunks into outDir only when outDir lies inside the
 * cwd; otherwise into <cwd>/.astro/, which it deletes at the end, so two concurrent builds into
 * /tmp folders break each other ("Cannot find module …/.astro/renderers.mjs"). Builds aimed
 * outside the project therefore run in a private folder here and are moved to outDir after.
 */
const PRIVATE_BUILDS_DIR = path.join(PROJECT_ROOT, 'node_modules', '.cache', 'ledgerwise-builds');

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
 * @param {{ outDir?: string, cacheDir?: string, env?: Record<string, string | undefined>, config?: string, stdio?: 'pipe' | 'inherit', onSpawn?: (child: import('node:child_process').ChildProcess) => void }} options
 *   config: another Astro config file (the tests' fixture builds); onSpawn receives the build
 *   process (the benchmark samples its memory).
 * @returns {Promise<{ code: number | null, output: string }>}
 */
export async function runAstroBuild({
  outDir,
  cacheDir,
  env = {},
  config,
  stdio = 'pipe',
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
  // An undefined value removes the variable from the build's environment.
  for (const [name, value] of Object.entries(childEnv)) {
    if (value === undefined) delete childEnv[name];
  }
  try {
    const result = await new Promise((resolve, reject) => {
      // Astro reads --config relative to the project root.
      const configArgs = config
        ? ['--config', path.relative(PROJECT_ROOT, path.resolve(config))]
        : [];
      const args = [ASTRO_BIN, 'build', ...configArgs];
      const child = spawn(process.execPath, args, {
        cwd: PROJECT_ROOT,
        env: childEnv,
        stdio: stdio === 'inherit' ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      });
      onSpawn?.(child);
      let output = '';
      child.stdout?.on('data', (chunk) => (output += chunk));
      child.stderr?.on('data', (chunk) => (output += chunk));
      child.once('error', reject);
      child.once('close', (code) => resolve({ code, output }));
    });
    if (privateRoot && target && result.code === 0) await moveFolder(buildDir, target);
    return result;
  } finally {
    if (privateRoot) await rm(privateRoot, { recursive: true, force: true });
  }
}
