/**
 * Times builds of the site against a temporary PocketBase (its own data folder and free port;
 * ended and removed after): cold builds start from an empty cache folder, a warm one reuses the
 * cold build's.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runAstroBuild } from '../publish/build.mjs';
import { ensureAdmin } from '../local/pocketbase/admin.mjs';
import { startPocketBase } from '../local/pocketbase/server.mjs';
import { createPosts } from '../local/pocketbase/posts.mjs';
import { kb, mb } from './format.mjs';
import { measureSearch } from './search.mjs';
import { createPostsWithPictures } from './pictures.mjs';
import { samplePeakMemory } from './memory.mjs';

/** Seconds Astro spent in its "generating static routes" phase (the per-page rendering). */
export function renderPhaseSeconds(output) {
  const start = output.indexOf('generating static routes');
  if (start < 0) return null;
  const match = /✓ Completed in ([\d.]+)(m?s)/.exec(output.slice(start));
  if (!match) return null;
  return Number(match[1]) / (match[2] === 'ms' ? 1000 : 1);
}

/** Seconds of a phase Astro times itself: the "✓ Completed in" after its banner. */
function astroTimedPhase(output, banner) {
  const start = output.indexOf(banner);
  if (start < 0) return null;
  const match = /✓ Completed in ([\d.]+)(m?s)/.exec(output.slice(start));
  return match ? Number(match[1]) / (match[2] === 'ms' ? 1000 : 1) : null;
}

/** A figure an integration logs about itself ("… in 3.3 s"), in seconds. */
function selfTimed(output, pattern) {
  const match = pattern.exec(output);
  return match ? Number(match[1]) : null;
}

/**
 * Where a build's time went, from its log: the content loaders, bundling, rendering, image
 * transforms, the sitemap, the search index and the inline-script check. Astro's banners carry no
 * clock, so bundling runs from the loaders' end to the first line after the render banner, and
 * the sitemap from the end of the last phase Astro timed; those are whole seconds (±1 s).
 * @param {string} output
 */
