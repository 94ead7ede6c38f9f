/**
 * The rebuild listener's build queue (docs/publishing.md): one build at a time, requests during a
 * build folded into one more. Each build writes into one stable folder (Astro reuses pages only
 * there); a successful one is copied as hard links into a release folder and published by renaming
 * a new symbolic link over the old (releases.ts), so readers see the old site or the new one.
 * A build that leaves the search index out (build.ts) goes live with the live site's index, as
 * `<build>-pages`, then again with its own, written right after, as `<build>`: a search may lag
 * an edit by those seconds. A live `-pages` release (its index failed, or the listener stopped
 * before it) is what `indexBehind()` reports, for the listener to build again at start.
 */
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { findContentWarnings } from '../../../src/integrations/contentWarnings.ts';
import { SEARCH_INDEX_FOLDER } from '../../../src/integrations/searchIndex.ts';
import { createReleases } from './releases.ts';

const OUTPUT_TAIL_CHARS = 4000;
/** The release of a build's pages with the previous build's search index. */
const PAGES_ONLY = '-pages';

type Logger = (message: string) => void;
export interface BuildResult {
  code: number | null;
  output?: string;
  timedOut?: boolean;
  /**
   * The build left the search index out: writes it into the build's folder, and says what it
   * wrote; given up when `signal` aborts (the queue stopping) or the build's time limit passes.
   * The queue calls it once the pages are live (before, for the first build).
   */
  indexSearch?: (signal: AbortSignal) => Promise<string>;
}
/** Builds the site into `outDir`; `code` 0 means success. */
export type BuildFunction = (options: {
  outDir: string;
  signal: AbortSignal;
}) => Promise<BuildResult>;

export interface BuildQueueStats {
  /** Rebuild requests accepted. */
  requests: number;
  /** Builds started. */
  builds: number;
  /** Builds that succeeded and went live. */
  published: number;
  /**
   * Builds that failed (the live site was kept), and search indexes that failed after their
   * pages went live (those pages kept the previous index).
   */
  failed: number;
  /** Why the last failed build or index failed (tail of its output). */
  lastError: string | null;
}

export interface BuildQueueOptions {
  /** The published path: a symlink this module maintains. */
  publishPath: string;
  /** Where build folders are created. */
  buildsDir: string;
  /**
   * The stable folder every build writes into (default: `build` beside buildsDir; best on
   * buildsDir's file system, where publishing copies no data).
   */
  buildDir?: string;
  build: BuildFunction;
  log?: Logger;
}

