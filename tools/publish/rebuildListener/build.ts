/**
 * The rebuild listener's build: `astro build` (../astroBuild.ts) into the build queue's stable
 * output folder, with a cache a failed build cannot spoil, stopped after a time limit, and with
 * the search index left for the queue to write once the pages are live.
 */
import { existsSync } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { close as closePagefind } from 'pagefind';
import { writeSearchIndex } from '../../../src/integrations/searchIndex.ts';
import { runAstroBuild } from '../astroBuild.ts';
import { SECRET_VARIABLE } from './endpoint.ts';
import type { BuildFunction } from './buildQueue.ts';

/** A build that has not finished after this long is stopped (REBUILD_TIMEOUT_SECONDS). */
const DEFAULT_BUILD_TIMEOUT_SECONDS = 600;

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
 * Pagefind's index of the built site in `outDir`, like the build itself given up when `signal`
 * aborts (the queue stopping, or REBUILD_TIMEOUT_SECONDS): its backend is closed, and the pages
 * already live keep the previous index.
 */
export async function indexWithin(outDir: string, signal: AbortSignal): Promise<string> {
  const why = () =>
    new Error(
      `Pagefind stopped: ${
        signal.reason?.name === 'TimeoutError'
          ? 'it did not finish within REBUILD_TIMEOUT_SECONDS'
          : String(signal.reason?.message ?? signal.reason)
      }`,
    );
  if (signal.aborted) throw why();
  let stopped: (() => void) | undefined;
  const aborted = new Promise<never>((_, reject) => {
    stopped = () => {
      void closePagefind();
      reject(why());
    };
    signal.addEventListener('abort', stopped, { once: true });
  });
  try {
    const { posts, seconds } = await Promise.race([writeSearchIndex(outDir), aborted]);
    return `${posts} posts indexed in ${seconds} s`;
  } finally {
    if (stopped) signal.removeEventListener('abort', stopped);
  }
}

/**
 * The rebuild listener's build: `astro build` of `root` (default: this project) into the queue's
 * stable output folder with a persistent cache (withTrustedCache), stopped with its whole process
 * group after `timeoutSeconds`. The listener's secret is kept out of its environment: a build runs
 * the project's code and its dependencies, which have no use for it. The build leaves the search
 * index out (SEARCH_INDEX_LATER): the queue puts the pages live, then has it written.
 */
export function listenerBuild({
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
        env: { ...env, SEARCH_INDEX_LATER: 'true', [SECRET_VARIABLE]: undefined },
        timeoutMs: timeoutSeconds * 1000,
        signal,
      }),
    );
    if (result.code === 0) {
      return {
        ...result,
        indexSearch: (stop) =>
          indexWithin(outDir, AbortSignal.any([stop, AbortSignal.timeout(timeoutSeconds * 1000)])),
      };
    }
    if (!result.timedOut) return result;
    return {
      ...result,
      output:
        `${result.output}\nThe build did not finish within ${timeoutSeconds} s ` +
        '(REBUILD_TIMEOUT_SECONDS): its process group was stopped (SIGTERM, then SIGKILL).',
    };
  };
}
