/**
 * Times cold builds of the site against a temporary PocketBase holding N posts (its own data
 * folder and free port; ended and removed after). Each build gets fresh output and cache
 * folders, so nothing carries over from the build before.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import PocketBase from 'pocketbase';
import { runAstroBuild } from '../astro-build.mjs';
import { ensureAdmin } from '../pocketbase-admin.mjs';
import { startPocketBase } from '../pocketbase-process.mjs';
import { createPosts } from '../seed-posts.mjs';
import { samplePeakMemory } from './process-memory.mjs';

/** Seconds Astro spent in its "generating static routes" phase (the per-page rendering). */
export function renderPhaseSeconds(output) {
  const start = output.indexOf('generating static routes');
  if (start < 0) return null;
  const match = /✓ Completed in ([\d.]+)(m?s)/.exec(output.slice(start));
  if (!match) return null;
  return Number(match[1]) / (match[2] === 'ms' ? 1000 : 1);
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
 * @param {{ sizes: number[], log?: (message: string) => void }} options
 * @returns {Promise<Array<{ posts: number, pages: number, wallSeconds: number, peakMemoryBytes: number | null,
 *   msPerPage: number, renderSeconds: number | null, renderMsPerPage: number | null, astroReported: string | null, ok: boolean, error?: string }>>}
 */
export async function measureBuildScale({ sizes, log = console.log }) {
  const work = await mkdtemp(path.join(tmpdir(), 'lw-bench-scale-'));
  const dataDir = path.join(work, 'pb_data');
  const admin = {
    email: 'bench@ledgerwise.local',
    password: randomBytes(18).toString('base64url'),
  };
  const pocketbase = await startPocketBase({ dataDir, port: 0 });
  const results = [];
  try {
    await ensureAdmin({ url: pocketbase.url, dataDir, ...admin });
    const pb = new PocketBase(pocketbase.url);
    pb.autoCancellation(false);
    await pb.admins.authWithPassword(admin.email, admin.password);

    let created = 0;
    for (const size of [...sizes].sort((a, b) => a - b)) {
      const missing = size - created;
      if (missing > 0) {
        log(`  seeding ${missing} posts (total ${size})…`);
        await createPosts(pb, missing, (index) => makeBenchPost(created + index));
        created = size;
      }
      const outDir = path.join(work, `dist-${size}`);
      const cacheDir = path.join(work, `cache-${size}`);
      log(`  building with ${size} posts…`);
      let sampler;
      const started = process.hrtime.bigint();
      const { code, output } = await runAstroBuild({
        outDir,
        cacheDir,
        env: { POCKETBASE_URL: pocketbase.url, LOCAL_BUILD: 'true' },
        onSpawn: (child) => {
          if (child.pid) sampler = samplePeakMemory(child.pid);
        },
      });
      const wallSeconds = Number(process.hrtime.bigint() - started) / 1e9;
      const memory = sampler ? await sampler.stop() : { available: false, peakBytes: 0 };
      if (code !== 0) {
        results.push({
          posts: size,
          pages: 0,
          wallSeconds,
          peakMemoryBytes: memory.available ? memory.peakBytes : null,
          msPerPage: NaN,
          renderSeconds: null,
          renderMsPerPage: null,
          astroReported: null,
          ok: false,
          error: output.slice(-2000),
        });
        log(`  build with ${size} posts FAILED (exit ${code})`);
        continue;
      }
      const pages = await countHtmlFiles(outDir);
      const renderSeconds = renderPhaseSeconds(output);
      const reported = /(\d+) page\(s\) built in ([\d.]+)(m?s)/.exec(output);
      results.push({
        posts: size,
        pages,
        wallSeconds,
        peakMemoryBytes: memory.available ? memory.peakBytes : null,
        msPerPage: (wallSeconds * 1000) / pages,
        renderSeconds,
        renderMsPerPage: renderSeconds == null ? null : (renderSeconds * 1000) / pages,
        astroReported: reported ? `${reported[1]} pages in ${reported[2]}${reported[3]}` : null,
        ok: true,
      });
      log(
        `  ${size} posts: ${pages} pages in ${wallSeconds.toFixed(1)} s, peak ${(memory.peakBytes / 2 ** 20).toFixed(0)} MB`,
      );
      // The folders of big builds are large: drop each once measured.
      await rm(outDir, { recursive: true, force: true });
      await rm(cacheDir, { recursive: true, force: true });
    }
  } finally {
    await pocketbase.stop();
    await rm(work, { recursive: true, force: true });
  }
  return results;
}
