/**
 * Runs `astro build` in a child process, so each build reads its own environment
 * (POCKETBASE_URL, PUBLIC_*) and writes into its own output and cache folders: the rebuild
 * listener's builds (rebuildListener/build.ts), the bench's and the tests'. One build at a time
 * per project folder: Astro keeps per-build files in `<root>/.astro/`.
 */
import path from 'node:path';
import { runProcessGroup } from '../shared/process-group.ts';
import type { ProcessGroupOptions, ProcessResult } from '../shared/process-group.ts';
import { PROJECT_ROOT } from '../shared/paths.ts';

export interface AstroBuildOptions extends Pick<ProcessGroupOptions, 'timeoutMs' | 'signal'> {
  /** The project folder to build (default: this one). */
  root?: string;
  /** Default: Astro's (dist/ in the root). */
  outDir?: string;
  /** ASTRO_CACHE_DIR: content store, pictures, transforms. */
  cacheDir?: string;
  /** On top of this process's environment; undefined unsets a variable. */
  env?: Record<string, string | undefined>;
  /** Another Astro config file (the tests' fixture builds). */
  config?: string;
}

/** `astro build`, its whole process group stopped after `timeoutMs` or on `signal`. */
export function runAstroBuild({
  root = PROJECT_ROOT,
  outDir,
  cacheDir,
  env = {},
  config,
  timeoutMs,
  signal,
}: AstroBuildOptions = {}): Promise<ProcessResult> {
  const childEnv: Record<string, string | undefined> = {
    ...process.env,
    ...(cacheDir ? { ASTRO_CACHE_DIR: path.resolve(cacheDir) } : {}),
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
  return runProcessGroup({
    command: process.execPath,
    args: [
      path.join(root, 'node_modules', 'astro', 'bin', 'astro.mjs'),
      'build',
      ...(outDir ? ['--outDir', path.resolve(outDir)] : []),
      // Astro reads --config relative to the project root.
      ...(config ? ['--config', path.relative(root, path.resolve(config))] : []),
    ],
    cwd: root,
    env: childEnv,
    // Its own process group only when it may have to be stopped: a build in the terminal's
    // group still gets the terminal's Ctrl-C.
    detached: stoppable,
    timeoutMs,
    signal,
  });
}
