/**
 * The content loaders against a real PocketBase (never mocked): paging, order, derived fields,
 * images, the empty collection, the failure policy and the testimonial fallback.
 */
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import {
  BlogLoadError,
  blogStatusLoader,
  pocketBaseBlogsLoader,
  pocketBaseTestimonialsLoader,
} from '@/lib/pocketbase/loaders';
import { fetchAllRecords } from '@/lib/pocketbase/client';
import { blogSchema, blogStatusSchema, testimonialSchema } from '@/lib/pocketbase/schemas';
import { SAMPLE_TESTIMONIALS } from '@/data/testimonials';
import { LIMITS } from '@/site.config';
import { createPosts, startTestPocketBase, type TestPocketBase } from '../support/pocketbase';
import { createLoaderContext } from '../support/loaderContext';
import { getFreePort } from '../../scripts/lib/pocketbase.mjs';

/** A tiny valid PNG of the given size, made by sharp (Astro's image service). */
async function makePng(width: number, height: number): Promise<Blob> {
  const { default: sharp } = await import('sharp');
  const buffer = await sharp({
    create: { width, height, channels: 3, background: { r: 20, g: 80, b: 160 } },
  })
    .png()
    .toBuffer();
  return new Blob([new Uint8Array(buffer)], { type: 'image/png' });
}

/** Deletes a record's stored file on disk, so downloading it answers 404. */
async function deleteStoredFile(server: TestPocketBase, record: RecordModel) {
  const dir = path.join(server.dataDir, 'storage', record.collectionId, record.id);
  for (const name of await readdir(dir)) await rm(path.join(dir, name), { recursive: true });
}

const closedUrl = async () => `http://127.0.0.1:${await getFreePort()}`;

describe('blogs loader: 1,234 records', () => {
  let server: TestPocketBase;
  let pb: PocketBase;
  let created: RecordModel[];

  beforeAll(async () => {
    server = await startTestPocketBase();
    pb = await server.adminClient();
    created = await createPosts(pb, 1234);
  });
  afterAll(() => server?.stop());

  it('reads every record in pages of 500, newest first', async () => {
    const requests: { page: unknown; perPage: unknown }[] = [];
    const client = await server.adminClient();
    client.beforeSend = (url, options) => {
      requests.push({ page: options.query?.page, perPage: options.query?.perPage });
      return { url, options };
    };
    const records = await fetchAllRecords(client, 'blogs');
    expect(LIMITS.loaderBatchSize).toBe(500);
    expect(records).toHaveLength(1234);
    // 500 + 500 + 234: three pages, each asking for 500.
    expect(requests).toEqual([1, 2, 3].map((page) => ({ page, perPage: 500 })));
  });

  it('stores all 1,234 posts with derived fields, sorted by created descending', async () => {
    const { context, list, logs } = createLoaderContext('blogs', blogSchema);
    await pocketBaseBlogsLoader({ url: server.url, failOnError: true }).load(context);
    const entries = list();

    expect(entries).toHaveLength(1234);
    expect(new Set(entries.map((e) => e.id))).toEqual(new Set(created.map((r) => r.id)));
    const times = entries.map((e) => (e.data.created as Date).getTime());
    for (let i = 1; i < times.length; i++) expect(times[i - 1]).toBeGreaterThanOrEqual(times[i]);

    const sample = entries.find((e) => e.id === created[41].id)!;
    expect(sample.data.title).toBe('Test post 42');
    expect(sample.data.excerpt).toBe(
      'Section 42 Paragraph one of post 42 about provisional tax & VAT. Paragraph two.',
    );
    expect(sample.data.readTime).toBe('1 min read');
    expect(sample.data.displayDate).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
    expect(sample.data.html).toContain('<h2>Section 42</h2>');
    expect(sample.data.banner).toBeUndefined();
    expect(logs.filter((l) => l.level === 'error')).toEqual([]);
  });
});