/** Runs builds one at a time and publishes each successful one. */
export function createBuildQueue({
  publishPath,
  buildsDir,
  buildDir,
  build,
  log = () => {},
}: BuildQueueOptions) {
  const publishLink = path.resolve(publishPath);
  const buildsRoot = path.resolve(buildsDir);
  const stableDir = path.resolve(buildDir ?? path.join(path.dirname(buildsRoot), 'build'));
  const releases = createReleases({ publishLink, buildsRoot, stableDir });
  const { release } = releases;
  let running: Promise<void> | null = null;
  /** Stops the build under way (see stop()). */
  const controller = new AbortController();
  let again = false;
  let sequence = 0;
  let reasons: string[] = [];
  const stats: BuildQueueStats = {
    requests: 0,
    builds: 0,
    published: 0,
    failed: 0,
    lastError: null,
  };

  async function buildOnce() {
    sequence += 1;
    stats.builds += 1;
    const why = reasons.length ? reasons.join('; ') : 'requested';
    reasons = [];
    const outDir = releases.folderFor(sequence);
    const started = Date.now();
    log(`build ${sequence} started (${why})`);
    // Emptied first: its files may be hard links into the live release, never to be written to.
    await rm(stableDir, { recursive: true, force: true });
    let result: BuildResult;
    try {
      result = await build({ outDir: stableDir, signal: controller.signal });
    } catch (error) {
      result = {
        code: null,
        output: error instanceof Error ? error.stack || error.message : String(error),
      };
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    if (result.code === 0 && !existsSync(path.join(stableDir, 'index.html'))) {
      result = {
        code: null,
        output: `${result.output ?? ''}\nThe build succeeded but wrote no index.html.`,
      };
    }
    if (result.code !== 0) {
      stats.failed += 1;
      const tail = String(result.output ?? '')
        .trim()
        .slice(-OUTPUT_TAIL_CHARS);
      stats.lastError = tail || `exit code ${result.code}`;
      const how = result.timedOut ? 'timed out and was stopped' : `exit code ${result.code}`;
      log(
        `build ${sequence} FAILED after ${seconds} s (${how}); the live site is unchanged.\n${tail}`,
      );
      // Half-written pages are never served nor built on.
      await rm(stableDir, { recursive: true, force: true });
      return;
    }
    // The live site's search index, which the new pages go live with while theirs is written.
    const live = await releases.live();
    const liveIndex = live && path.join(live, SEARCH_INDEX_FOLDER);
    const indexLater = liveIndex && existsSync(liveIndex) ? result.indexSearch : undefined;
    if (result.indexSearch && !indexLater) {
      const written = await result.indexSearch(controller.signal);
      log(`build ${sequence}: search index written, ${written}`);
    }
    const pages = indexLater ? `${outDir}${PAGES_ONLY}` : outDir;
    await release(pages, indexLater && liveIndex);
    stats.published += 1;
    // What the build left out of the editors' content, on every build that has any.
    const warnings = findContentWarnings(String(result.output ?? ''));
    log(
      `build ${sequence} published after ${seconds} s: ${pages}${warnings ? `\n${warnings}` : ''}`,
    );
    if (indexLater) {
      try {
        const written = await indexLater(controller.signal);
        await release(outDir);
        const after = ((Date.now() - started) / 1000).toFixed(1);
        log(`build ${sequence}: its search index published after ${after} s, ${written}`);
      } catch (error) {
        stats.failed += 1;
        stats.lastError = `search index: ${error instanceof Error ? error.message : String(error)}`;
        log(
          `build ${sequence}: ${stats.lastError}; the live pages keep the previous build's index ` +
            'until the next build (a restart of the listener builds one).',
        );
      }
    }
    await releases
      .removeOld()
      .catch((error: Error) => log(`could not remove old builds: ${error.message}`));
  }

  async function loop() {
    try {
      do {
        again = false;
        try {
          await buildOnce();
        } catch (error) {
          stats.failed += 1;
          stats.lastError = error instanceof Error ? error.message : String(error);
          log(`build ${sequence} could not be published: ${stats.lastError}`);
        }
      } while (again && !controller.signal.aborted);
    } finally {
      running = null;
    }
  }

  return {
    stats,
    /** Refuses a published path that is a real folder; removes an interrupted run's leftovers. */
    prepare: releases.prepare,
    /** Asks for a build; folds into the next one when a build is running. */
    request(reason = 'requested'): { queued: boolean } {
      if (controller.signal.aborted) return { queued: false };
      stats.requests += 1;
      if (reasons.length < 20) reasons.push(reason);
      if (running) {
        if (!again) log(`a build is running: "${reason}" will be built right after it`);
        again = true;
        return { queued: true };
      }
      running = loop();
      return { queued: false };
    },
    /** Resolves when no build is running or waiting. */
    async whenIdle() {
      while (running) await running;
    },
    /** Stops the build under way (its whole process group) and accepts no more. */
    async stop() {
      controller.abort();
      while (running) await running;
    },
    /** The live build folder, or null before the first successful build. */
    published: releases.live,
    /** Whether the live pages have an older build's search index (their own was not written). */
    async indexBehind() {
      return (await releases.live())?.endsWith(PAGES_ONLY) ?? false;
    },
  };
}
