/**
 * Runs `astro build` in a child process, so each build reads its own environment
 * (POCKETBASE_URL, PUBLIC_*) and writes into its own output and cache folders. One build at a time
 * per project folder: Astro keeps per-build files in `<root>/.astro/`.
 */
import { existsSync } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { runProcessGroup } from '../shared/process-group.ts';
import type { ProcessGroupOptions, ProcessResult } from '../shared/process-group.ts';
import { PROJECT_ROOT } from '../shared/paths.ts';
import { SECRET_VARIABLE } from './webhook.ts';
import type { BuildFunction } from './queue.ts';

/** A build that has not finished after this long is stopped (REBUILD_TIMEOUT_SECONDS). */
const DEFAULT_BUILD_TIMEOUT_SECONDS = 600;

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

/**
 * Runs a build so that a failed one leaves no page in the cache for a later build to reuse
 * wrongly. Astro writes each page it renders into the cache (`dist/`) as it goes, and the
 * manifest that says which cacheKey each copy is for only at the end: a build stopped in between
 * leaves copies the old manifest describes wrongly (a later build whose key matches the old one
 * would reuse a newer or half-written page). So unless the build wrote the manifest, it is
 * removed, and the next build renders every page once. A marker catches a build whose runner
 * itself was killed: found by the next build, the manifest goes too.
 */
async function withTrustedCache<R extends { code: number | null }>(
  cacheDir: string,
  run: () => Promise<R>,
): Promise<R> {
  const manifest = path.join(cacheDir, 'incremental-build.json');
  const marker = path.join(cacheDir, 'build-under-way');
  if (existsSync(marker)) await rm(manifest, { force: true });
  await mkdir(cacheDir, { recursive: true });
  await writeFile(marker, '');
  const started = Date.now();
  const result = await run();
  if (result.code !== 0) {
    const written = await stat(manifest).then(
      ({ mtimeMs }) => mtimeMs,
      () => 0,
    );
    if (written < started) await rm(manifest, { force: true });
  }
  await rm(marker, { force: true });
  return result;
}

/**
 * The rebuild listener's build: `astro build` of `root` (default: this project) into the queue's
 * stable output folder with a persistent cache (withTrustedCache), stopped with its whole process
 * group after `timeoutSeconds`. The listener's secret is kept out of its environment: a build runs
 * the project's code and its dependencies, which have no use for it.
 */
export function astroBuilder({
  root,
  cacheDir,
  env = {},
  timeoutSeconds = DEFAULT_BUILD_TIMEOUT_SECONDS,
}: {
  cacheDir: string;
  env?: Record<string, string | undefined>;
  timeoutSeconds?: number;
  root?: string;
}): BuildFunction {
  return async ({ outDir, signal }) => {
    const result = await withTrustedCache(cacheDir, () =>
      runAstroBuild({
        root,
        outDir,
        cacheDir,
        env: { ...env, [SECRET_VARIABLE]: undefined },
        timeoutMs: timeoutSeconds * 1000,
        signal,
      }),
    );
    if (!result.timedOut) return result;
    return {
      ...result,
      output:
        `${result.output}\nThe build did not finish within ${timeoutSeconds} s ` +
        '(REBUILD_TIMEOUT_SECONDS): its process group was stopped (SIGTERM, then SIGKILL).',
    };
  };
}