describe('blogs loader: content, images and failures', () => {
  let server: TestPocketBase;
  let pb: PocketBase;

  beforeAll(async () => {
    server = await startTestPocketBase();
    pb = await server.adminClient();
  });
  afterAll(() => server?.stop());

  it('stores nothing for an empty collection and reports success', async () => {
    const blogs = createLoaderContext('blogs', blogSchema);
    const status = createLoaderContext('blogStatus', blogStatusSchema);
    await pocketBaseBlogsLoader({ url: server.url, failOnError: true }).load(blogs.context);
    await blogStatusLoader().load(status.context);
    expect(blogs.list()).toEqual([]);
    expect(status.list()).toEqual([{ id: 'blogs', data: { ok: true } }]);
  });

  it('sanitises the body and derives excerpt and read time from its text', async () => {
    const words = Array.from({ length: 450 }, (_, i) => `word${i}`).join(' ');
    const record = await pb.collection('blogs').create({
      title: 'Hostile &amp; long',
      content: `<h1>Title</h1><p onclick="alert(1)">Tax &amp; VAT&nbsp;<a href="javascript:alert(1)">x</a></p><script>alert(2)</script><p>${words}</p>`,
    });
    const { context, entries } = createLoaderContext('blogs', blogSchema);
    await pocketBaseBlogsLoader({ url: server.url, failOnError: true }).load(context);
    const data = entries.get(record.id)!.data;
    expect(data.html).toBe(`<h2>Title</h2><p>Tax &amp; VAT\u00a0<a>x</a></p><p>${words}</p>`);
    expect(data.excerpt).toBe(`${`Title Tax & VAT x ${words}`.slice(0, 150).trimEnd()}...`);
    expect(data.readTime).toBe('3 min read'); // 455 words
    await pb.collection('blogs').delete(record.id);
  });

  it('gives a banner its size, and falls back with a warning when it cannot be downloaded', async () => {
    const withBanner = new FormData();
    withBanner.set('title', 'With banner');
    withBanner.set('content', '<p>x</p>');
    withBanner.set('banner_image', await makePng(640, 336), 'banner.png');
    const good = await pb.collection('blogs').create(withBanner);

    const broken = new FormData();
    broken.set('title', 'Broken banner');
    broken.set('content', '<p>y</p>');
    broken.set('banner_image', await makePng(300, 200), 'broken.png');
    const bad = await pb.collection('blogs').create(broken);
    await deleteStoredFile(server, bad);

    const { context, entries, logs, meta } = createLoaderContext('blogs', blogSchema);
    await pocketBaseBlogsLoader({ url: server.url, failOnError: true }).load(context);

    const banner = entries.get(good.id)!.data.banner as { src: string; width: number };
    expect(banner).toEqual({
      src: `${server.url}/api/files/${good.collectionId}/${good.id}/${good.banner_image}`,
      width: 640,
      height: 336,
    });
    expect(entries.get(bad.id)!.data.banner).toBeUndefined();
    const warnings = logs.filter((l) => l.level === 'warn').map((l) => l.message);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('using the placeholder');
    expect(warnings[0]).toContain(bad.banner_image);

    // A rebuild reuses the stored size instead of downloading the banner again.
    expect(meta.has(`image:${banner.src}`)).toBe(true);
    await deleteStoredFile(server, good);
    const again = createLoaderContext('blogs', blogSchema, meta);
    await pocketBaseBlogsLoader({ url: server.url, failOnError: true }).load(again.context);
    expect(again.entries.get(good.id)!.data.banner).toEqual(banner);

    await pb.collection('blogs').delete(good.id);
    await pb.collection('blogs').delete(bad.id);
  });

  it('fails a production load naming the URL and the cause when PocketBase is down', async () => {
    const url = await closedUrl();
    const { context } = createLoaderContext('blogs', blogSchema);
    const load = pocketBaseBlogsLoader({ url, failOnError: true }).load(context);
    await expect(load).rejects.toThrow(BlogLoadError);
    await expect(load).rejects.toThrow(`Failed to fetch blogs: ${url}: unreachable`);
  });

  it('fails a production load when PocketBase answers an error for the list', async () => {
    // A path that is not PocketBase's API root: the list request answers 404.
    const url = `${server.url}/not-the-api`;
    const { context } = createLoaderContext('blogs', blogSchema);
    await expect(pocketBaseBlogsLoader({ url, failOnError: true }).load(context)).rejects.toThrow(
      `Failed to fetch blogs: ${url}: HTTP 404`,
    );
  });

  it('fails a production load without POCKETBASE_URL', async () => {
    const { context } = createLoaderContext('blogs', blogSchema);
    await expect(
      pocketBaseBlogsLoader({ url: '', failOnError: true }).load(context),
    ).rejects.toThrow('POCKETBASE_URL is not set');
  });

  it('in dev, logs the failure and leaves a status entry the blog page reads', async () => {
    const url = await closedUrl();
    const blogs = createLoaderContext('blogs', blogSchema);
    blogs.context.store.set({ id: 'stale', data: {} });
    const status = createLoaderContext('blogStatus', blogStatusSchema);
    await pocketBaseBlogsLoader({ url, failOnError: false }).load(blogs.context);
    await blogStatusLoader().load(status.context);

    expect(blogs.list()).toEqual([]);
    expect(blogs.logs.find((l) => l.level === 'error')?.message).toContain(
      `Failed to fetch blogs: ${url}`,
    );
    const [entry] = status.list();
    expect(entry.data.ok).toBe(false);
    expect(entry.data.message).toContain(`Failed to fetch blogs: ${url}`);
  });
});

