/**
 * Builds with a cache, through real `astro build`s against real PocketBase servers. Two builds run
 * at once, each with its own pictures, and keep them apart; a rebuild with the first build's cache
 * folder (Astro's content store and the pictures) fetches only what changed, downloads no picture
 * although PocketBase lost its files, and shows an edit and a deletion. (Unpublished and newly due
 * posts, with the loader's own store: incrementalLoading.test.ts.)
 */
import { existsSync } from 'node:fs';
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type PocketBase from 'pocketbase';
import { afterAll, describe, expect, it } from 'vitest';
import { postPath } from '@/lib/blog/paths';
import { runAstroBuild } from '../../tools/publish/astroBuild.ts';
import { createPosts, startTestPocketBase, type TestPocketBase } from '../support/pocketbase';
import { runBuild, TEST_EMAILJS_ENV } from '../support/site';
import { pngBlob } from '../support/pictures';

const servers: TestPocketBase[] = [];
const folders: string[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await Promise.all(folders.map((dir) => rm(dir, { recursive: true, force: true })));
});

/** A built post's page, by the post's address. */
const postPage = (outDir: string, post: { slug: string }) =>
  path.join(outDir, `${postPath(post)}.html`);

/** Publishes a post with a banner and a picture in its body, both of colour `red`. */
async function createPostWithPictures(
  pb: PocketBase,
  red: number,
): Promise<{ id: string; slug: string }> {
  const form = new FormData();
  form.set('title', `Pictures ${red}`);
  form.set('banner_image', await pngBlob(1200, 630, { r: red, g: 90, b: 40 }), 'banner.png');
  form.append('pictures', await pngBlob(1000, 500, { r: red, g: 90, b: 40 }), 'inside.png');
  const record = await pb
    .collection('blogs')
    .create<{ id: string; slug: string; collectionId: string; pictures: string[] }>(form);
  const body = `/api/files/${record.collectionId}/${record.id}/${record.pictures[0]}`;
  await pb.collection('blogs').update(record.id, {
    content: `<p>Text.</p><img src="${body}" alt="Inside ${red}">`,
    published: true,
  });
  return record;
}

/** The `_astro` pictures a built post page shows, and those missing from the output. */
async function picturesOf(outDir: string, post: { slug: string }) {
  const html = await readFile(postPage(outDir, post), 'utf8');
  // The post's own pictures, not those of the related posts' cards after it.
  const article = html.slice(html.indexOf('<article'), html.indexOf('</article>'));
  const files = [...new Set([...article.matchAll(/\/_astro\/([^"\s,]+\.webp)/g)].map((m) => m[1]))];
  const present = new Set(await readdir(path.join(outDir, '_astro')));
  return { html, files, missing: files.filter((file) => !present.has(file)) };
}

describe('builds with a cache', () => {
  it('two builds at once keep their pictures apart; a warm rebuild fetches only what changed, downloads no picture, and shows an edit and a deletion', async () => {
    const [server, other] = await Promise.all([startTestPocketBase(), startTestPocketBase()]);
    servers.push(server, other);
    const pb = await server.superuserClient();
    const [edited, deleted, ...unchanged] = await createPosts(pb, 4);
    const [pictured, otherPictured] = await Promise.all([
      createPostWithPictures(pb, 200),
      createPostWithPictures(await other.superuserClient(), 20),
    ]);

    const [cold, otherCold] = await Promise.all([
      runBuild({ pocketbaseUrl: server.url }),
      runBuild({ pocketbaseUrl: other.url }),
    ]);
    folders.push(cold.root, otherCold.root);
    expect(cold.code, cold.output).toBe(0);
    expect(otherCold.code, otherCold.output).toBe(0);
    expect(cold.output).toContain(`Loaded 5 blog posts from ${server.url} (fetched 5)`);
    // No post names a topic or an author: the pages must not read those empty collections
    // (Astro warns once per page that does).
    expect(cold.output).not.toMatch(/\[WARN\]/);

    const pages = await Promise.all([
      picturesOf(cold.outDir, pictured),
      picturesOf(otherCold.outDir, otherPictured),
    ]);
    for (const [index, page] of pages.entries()) {
      expect(page.missing).toEqual([]);
      // Banner 400w + 800w, body picture 400w + 800w.
      expect(page.files).toHaveLength(4);
      expect(page.html).toContain(`alt="Inside ${index === 0 ? 200 : 20}"`);
    }
    // Different pictures, so no file in common.
    expect(pages[0].files.filter((file) => pages[1].files.includes(file))).toEqual([]);

    await pb.collection('blogs').update(edited.id, { title: 'An edited title' });
    await pb.collection('blogs').delete(deleted.id);
    // Edited too, so the warm build loads its pictures again, with PocketBase's files gone.
    await pb.collection('blogs').update(pictured.id, { title: 'Pictures, edited' });
    // PocketBase loses its files: the pictures can only come from the cache.
    await rm(path.join(server.dataDir, 'storage'), { recursive: true, force: true });

    const warmOut = path.join(cold.root, 'warm');
    const warm = await runAstroBuild({
      root: cold.root,
      outDir: warmOut,
      cacheDir: cold.cacheDir,
      env: { ...TEST_EMAILJS_ENV, POCKETBASE_URL: server.url },
    });
    expect(warm.code, warm.output).toBe(0);
    // The two edits fetched in full, the deletion removed.
    expect(warm.output).toContain(
      `Loaded 4 blog posts from ${server.url} (incremental: fetched 2 new or changed, removed 1)`,
    );
    expect(await readFile(postPage(warmOut, edited), 'utf8')).toContain('An edited title');
    expect(existsSync(postPage(warmOut, deleted))).toBe(false);
    for (const post of unchanged) expect(existsSync(postPage(warmOut, post))).toBe(true);
    const list = await readFile(path.join(warmOut, 'blog.html'), 'utf8');
    expect(list).toContain('An edited title');
    expect(list).not.toContain(deleted.title);

    expect(warm.output).not.toMatch(/could not be downloaded|picture removed/);
    expect(warm.output).toMatch(/reused cache entry/);
    const again = await picturesOf(warmOut, pictured);
    expect(again.missing).toEqual([]);
    expect(again.files.sort()).toEqual([...pages[0].files].sort());
  }, 600_000);
});