export function buildPhases(output) {
  // eslint-disable-next-line no-control-regex -- Astro colours its log lines.
  const lines = output.replace(/\x1b\[[0-9;]*m/g, '').split('\n');
  const clockOf = (line) => {
    const time = /^(\d\d):(\d\d):(\d\d) /.exec(line);
    return time ? Number(time[1]) * 3600 + Number(time[2]) * 60 + Number(time[3]) : null;
  };
  /** The clock of the first stamped line matching `pattern`, after the line matching `after`. */
  const clockAt = (pattern, after) => {
    let from = 0;
    if (after) {
      from = lines.findIndex((line) => after.test(line));
      if (from < 0) return null;
    }
    for (const line of lines.slice(from)) {
      const clock = clockOf(line);
      if (clock != null && pattern.test(line)) return clock;
    }
    return null;
  };
  const between = (from, to) => (from == null || to == null ? null : (to - from + 86_400) % 86_400);
  const imagesDone = clockAt(/✓ Completed in/, /generating optimized images/);
  const renderDone = clockAt(/✓ Completed in/, /generating static routes/);
  return {
    contentSeconds: between(
      clockAt(/\[content\] Syncing content/),
      clockAt(/\[content\] Synced content/),
    ),
    bundleSeconds: between(
      clockAt(/\[content\] Synced content/),
      clockAt(/./, /generating static routes/),
    ),
    renderSeconds: renderPhaseSeconds(output),
    imageSeconds: astroTimedPhase(output, 'generating optimized images'),
    sitemapSeconds: between(imagesDone ?? renderDone, clockAt(/sitemap-index\.xml` created/)),
    searchSeconds: selfTimed(output, /Search index: \d+ posts indexed in ([\d.]+) s/),
    cspSeconds: selfTimed(output, /Content-Security-Policy checked in \d+ pages.* in ([\d.]+) s/),
  };
}

async function countHtmlFiles(dir) {
  let count = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && entry.name.endsWith('.html')) count += 1;
  }
  return count;
}

/** A post body of a realistic length (about 600 words), so rendering has real work to do. */
function makeBenchPost(index) {
  const n = index + 1;
  const paragraph =
    'Provisional tax, VAT returns and PAYE reconciliations follow a calendar that leaves little ' +
    'room for error. This paragraph stands in for the advice a practitioner would write, with ' +
    '<strong>emphasis</strong>, <a href="https://www.sars.gov.za/">a link to SARS</a> and a list.';
  const sections = Array.from(
    { length: 6 },
    (_, s) =>
      `<h2>Part ${s + 1} of post ${n}</h2><p>${paragraph}</p><p>${paragraph}</p>` +
      '<ul><li>Gather the supporting schedules</li><li>Reconcile to the ledger</li><li>File on eFiling</li></ul>',
  );
  return {
    title: `Bench post ${n}: tax practice note ${n}`,
    content: sections.join(''),
    published: true,
  };
}

/**
 * One `astro build` into `outDir` with `cacheDir`, timed, its process tree's peak memory and CPU
 * time sampled (null where /proc cannot be read). A failed build has no phases, only its error.
 * @param {{ url: string, outDir: string, cacheDir: string }} build
 * @returns {Promise<{ ok: boolean, pages: number, wallSeconds: number, cpuSeconds: number | null,
 *   peakMemoryBytes: number | null, renderSeconds: number | null,
 *   phases?: ReturnType<typeof buildPhases>, loaded: string | null, error?: string }>}
 */
async function timedBuild({ url, outDir, cacheDir }) {
  /** @type {ReturnType<typeof samplePeakMemory> | undefined} */
  let sampler;
  const started = process.hrtime.bigint();
  const { code, output } = await runAstroBuild({
    outDir,
    cacheDir,
    env: { POCKETBASE_URL: url, LOCAL_BUILD: 'true' },
    onSpawn: (child) => {
      if (child.pid) sampler = samplePeakMemory(child.pid);
    },
  });
  const wallSeconds = Number(process.hrtime.bigint() - started) / 1e9;
  const memory = sampler ? await sampler.stop() : null;
  const peakMemoryBytes = memory?.available ? memory.peakBytes : null;
  const cpuSeconds = memory?.available ? memory.cpuSeconds : null;
  if (code !== 0)
    return {
      ok: false,
      pages: 0,
      wallSeconds,
      cpuSeconds,
      peakMemoryBytes,
      renderSeconds: null,
      loaded: null,
      error: `exit ${code}: ${output.slice(-2000)}`,
    };
  return {
    ok: true,
    pages: await countHtmlFiles(outDir),
    wallSeconds,
    cpuSeconds,
    peakMemoryBytes,
    renderSeconds: renderPhaseSeconds(output),
    phases: buildPhases(output),
    // The blogs loader's summary: how many posts, and how many it fetched.
    loaded: /Loaded \d+ blog posts[^\n]*/.exec(output)?.[0] ?? null,
  };
}

/**
 * The bench's builds against one temporary PocketBase: 1,000 posts, each with its own banner and
 * a third with a picture in the body, built cold and then warm (same cache folder, a rebuild as
 * after an editor's save); then 4,000 more posts and a cold build of all 5,000 (skipped by
 * `quick`).
 * @param {{ quick?: boolean, log?: (message: string) => void }} options
 * @returns {Promise<Array<{ name: 'cold1000' | 'warm1000' | 'cold1000cards' | 'warm1000cards' | 'cold5000', label: string, posts: number } & Awaited<ReturnType<typeof timedBuild>>>>}
 */
export async function measureBuildScale({ quick = false, log = console.log }) {
  const work = await mkdtemp(path.join(tmpdir(), 'lw-bench-scale-'));
  const dataDir = path.join(work, 'pb_data');
  const admin = {
    email: 'bench@ledgerwise.local',
    password: randomBytes(18).toString('base64url'),
  };
  const pocketbase = await startPocketBase({ dataDir, port: 0 });
  const results = [];
  const build = async (name, label, posts, cacheDir) => {
    // One output folder per cache folder, as the rebuild listener keeps: Astro reuses a page only
    // into the folder it was built in.
    const outDir = path.join(work, `dist-${path.basename(cacheDir)}`);
    log(`  ${label}…`);
    const result = await timedBuild({ url: pocketbase.url, outDir, cacheDir });
    // What a reader's first search costs on the 1,000-post index (after the timing: not in it).
    const search =
      name === 'cold1000' && result.ok ? await measureSearch(outDir, 'reconcile ledger') : null;
    // Share cards in the output: one per post without a banner (drawn, or from the cache).
    const shareCards = (await readdir(path.join(outDir, 'og')).catch(() => [])).length;
    results.push({ name, label, posts, ...result, search, shareCards });
    if (search)
      log(
        `  search on /blog for "${search.query}": ${search.results} ${kb(search.scriptGzip)} gzip of script, ${kb(search.indexBytes)} of index`,
      );
    log(
      result.ok
        ? `  ${label}: ${result.pages} pages and ${shareCards} share cards in ${result.wallSeconds.toFixed(1)} s (CPU ${result.cpuSeconds?.toFixed(1) ?? 'n/a'} s), peak ${mb(result.peakMemoryBytes)}; ${result.loaded}`
        : `  ${label} FAILED (${result.error?.split('\n')[0]})`,
    );
  };
  try {
    const pb = await ensureAdmin({ url: pocketbase.url, dataDir, ...admin });

    log('  seeding 1,000 posts with banners (a third with a picture in the body)…');
    await createPostsWithPictures(pb, 1000, {
      title: (index) => makeBenchPost(index).title,
      content: (index) => makeBenchPost(index).content,
    });
    const cache1000 = path.join(work, 'cache-1000');
    await build('cold1000', 'cold build, 1,000 posts with banners', 1000, cache1000);
    await build('warm1000', 'warm build, 1,000 posts with banners', 1000, cache1000);
    await rm(cache1000, { recursive: true, force: true });
    await rm(path.join(work, 'dist-cache-1000'), { recursive: true, force: true });

    // The same posts without banners: each then shares a card the build draws (and caches).
    log('  removing the banners…');
    const ids = (await pb.collection('blogs').getFullList({ fields: 'id', batch: 500 })).map(
      (record) => record.id,
    );
    for (const id of ids) await pb.collection('blogs').update(id, { banner_image: null });
    const cacheCards = path.join(work, 'cache-cards');
    await build('cold1000cards', 'cold build, 1,000 posts without banners', 1000, cacheCards);
    await build('warm1000cards', 'warm build, 1,000 posts without banners', 1000, cacheCards);
    await rm(cacheCards, { recursive: true, force: true });
    await rm(path.join(work, 'dist-cache-cards'), { recursive: true, force: true });

    if (!quick) {
      log('  seeding 4,000 more posts…');
      await createPosts(pb, 4000, (index) => makeBenchPost(1000 + index));
      const cache5000 = path.join(work, 'cache-5000');
      await build('cold5000', 'cold build, 5,000 posts', 5000, cache5000);
    }
  } finally {
    await pocketbase.stop();
    await rm(work, { recursive: true, force: true });
  }
  return results;
}