describe('testimonials loader', () => {
  let server: TestPocketBase;
  let pb: PocketBase;

  beforeAll(async () => {
    server = await startTestPocketBase();
    pb = await server.adminClient();
  });
  afterAll(() => server?.stop());

  const samples = () =>
    SAMPLE_TESTIMONIALS.map((sample, index) => ({
      id: `sample-${index + 1}`,
      data: { ...sample, delay: index * 100, order: index, sample: true },
    }));

  it('shows the three samples when PocketBase has none', async () => {
    const { context, list, logs } = createLoaderContext('testimonials', testimonialSchema);
    await pocketBaseTestimonialsLoader({ url: server.url }).load(context);
    expect(SAMPLE_TESTIMONIALS).toHaveLength(3);
    expect(list()).toEqual(samples());
    expect(logs.some((l) => l.message.includes('Failed to fetch testimonials'))).toBe(false);
  });

  it('shows the three samples and logs "Failed to fetch testimonials" when PocketBase is down', async () => {
    const url = await closedUrl();
    const { context, list, logs } = createLoaderContext('testimonials', testimonialSchema);
    await pocketBaseTestimonialsLoader({ url }).load(context);
    expect(list()).toEqual(samples());
    const warning = logs.find((l) => l.message.includes('Failed to fetch testimonials'));
    expect(warning?.message).toContain(url);
  });

  it('reads records newest first, defaults missing text to empty, and handles avatars', async () => {
    const first = new FormData();
    first.set('quote', 'First quote');
    first.set('author', 'Zanele');
    first.set('avatar', await makePng(96, 96), 'zanele.png');
    const withAvatar = await pb.collection('testimonials').create(first);
    const blank = await pb.collection('testimonials').create({});
    const broken = new FormData();
    broken.set('quote', 'Broken avatar');
    broken.set('avatar', await makePng(64, 64), 'broken.png');
    const brokenAvatar = await pb.collection('testimonials').create(broken);
    await deleteStoredFile(server, brokenAvatar);

    const { context, list, logs } = createLoaderContext('testimonials', testimonialSchema);
    await pocketBaseTestimonialsLoader({ url: server.url }).load(context);
    const entries = list();

    expect(entries.map((e) => e.id)).toEqual([brokenAvatar.id, blank.id, withAvatar.id]);
    expect(entries.map((e) => e.data.delay)).toEqual([0, 100, 200]);
    expect(entries[1].data).toEqual({
      quote: '',
      author: '',
      position: '',
      company: '',
      delay: 100,
      order: 1,
      sample: false,
    });
    expect(entries[2].data.avatar).toEqual({
      src: `${server.url}/api/files/${withAvatar.collectionId}/${withAvatar.id}/${withAvatar.avatar}`,
      width: 96,
      height: 96,
    });
    expect(entries[0].data.avatar).toBeUndefined();
    expect(logs.filter((l) => l.level === 'warn').map((l) => l.message)).toEqual([
      expect.stringContaining('Avatar could not be downloaded'),
    ]);
  });
});
