/**
 * The image path through real `astro build`s: two builds of this checkout at once, each against
 * its own PocketBase with its own pictures, do not mix them up (each build's image cache and
 * manifests live in its own cacheDir); a warm rebuild takes its pictures from the cache and
 * downloads none.
 */
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runAstroBuild } from '../../tools/publish/build.mjs';
import { startTestPocketBase, type TestPocketBase } from '../support/pocketbase';
import { runBuild, TEST_EMAILJS_ENV } from '../support/site';

async function makePng(width: number, height: number, red: number): Promise<Blob> {
  const { default: sharp } = await import('sharp');
  const buffer = await sharp({
    create: { width, height, channels: 3, background: { r: red, g: 90, b: 40 } },
  })
    .png()
    .toBuffer();
  return new Blob([new Uint8Array(buffer)], { type: 'image/png' });
}

/** A PocketBase with one published post: a banner and a picture in its body. */
async function siteWithPictures(red: number) {
  const pocketbase = await startTestPocketBase();
  const pb = await pocketbase.adminClient();
  const form = new FormData();
  form.set('title', `Pictures ${red}`);
  form.set('banner_image', await makePng(1200, 630, red), 'banner.png');
  form.append('images', await makePng(1000, 500, red), 'inside.png');
  const record = await pb.collection('blogs').create(form);
  const body = `/api/files/${record.collectionId}/${record.id}/${record.images[0]}`;
  await pb.collection('blogs').update(record.id, {
    content: `<p>Text.</p><img src="${body}" alt="Inside ${red}">`,
    published: true,
  });
  return { pocketbase, id: record.id as string };
}

/** The `_astro` files a built post page shows, and their sizes in bytes. */
async function picturesOf(outDir: string, id: string) {
  const html = await readFile(path.join(outDir, 'blog', `${id}.html`), 'utf8');
  const files = [...new Set([...html.matchAll(/\/_astro\/([^"\s,]+\.webp)/g)].map((m) => m[1]))];
  const present = new Set(await readdir(path.join(outDir, '_astro')));
  return { html, files, missing: files.filter((file) => !present.has(file)) };
}

const servers: TestPocketBase[] = [];
const folders: string[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await Promise.all(folders.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('building with pictures', () => {
  it('keeps two builds that run at once apart, and a warm rebuild downloads nothing', async () => {
    const sites = await Promise.all([siteWithPictures(200), siteWithPictures(20)]);
    servers.push(...sites.map((site) => site.pocketbase));

    const builds = await Promise.all(
      sites.map((site) => runBuild({ pocketbaseUrl: site.pocketbase.url })),
    );
    folders.push(...builds.map((build) => path.dirname(build.outDir)));
    for (const build of builds) expect(build.code, build.output).toBe(0);

    const pages = await Promise.all(
      sites.map((site, index) => picturesOf(builds[index].outDir, site.id)),
    );
    for (const [index, page] of pages.entries()) {
      expect(page.missing).toEqual([]);
      // Banner 400w + 800w, body picture 400w + 800w.
      expect(page.files).toHaveLength(4);
      expect(page.html).toContain(`alt="Inside ${index === 0 ? 200 : 20}"`);
    }
    // Different pictures, so no file in common.
    expect(pages[0].files.filter((file) => pages[1].files.includes(file))).toEqual([]);

    // A rebuild into a new folder with the first build's cache, after PocketBase lost the
    // files: the pictures come from the cache.
    const [first] = sites;
    const storage = path.join(first.pocketbase.dataDir, 'storage');
    await rm(storage, { recursive: true, force: true });
    const warmOut = path.join(builds[0].root, 'warm');
    const warm = await runAstroBuild({
      root: builds[0].root,
      outDir: warmOut,
      cacheDir: builds[0].cacheDir,
      env: { ...TEST_EMAILJS_ENV, POCKETBASE_URL: first.pocketbase.url },
    });
    expect(warm.code, warm.output).toBe(0);
    expect(warm.output).not.toMatch(/could not be downloaded|picture removed/);
    const again = await picturesOf(warmOut, first.id);
    expect(again.missing).toEqual([]);
    expect(again.files.sort()).toEqual([...pages[0].files].sort());
    expect(warm.output).toMatch(/reused cache entry/);
  }, 600_000);
});
