/**
 * What a build asks of PocketBase, from PocketBase's own request log (the `_logs` table of the
 * data folder's auxiliary.db): how many requests, how many were refused with 429, and the most in
 * any 10 s of each rate-limit bucket the build's requests fall in. PocketBase keeps one bucket per
 * collection and route (`blogs:file`, `blogs:list`), so each limit is held against its bucket.
 *
 * `node tools/bench/requests.ts [--posts 5000]` measures a cold build of that many posts with
 * banners (a third with a picture in the body) against a PocketBase with the project's limits:
 * the figures the rate limits (pb_migrations) are set from.
 */
import '../shared/env.ts';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { startPocketBase } from '../local/pocketbase/serverProcess.ts';
import { superuserClient } from '../local/pocketbase/superuser.ts';
import { runAstroBuild } from '../publish/astroBuild.ts';
import { createPostsWithPictures } from './fixture.ts';

export interface RequestFigures {
  total: number;
  /** Answered 429: over a rate limit. */
  refused: number;
  /** Per bucket (`<collection>:<file|list|view>`, or the path), the most requests in any 10 s. */
  peakPer10s: Record<string, number>;
}

/** PocketBase writes its request log in batches, at most 3 s apart. */
const LOG_FLUSH_MS = 3_500;
const WINDOW_MS = 10_000;

/** The rate-limit bucket of a request, as PocketBase keys it. */
export function bucketOf(url: string): string {
  const { pathname } = new URL(url, 'http://pocketbase');
  const file = /^\/api\/files\/([^/]+)\/[^/]+\/[^/]+$/.exec(pathname);
  if (file) return `${file[1]}:file`;
  const records = /^\/api\/collections\/([^/]+)\/records(\/[^/]+)?$/.exec(pathname);
  if (records) return `${records[1]}:${records[2] ? 'view' : 'list'}`;
  return pathname;
}

/** The most of `times` (ms, any order) that fall within any `windowMs`. */
export function peakInWindow(times: number[], windowMs = WINDOW_MS): number {
  const sorted = [...times].sort((a, b) => a - b);
  let peak = 0;
  for (let end = 0, start = 0; end < sorted.length; end += 1) {
    while (sorted[end]! - sorted[start]! >= windowMs) start += 1;
    peak = Math.max(peak, end - start + 1);
  }
  return peak;
}

/** The figures of the anonymous requests logged from `sinceMs` on (a build reads anonymously). */
export async function readRequestFigures(
  dataDir: string,
  sinceMs: number,
): Promise<RequestFigures> {
  await sleep(LOG_FLUSH_MS);
  const db = new DatabaseSync(path.join(dataDir, 'auxiliary.db'), { readOnly: true });
  try {
    const rows = db
      .prepare(
        "SELECT created, json_extract(data, '$.url') AS url, json_extract(data, '$.status') AS status " +
          "FROM _logs WHERE json_extract(data, '$.type') = 'request' " +
          "AND json_extract(data, '$.auth') = '' AND created >= ?",
      )
      .all(new Date(sinceMs).toISOString().replace('T', ' ')) as {
      created: string;
      url: string;
      status: number;
    }[];
    const times = new Map<string, number[]>();
    for (const { created, url } of rows) {
      const bucket = bucketOf(url);
      times.set(bucket, [...(times.get(bucket) ?? []), Date.parse(created.replace(' ', 'T'))]);
    }
    return {
      total: rows.length,
      refused: rows.filter((row) => row.status === 429).length,
      peakPer10s: Object.fromEntries(
        [...times].map(([bucket, list]) => [bucket, peakInWindow(list)] as const),
      ),
    };
  } finally {
    db.close();
  }
}

if (import.meta.main) {
  const { values } = parseArgs({ options: { posts: { type: 'string', default: '5000' } } });
  const posts = Number(values.posts);
  const work = await mkdtemp(path.join(tmpdir(), 'lw-bench-requests-'));
  const superuser = {
    email: 'bench@ledgerwise.local',
    password: randomBytes(18).toString('base64url'),
  };
  const dataDir = path.join(work, 'pb');
  const server = await startPocketBase({ dataDir, superuser });
  try {
    console.log(`Creating ${posts} posts with banners (a third with a picture in the body)…`);
    await createPostsWithPictures(await superuserClient(server.url, superuser), posts);
    const load = loadavg()[0].toFixed(1);
    const started = Date.now();
    const build = await runAstroBuild({
      outDir: path.join(work, 'dist'),
      cacheDir: path.join(work, 'cache'),
      env: { POCKETBASE_URL: server.url, LOCAL_BUILD: 'true' },
    });
    if (build.code !== 0) throw new Error(`The build failed:\n${build.output}`);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const figures = await readRequestFigures(dataDir, started);
    console.log(
      `Cold build of ${posts} posts: ${seconds} s (load ${load} → ${loadavg()[0].toFixed(1)})`,
    );
    console.log(JSON.stringify(figures, null, 2));
  } finally {
    await server.stop();
    await rm(work, { recursive: true, force: true });
  }
}
