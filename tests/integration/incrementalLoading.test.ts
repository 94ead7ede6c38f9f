/**
 * The blogs loader's incremental loads against a real PocketBase: a second load with the same
 * store fetches only what changed (counted by the requests PocketBase answers and by the
 * loader's log), and still shows an edit, a deletion, an unpublished post and a scheduled post
 * whose time has come. A store built for a draft preview is not reused.
 */
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { pocketBaseBlogsLoader } from '@/cms/blogs';
import type { PocketBaseLoaderOptions } from '@/cms/loaderOptions';
import { IMAGE_CACHE_FOLDER } from '@/cms/images/manifest';
import { postHtmlDir } from '@/cms/postHtml';
import { blogSchema } from '@/cms/schemas';
import { createPosts, startTestPocketBase, type TestPocketBase } from '../support/pocketbase';
import { createLoaderContext, type TestLoaderContext } from '../support/loaderContext';
import { pngBlob } from '../support/pictures';

const pocketBaseDate = (ms: number) => new Date(ms).toISOString().replace('T', ' ');

/** The loader's summary line: how many records it fetched in full, and whether incrementally. */
function fetchedOf(loader: TestLoaderContext) {
  const line = loader.logs.find((log) => /^Loaded \d+ blog posts/.test(log.message))?.message;
  const match = line?.match(/\((incremental: )?fetched (\d+)/);
  if (!match) throw new Error(`no summary line in ${JSON.stringify(loader.logs)}`);
  return { incremental: Boolean(match[1]), fetched: Number(match[2]) };
}

async function load(loader: TestLoaderContext, options: PocketBaseLoaderOptions) {
  loader.logs.length = 0;
  await pocketBaseBlogsLoader({ failOnError: true, ...options }).load(loader.context);
  return fetchedOf(loader);
}

describe('blogs loader: incremental loads', () => {
  let server: TestPocketBase;
  let pb: PocketBase;
  let posts: RecordModel[];

  beforeAll(async () => {
    server = await startTestPocketBase();
    pb = await server.superuserClient();
    posts = await createPosts(pb, 20);
  });
  afterAll(() => server?.stop());

  it('fetches only new and changed records, and shows edits, deletions, unpublished and newly due posts', async () => {
    // Due a few seconds from now: the first load runs well before, the second after.
    const dueAt = Date.now() + 4_000;
    const scheduled = await pb.collection('blogs').create({
      title: 'Scheduled',
      content: '<p>Soon.</p>',
      published: true,
      published_at: pocketBaseDate(dueAt),
    });
    const loader = createLoaderContext('blogs', blogSchema);
    const cold = await load(loader, { url: server.url });
    expect(Date.now()).toBeLessThan(dueAt);
    expect(cold).toEqual({ incremental: false, fetched: 20 });
    expect(loader.entries.has(scheduled.id)).toBe(false);

    // Nothing changed: one cheap list request, nothing fetched in full.
    expect(await load(loader, { url: server.url })).toEqual({ incremental: true, fetched: 0 });

    const [edited, deleted, unpublished] = posts;
    await pb.collection('blogs').update(edited.id, { title: 'Edited title' });
    await pb.collection('blogs').delete(deleted.id);
    await pb.collection('blogs').update(unpublished.id, { published: false });
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, dueAt - Date.now() + 500)));
    // The scheduled post's record did not change: only the clock made it public.
    expect((await pb.collection('blogs').getOne(scheduled.id)).updated).toBe(scheduled.updated);

    const warm = await load(loader, { url: server.url });
    expect(warm).toEqual({ incremental: true, fetched: 2 });
    expect(loader.logs.find((log) => log.message.startsWith('Loaded'))?.message).toContain(
      'removed 2',
    );
    expect(loader.entries.get(edited.id)?.data.title).toBe('Edited title');
    expect(loader.entries.has(deleted.id)).toBe(false);
    expect(loader.entries.has(unpublished.id)).toBe(false);
    expect(loader.entries.get(scheduled.id)?.data.title).toBe('Scheduled');
    expect(loader.entries.size).toBe(19);

    // The same store with a fresh load gives the same entries: nothing stale was kept.
    const fresh = createLoaderContext('blogs', blogSchema);
    await load(fresh, { url: server.url });
    expect(
      loader
        .list()
        .map((entry) => entry.id)
        .sort(),
    ).toEqual(
      fresh
        .list()
        .map((entry) => entry.id)
        .sort(),
    );
    for (const entry of fresh.list()) expect(loader.entries.get(entry.id)).toEqual(entry);
  });

  it('fetches again a stored post whose cached picture has gone', async () => {
    const form = new FormData();
    form.set('title', 'With banner');
    form.set('content', '<p>Banner.</p>');
    form.set('published', 'true');
    form.set('banner_image', await pngBlob(1200, 630), 'b.png');
    const record = await pb.collection('blogs').create(form);

    const loader = createLoaderContext('blogs', blogSchema);
    await load(loader, { url: server.url });
    const banner = loader.entries.get(record.id)?.data.banner as { file: string };
    expect(banner.file).toMatch(/\.png$/);
    await rm(path.join(loader.cacheDir, IMAGE_CACHE_FOLDER, banner.file));
    expect(await load(loader, { url: server.url })).toEqual({ incremental: true, fetched: 1 });
    expect(existsSync(path.join(loader.cacheDir, IMAGE_CACHE_FOLDER, banner.file))).toBe(true);
    expect(loader.entries.get(record.id)?.data.banner).toEqual(banner);
    await pb.collection('blogs').delete(record.id);
  });

  it('keeps bodies out of the store, and fetches again a stored post whose body file has gone', async () => {
    const loader = createLoaderContext('blogs', blogSchema);
    await load(loader, { url: server.url });
    const [post] = posts.slice(-1);
    const file = loader.entries.get(post.id)?.data.htmlFile as string;
    const paragraph = /<p>Paragraph one of post \d+ about/;
    expect(JSON.stringify(loader.entries.get(post.id))).not.toMatch(paragraph);
    expect(loader.html(post.id)).toMatch(paragraph);
    await rm(path.join(postHtmlDir(loader.cacheDir), file));
    expect(await load(loader, { url: server.url })).toEqual({ incremental: true, fetched: 1 });
    expect(loader.entries.get(post.id)?.data.htmlFile).toBe(file);
    expect(loader.html(post.id)).toMatch(paragraph);

    // An edited body is a new file: the entry, and so its page's key, change with it.
    await pb.collection('blogs').update(post.id, { content: '<p>Edited body.</p>' });
    await load(loader, { url: server.url });
    expect(loader.entries.get(post.id)?.data.htmlFile).not.toBe(file);
    expect(loader.html(post.id)).toBe('<p>Edited body.</p>');
  });

  // Which settings make another store (another PocketBase, site origin, picture hosts): refresh.test.ts.
  it('does not reuse a store built for a draft preview, nor the preview one built for the site', async () => {
    const loader = createLoaderContext('blogs', blogSchema);
    await load(loader, { url: server.url });
    const publicCount = loader.entries.size;

    // A preview reads everything, drafts included, and always in full.
    const draft = await pb.collection('blogs').create({ title: 'Draft', content: '<p>x</p>' });
    const preview = await load(loader, {
      url: server.url,
      preview: true,
      previewReader: server.previewReader,
    });
    const everyRecord = (await pb.collection('blogs').getFullList({ fields: 'id' })).length;
    expect(everyRecord).toBeGreaterThan(publicCount);
    expect(preview).toEqual({ incremental: false, fetched: everyRecord });
    expect(loader.entries.has(draft.id)).toBe(true);

    // Back to the public site with the preview's store: read again in full, the draft gone.
    const production = await load(loader, { url: server.url });
    expect(production).toEqual({ incremental: false, fetched: publicCount });
    expect(loader.entries.has(draft.id)).toBe(false);
    await pb.collection('blogs').delete(draft.id);
  });
});
