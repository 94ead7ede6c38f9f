/**
 * Runs `astro build` in a child process, so each build reads its own environment
 * (POCKETBASE_URL, PUBLIC_*) and can write into its own output and cache folders.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ASTRO_BIN = path.join(PROJECT_ROOT, 'node_modules', 'astro', 'astro.js');

/**
 * @param {{ outDir?: string, cacheDir?: string, env?: Record<string, string | undefined>, stdio?: 'pipe' | 'inherit' }} options
 * @returns {Promise<{ code: number | null, output: string }>}
 */
export function runAstroBuild({ outDir, cacheDir, env = {}, stdio = 'pipe' } = {}) {
  const childEnv = {
    ...process.env,
    ...(outDir ? { ASTRO_OUT_DIR: outDir } : {}),
    ...(cacheDir ? { ASTRO_CACHE_DIR: cacheDir } : {}),
    ASTRO_TELEMETRY_DISABLED: '1',
    ...env,
  };
  // An undefined value removes the variable from the build's environment.
  for (const [name, value] of Object.entries(childEnv)) {
    if (value === undefined) delete childEnv[name];
  }
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [ASTRO_BIN, 'build'], {
      cwd: PROJECT_ROOT,
      env: childEnv,
      stdio: stdio === 'inherit' ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, output }));
  });
}
