/**
 * Measures the image work of a build of the seed site: which transforms Astro generates (count,
 * widths, formats), which of them no built file refers to, and how many files the build
 * downloads from PocketBase. Two builds share one cache folder: a cold one, then a warm one.
 * Everything runs in temporary folders.
 *
 *   node tools/bench/images.mjs
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { runAstroBuild } from '../publish/build.mjs';
import { ensureAdmin } from '../local/pocketbase/admin.mjs';
import { startPocketBase } from '../local/pocketbase/server.mjs';
import { seedPocketBase } from '../local/pocketbase/seed.mjs';

/** "▶ /_astro/name.hash.webp (before: …)" lines of Astro's image generation step. */
const TRANSFORM_LINE = /▶ (\/_astro\/\S+\.(?:webp|avif|png|jpe?g|gif))/g;

/** @param {string} dir @returns {Promise<string[]>} */
async function listFiles(dir) {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/** Every text file of the build, joined: what pages, feeds and styles refer to. */
async function builtText(outDir) {
  const files = (await listFiles(outDir)).filter((f) => /\.(html|xml|css|js|txt|json)$/.test(f));
  return (await Promise.all(files.map((f) => readFile(f, 'utf8')))).join('\n');
}

/** @param {import('pocketbase').default} pb */
async function countFileDownloads(pb, since) {
  const list = await pb.logs.getList(1, 1, {
    filter: `data.url ~ "/api/files/" && created >= "${since}"`,
  });
  return list.totalItems;
}

const pbTime = (date) => date.toISOString().replace('T', ' ');

async function measureBuild(label, { outDir, cacheDir, env, pb }) {
  const since = pbTime(new Date());
  const started = Date.now();
  const { code, output } = await runAstroBuild({ outDir, cacheDir, env });
  const seconds = (Date.now() - started) / 1000;
  if (code !== 0) throw new Error(`${label} build failed:\n${output}`);
  const transforms = [...new Set([...output.matchAll(TRANSFORM_LINE)].map((m) => m[1]))];
  const reused = (output.match(/reused cache entry/g) ?? []).length;
  const text = await builtText(outDir);
  const byKind = new Map();
  const unreferenced = [];
  for (const file of transforms) {
    const { width, format } = await sharp(path.join(outDir, file)).metadata();
    const kind = `${format} ${width}w`;
    byKind.set(kind, (byKind.get(kind) ?? 0) + 1);
    if (!text.includes(path.basename(file))) unreferenced.push(file);
  }
  // PocketBase writes its request log in batches, every few seconds.
  await new Promise((resolve) => setTimeout(resolve, 5000));
  const downloads = await countFileDownloads(pb, since);
  console.log(`\n${label} build: ${seconds.toFixed(1)} s`);
  console.log(`  transforms: ${transforms.length} (reused from the cache: ${reused})`);
  for (const [kind, count] of [...byKind].sort()) console.log(`    ${kind}: ${count}`);
  console.log(`  referenced by no built file: ${unreferenced.length}`);
  for (const file of unreferenced) console.log(`    ${file}`);
  // Originals Astro copied into the site besides the transforms (it keeps those whose
  // properties a page read): files shipped that no page loads.
  const shipped = (await readdir(path.join(outDir, '_astro'))).filter((name) =>
    /\.(webp|avif|png|jpe?g|gif|tiff)$/.test(name),
  );
  const unused = shipped.filter((name) => !text.includes(name));
  console.log(`  image files in _astro: ${shipped.length}, used by no page: ${unused.length}`);
  for (const name of unused) console.log(`    ${name}`);
  console.log(`  files downloaded from PocketBase: ${downloads}`);
}

async function main() {
  const work = await mkdtemp(path.join(tmpdir(), 'lw-images-'));
  const dataDir = path.join(work, 'pb');
  const server = await startPocketBase({ dataDir });
  try {
    const admin = { email: 'measure@ledgerwise.local', password: 'measure-only-password' };
    const pb = await ensureAdmin({ url: server.url, dataDir, ...admin });
    await seedPocketBase({ pb });
    const common = {
      cacheDir: path.join(work, 'cache'),
      env: { POCKETBASE_URL: server.url, LOCAL_BUILD: 'true' },
      pb,
    };
    await measureBuild('cold', { ...common, outDir: path.join(work, 'cold') });
    await measureBuild('warm', { ...common, outDir: path.join(work, 'warm') });
  } finally {
    await server.stop();
    await rm(work, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
