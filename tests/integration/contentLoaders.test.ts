/**
 * The content loaders against a real PocketBase (never mocked): paging, order, derived fields,
 * the editorial workflow (drafts and scheduled posts stay out of the production site, a preview
 * shows them), pictures downloaded once into the cache, pictures in the body, the empty
 * collection, the failure policy and the testimonial fallback.
 */
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { decode } from 'html-entities';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { pocketBaseBlogsLoader } from '@/cms/blogs';
import { blogLoadStateLoader } from '@/cms/blogLoadState';
import { BlogLoadError, MISSING_PREVIEW_READER_MESSAGE } from '@/cms/errors';
import { pocketBaseAuthorsLoader, pocketBaseTopicsLoader } from '@/cms/topicsAndAuthors';
import { pocketBaseTestimonialsLoader } from '@/cms/testimonials';
import { fetchAllRecords, POSTS_PER_PAGE } from '@/cms/client';
import { IMAGE_CACHE_FOLDER, readImageManifests } from '@/cms/images/manifest';
import {
  authorSchema,
  blogSchema,
  blogLoadStateSchema,
  topicSchema,
  testimonialSchema,
} from '@/cms/schemas';
import { SAMPLE_TESTIMONIALS } from '@/data/testimonials';
import { CONTENT_WARNINGS_KEY } from '@/config/contentWarnings.ts';
import { LIMITS } from '@/config/site';
import {
  allowOldIds,
  createPosts,
  SAVE_CHECKS,
  startTestPocketBase,
  type TestPocketBase,
} from '../support/pocketbase';
import { createLoaderContext } from '../support/loaderContext';
import { POCKETBASE_LOADERS } from '../support/loaders';
import { deleteStoredFiles, pngBlob, pngBuffer, startPictureHost } from '../support/pictures';
import { getFreePort } from '../../tools/local/pocketbase/serverProcess.ts';

const closedUrl = async () => `http://127.0.0.1:${await getFreePort()}`;
const pocketBaseDate = (ms: number) => new Date(ms).toISOString().replace('T', ' ');
const published = { published: true };

describe('blogs loader: 1,234 records', () => {
  let server: TestPocketBase;
  let pb: PocketBase;
  let created: RecordModel[];

  beforeAll(async () => {
    server = await startTestPocketBase();
    pb = await server.superuserClient();
    created = await createPosts(pb, 1234);
  });
  afterAll(() => server?.stop());

  it('reads every record in pages of 500, and whole posts in pages their weight bounds', async () => {
    const requests: { page: unknown; perPage: unknown }[] = [];
    const client = await server.superuserClient();
    client.beforeSend = (url, options) => {
      requests.push({ page: options.query?.page, perPage: options.query?.perPage });
      return { url, options };
    };
    const byPage = (a: { page: unknown }, b: { page: unknown }) => Number(a.page) - Number(b.page);
    const records = await fetchAllRecords(client, 'blogs', { fields: 'id' });
    expect(LIMITS.loaderBatchSize).toBe(500);
    expect(records).toHaveLength(1234);
    // 500 + 500 + 234: three pages, each asking for 500.
    expect(requests.sort(byPage)).toEqual([1, 2, 3].map((page) => ({ page, perPage: 500 })));

    // Whole posts: a page of them may weigh at most LIMITS.loaderPageBytes, each body at most
    // LIMITS.bodyMaxBytes (32 posts a page).
    requests.length = 0;
    const posts = await fetchAllRecords(client, 'blogs', { perPage: POSTS_PER_PAGE });
    expect(POSTS_PER_PAGE).toBe(LIMITS.loaderPageBytes / LIMITS.bodyMaxBytes);
    expect(posts.map((post) => post.id).sort()).toEqual(created.map((post) => post.id).sort());
    const pages = Math.ceil(1234 / POSTS_PER_PAGE);
    expect(requests.sort(byPage)).toEqual(
      Array.from({ length: pages }, (_, index) => ({ page: index + 1, perPage: POSTS_PER_PAGE })),
    );
  });

  it('stores all 1,234 posts with derived fields, newest published first', async () => {
    const { context, list, logs, html } = createLoaderContext('blogs', blogSchema);
    await pocketBaseBlogsLoader({ url: server.url, failOnError: true }).load(context);
    const entries = list();

    expect(entries).toHaveLength(1234);
    expect(new Set(entries.map((e) => e.id))).toEqual(new Set(created.map((r) => r.id)));
    const times = entries.map((e) => (e.data.date as Date).getTime());
    for (let i = 1; i < times.length; i++) expect(times[i - 1]).toBeGreaterThanOrEqual(times[i]);

    const record = created[41];
    const sample = entries.find((e) => e.id === record.id)!;
    expect(sample.data.title).toBe('Test post 42');
    expect(sample.data.excerpt).toBe(
      'Section 42. Paragraph one of post 42 about provisional tax & VAT. Paragraph two.',
    );
    expect(sample.data.readTime).toBe('1 min read');
    expect((sample.data.date as Date).toISOString()).toBe(
      new Date(record.published_at.replace(' ', 'T')).toISOString(),
    );
    expect(sample.data.displayDate).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
    expect(sample.data.status).toBe('published');
    expect(html(sample.id)).toContain(
      '<h2 id="section-42"><a href="#section-42" class="heading-link">Section 42</a></h2>',
    );
    expect(sample.data.headings).toEqual([{ depth: 2, id: 'section-42', text: 'Section 42' }]);
    expect(sample.data.banner).toBeUndefined();
    expect(logs.filter((l) => l.level === 'error')).toEqual([]);
  });
});

describe('blogs loader: the editorial workflow', () => {
  let server: TestPocketBase;
  let pb: PocketBase;
  let posts: Record<'public' | 'draft' | 'scheduled' | 'dated', RecordModel>;

  beforeAll(async () => {
    server = await startTestPocketBase();
    pb = await server.superuserClient();
    const blogs = pb.collection('blogs');
    posts = {
      public: await blogs.create({
        title: 'Public',
        content: '<p>Visible to all.</p>',
        excerpt: '  The editor wrote this excerpt.  ',
        ...published,
      }),
      draft: await blogs.create({ title: 'Draft', content: '<p>Half written.</p>' }),
      scheduled: await blogs.create({
        title: 'Scheduled',
        content: '<p>Next week.</p>',
        ...published,
        published_at: pocketBaseDate(Date.now() + 7 * 86_400_000),
      }),
      dated: await blogs.create({
        title: 'Backdated',
        content: '<p>Written long ago.</p>',
        ...published,
        published_at: '2025-03-14 09:30:00.000Z',
      }),
    };
  });
  afterAll(() => server?.stop());

  it('reads as a visitor: drafts and scheduled posts stay out; dates, excerpts come from the editor', async () => {
    const { context, list } = createLoaderContext('blogs', blogSchema);
    await pocketBaseBlogsLoader({
      url: server.url,
      failOnError: true,
      // Credentials alone change nothing: only a preview logs in.
      previewReader: server.previewReader,
    }).load(context);
    const entries = list();
    expect(entries.map((e) => e.id).sort()).toEqual([posts.public.id, posts.dated.id].sort());
    const dated = entries.find((e) => e.id === posts.dated.id)!.data;
    expect(dated.date).toEqual(new Date('2025-03-14T09:30:00.000Z'));
    expect(dated.displayDate).toBe('March 14, 2025');
    const visible = entries.find((e) => e.id === posts.public.id)!.data;
    expect(visible.excerpt).toBe('The editor wrote this excerpt.');
    expect(dated.excerpt).toBe('Written long ago.');
  });

  it("reads the topics, and each post's topic ids; a production load stops when topics cannot be read", async () => {
    const topics = pb.collection('topics');
    const vat = await topics.create({ name: 'VAT', slug: 'vat', description: ' Output tax. ' });
    const audit = await topics.create({ name: 'Audit', slug: 'audit' });
    await pb.collection('blogs').update(posts.dated.id, { topics: [vat.id, audit.id] });
    try {
      const loaded = createLoaderContext('topics', topicSchema);
      await pocketBaseTopicsLoader({ url: server.url, failOnError: true }).load(loaded.context);
      expect(loaded.list()).toEqual([
        { id: audit.id, data: { name: 'Audit', slug: 'audit' } },
        { id: vat.id, data: { name: 'VAT', slug: 'vat', description: 'Output tax.' } },
      ]);
      const { context, list } = createLoaderContext('blogs', blogSchema);
      await pocketBaseBlogsLoader({ url: server.url, failOnError: true }).load(context);
      const entries = list();
      expect(entries.find((e) => e.id === posts.dated.id)!.data.topics).toEqual([vat.id, audit.id]);
      expect(entries.find((e) => e.id === posts.public.id)!.data.topics).toEqual([]);

      const url = await closedUrl();
      const down = createLoaderContext('topics', topicSchema);
      await expect(
        pocketBaseTopicsLoader({ url, failOnError: true }).load(down.context),
      ).rejects.toThrow(`Failed to fetch topics: ${url}: unreachable`);
    } finally {
      await pb.collection('blogs').update(posts.dated.id, { topics: [] });
      await topics.delete(vat.id);
      await topics.delete(audit.id);
    }
  });

  it("reads the authors with their avatars, and each post's author ids; a lost avatar leaves the initials, with a word", async () => {
    const people = pb.collection('authors');
    const withPhoto = new FormData();
    withPhoto.set('name', 'Nomvula Khumalo');
    withPhoto.set('slug', 'nomvula-khumalo');
    withPhoto.set('role', ' CA(SA), Founder & CEO ');
    withPhoto.set('bio', 'Chartered accountant.');
    withPhoto.set('avatar', await pngBlob(300, 300), 'nomvula.png');
    const nomvula = await people.create(withPhoto);
    const lost = new FormData();
    lost.set('name', 'Daniel Botha');
    lost.set('slug', 'daniel-botha');
    lost.set('avatar', await pngBlob(200, 200), 'daniel.png');
    const daniel = await people.create(lost);
    await deleteStoredFiles(server, daniel);
    await pb.collection('blogs').update(posts.public.id, { authors: [daniel.id, nomvula.id] });
    try {
      const { context, list, logs } = createLoaderContext('authors', authorSchema);
      await pocketBaseAuthorsLoader({ url: server.url, failOnError: true }).load(context);
      const [first, second] = list();
      expect(first).toEqual({
        id: daniel.id,
        data: { name: 'Daniel Botha', slug: 'daniel-botha' },
      });
      expect(second.data).toMatchObject({
        name: 'Nomvula Khumalo',
        role: 'CA(SA), Founder & CEO',
        bio: 'Chartered accountant.',
        avatar: expect.stringMatching(/^[0-9a-f]{64}\.png$/),
      });
      const warnings = logs.filter(({ level }) => level === 'warn').map(({ message }) => message);
      expect(warnings.join('\n')).toMatch(
        new RegExp(`Author "Daniel Botha" \\(${daniel.id}\\): avatar could not be downloaded`),
      );
      const blogs = createLoaderContext('blogs', blogSchema);
      await pocketBaseBlogsLoader({ url: server.url, failOnError: true }).load(blogs.context);
      const entry = blogs.list().find((e) => e.id === posts.public.id)!;
      expect(entry.data.authors).toEqual([daniel.id, nomvula.id]);
    } finally {
      await pb.collection('blogs').update(posts.public.id, { authors: [] });
      await people.delete(nomvula.id);
      await people.delete(daniel.id);
    }
  });

  it('a preview logs in once for every loader of its build, within the login rate limit', async () => {
    const preview = {
      url: server.url,
      failOnError: true,
      preview: true,
      previewReader: server.previewReader,
    };
    // All at once, as Astro runs them: four logins would be two over PocketBase's limit.
    await Promise.all(
      POCKETBASE_LOADERS.map(([loader, name, schema]) =>
        loader(preview).load(createLoaderContext(name, schema).context),
      ),
    );
  });

  it('a preview reads as the preview reader: every post, with its status', async () => {
    const { context, list, logs } = createLoaderContext('blogs', blogSchema);
    await pocketBaseBlogsLoader({
      url: server.url,
      failOnError: true,
      preview: true,
      previewReader: server.previewReader,
    }).load(context);
    const status = Object.fromEntries(list().map((e) => [e.id, e.data.status]));
    expect(status).toEqual({
      [posts.public.id]: 'published',
      [posts.draft.id]: 'draft',
      [posts.scheduled.id]: 'scheduled',
      [posts.dated.id]: 'published',
    });
    // A draft has no publish date: it shows its last save.
    const draft = list().find((e) => e.id === posts.draft.id)!.data;
    expect(draft.date).toEqual(new Date(posts.draft.updated.replace(' ', 'T')));
    expect(logs.map((l) => l.message).join('\n')).toContain('draft preview');
  });

  it('a preview without its account stops with a message naming the variables', async () => {
    const { context } = createLoaderContext('blogs', blogSchema);
    await expect(
      pocketBaseBlogsLoader({
        url: server.url,
        failOnError: true,
        preview: true,
        previewReader: {},
      }).load(context),
    ).rejects.toThrow(MISSING_PREVIEW_READER_MESSAGE);
  });

  it('fails a production load when the public API lets a draft through, instead of publishing it', async () => {
    const admin = await server.superuserClient();
    const rule = 'published = true && published_at != "" && published_at <= @now';
    await admin.collections.update('blogs', { listRule: '' });
    try {
      const { context } = createLoaderContext('blogs', blogSchema);
      const load = pocketBaseBlogsLoader({ url: server.url, failOnError: true }).load(context);
      await expect(load).rejects.toThrow(BlogLoadError);
      await expect(load).rejects.toThrow(
        `returned the unpublished post ${posts.draft.id} ("Draft")`,
      );
      // The blog's load state says so too, without waiting on the blogs loader.
      const loadState = createLoaderContext('blogLoadState', blogLoadStateSchema);
      await blogLoadStateLoader({ url: server.url }).load(loadState.context);
      expect(loadState.list()[0].data.ok).toBe(false);
      expect(loadState.list()[0].data.message).toContain('returned the unpublished post');
    } finally {
      await admin.collections.update('blogs', { listRule: rule });
    }
  });
});

describe('blogs loader: pictures', () => {
  let server: TestPocketBase;
  let pb: PocketBase;
  let host: Awaited<ReturnType<typeof startPictureHost>>;

  beforeAll(async () => {
    // Posts here carry what the site leaves out (as if saved before the publish check
    // existed): the loader's own defences are under test.
    server = await startTestPocketBase({ withoutHooks: SAVE_CHECKS });
    pb = await server.superuserClient();
    // A PNG, an SVG, a file over 10 MB, and a request that never answers.
    const png = await pngBuffer(1000, 500);
    host = await startPictureHost({
      '/photo.png': { type: 'image/png', body: png },
      '/logo.svg': {
        type: 'image/svg+xml',
        body: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
      },
      '/huge.png': {
        type: 'image/png',
        body: Buffer.concat([png, Buffer.alloc(LIMITS.imageMaxBytes)]),
      },
      '/slow.png': 'silent',
    });
  });
  afterAll(async () => {
    await host?.close();
    await server?.stop();
  });

  it('downloads a banner once into the cache, and falls back with a warning when it cannot', async () => {
    const withBanner = new FormData();
    withBanner.set('title', 'With banner');
    withBanner.set('content', '<p>x</p>');
    withBanner.set('banner_image', await pngBlob(640, 336), 'banner.png');
    withBanner.set('banner_alt', 'A blue rectangle');
    withBanner.set('published', 'true');
    const good = await pb.collection('blogs').create(withBanner);

    const broken = new FormData();
    broken.set('title', 'Broken banner');
    broken.set('content', '<p>y</p>');
    broken.set('banner_image', await pngBlob(300, 200), 'broken.png');
    broken.set('published', 'true');
    const bad = await pb.collection('blogs').create(broken);
    await deleteStoredFiles(server, bad);

    const { context, entries, logs, meta, cacheDir } = createLoaderContext('blogs', blogSchema);
    await pocketBaseBlogsLoader({ url: server.url, failOnError: true }).load(context);

    const stored = entries.get(good.id)!;
    const banner = stored.data.banner as { file: string; width: number; height: number };
    expect(banner).toEqual({
      file: expect.stringMatching(/^[0-9a-f]{64}\.png$/),
      width: 640,
      height: 336,
    });
    expect(stored.data.bannerAlt).toBe('A blue rectangle');
    // The file sits in this build's cache, and the manifest hands it to Astro.
    const folder = path.join(cacheDir, IMAGE_CACHE_FOLDER);
    expect(existsSync(path.join(folder, banner.file))).toBe(true);
    expect((await readImageManifests(folder)).files).toEqual([banner.file]);

    expect(entries.get(bad.id)!.data.banner).toBeUndefined();
    const warnings = logs.filter((l) => l.level === 'warn').map((l) => l.message);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('using the placeholder');
    expect(warnings[0]).toContain(bad.banner_image);

    // A rebuild with the same store and cache downloads nothing: the file is gone from
    // PocketBase, and the banner is still there.
    await deleteStoredFiles(server, good);
    const again = createLoaderContext('blogs', blogSchema, { meta, cacheDir });
    await pocketBaseBlogsLoader({ url: server.url, failOnError: true }).load(again.context);
    expect(again.entries.get(good.id)!.data.banner).toEqual(banner);

    // Without the cached file, the URL is downloaded again (and here fails): nothing stale is used.
    await rm(path.join(folder, banner.file));
    const cleared = createLoaderContext('blogs', blogSchema, { meta, cacheDir });
    await pocketBaseBlogsLoader({ url: server.url, failOnError: true }).load(cleared.context);
    expect(cleared.entries.get(good.id)!.data.banner).toBeUndefined();

    await pb.collection('blogs').delete(good.id);
    await pb.collection('blogs').delete(bad.id);
  });

  it('localises pictures in the body from PocketBase (at whatever address they were stored) and other hosts, once per URL, and drops the rest with a warning', async () => {
    const form = new FormData();
    form.set('title', 'Pictures');
    form.append('pictures', await pngBlob(1200, 600), 'chart.png');
    form.append('pictures', await pngBlob(300, 150), 'small.png');
    form.append('pictures', await pngBlob(500, 250), 'moved.png');
    const record = await pb.collection('blogs').create(form);
    const [chart, small, moved] = record.pictures as string[];
    const absolute = pb.files.getURL(record, chart);
    const relative = `/api/files/${record.collectionId}/${record.id}/${small}`;
    // On 127.0.0.1 like the image host, so listed as a self-hoster lists an intranet host.
    const gone = await closedUrl();
    const content = [
      `<p>Intro.</p><figure><img src="${absolute}" alt="Rates &amp; dates" title="Rates"><figcaption>Chart</figcaption></figure>`,
      `<p><img src="${relative}" alt=""></p>`,
      `<p><img src="${host.url}/photo.png" alt="A photo" width="300"></p>`,
      `<p><img src="${host.url}/photo.png" alt="The same photo again"></p>`,
      `<p><img src="${host.url}/logo.svg" alt="Logo"></p>`,
      `<p><img src="${host.url}/huge.png" alt="Huge"></p>`,
      `<p><img src="${host.url}/slow.png" alt="Slow"></p>`,
      `<p><img src="${gone}/gone.png" alt="Gone"></p>`,
      `<p><img src="${host.url}/missing.png" alt="Missing"></p>`,
      `<p><img src="/images/local.png" alt="Relative"></p>`,
      // As the admin UI's picker stores it when PocketBase answered elsewhere (another port now).
      `<p><img src="${await closedUrl()}/_/../api/files/${record.collectionId}/${record.id}/${moved}?thumb=" alt="Moved"></p>`,
    ].join('');
    await pb.collection('blogs').update(record.id, { content, ...published });
    // A second post uses the same external picture.
    const other = await pb.collection('blogs').create({
      title: 'Same photo',
      content: `<p><img src="${host.url}/photo.png" alt="Shared"></p>`,
      ...published,
    });

    const loaded = createLoaderContext('blogs', blogSchema);
    const { context, entries, logs, cacheDir } = loaded;
    await pocketBaseBlogsLoader({
      url: server.url,
      failOnError: true,
      imageTimeoutMs: 1_500,
      imageAllowedOrigins: [host.url, gone],
    }).load(context);
    const entry = entries.get(record.id)!;
    const html = loaded.html(record.id);
    const tags = [...html.matchAll(/<img data-cached-image="([^"]+)">/g)].map(
      (match) => JSON.parse(decode(match[1])) as Record<string, unknown>,
    );
    // Five kept (PocketBase absolute, relative and at an old address, the photo twice); six removed.
    expect(tags).toHaveLength(5);
    expect(html.match(/<img\b/g)).toHaveLength(5);
    expect(tags[0]).toMatchObject({
      file: expect.stringMatching(/^[0-9a-f]{64}\.png$/),
      alt: 'Rates & dates',
      title: 'Rates',
      width: 800,
      height: 400,
      widths: [400, 800],
      sizes: '(max-width: 800px) 100vw, 800px',
      format: 'webp',
    });
    expect(tags[1]).toMatchObject({ alt: '', width: 300, height: 150, widths: [300] });
    // The editor's width is kept, with a 2x version for sharp screens.
    expect(tags[2]).toMatchObject({ alt: 'A photo', width: 300, height: 150, widths: [300, 600] });
    expect(tags[3]).toMatchObject({ alt: 'The same photo again', width: 800 });
    expect(tags[2].file).toBe(tags[3].file);
    expect(tags[4]).toMatchObject({ alt: 'Moved', width: 500, height: 250 });
    expect(html).toContain('<figcaption>Chart</figcaption>');
    expect(html).not.toContain(host.url);
    expect(html).not.toContain(server.url);
    const files = [tags[0].file, tags[1].file, tags[2].file, tags[4].file] as string[];
    expect(entry.data.pictures).toEqual(files);
    // The manifest names exactly the files this build shows.
    expect((await readImageManifests(path.join(cacheDir, IMAGE_CACHE_FOLDER))).files).toEqual(
      [...new Set(files)].sort(),
    );

    // Downloaded once, for both posts and both uses.
    expect(host.requests.filter((target) => target === '/photo.png')).toHaveLength(1);
    expect(loaded.html(other.id)).toContain('data-cached-image');

    const warnings = logs.filter((l) => l.level === 'warn').map((l) => l.message);
    const about = (needle: string) => warnings.filter((w) => w.includes(needle));
    for (const needle of ['logo.svg', 'huge.png', 'slow.png', 'gone.png', 'missing.png']) {
      expect(about(needle), needle).toHaveLength(1);
      expect(about(needle)[0]).toContain(`Post "Pictures" (${record.id})`);
    }
    expect(about('logo.svg')[0]).toContain('not a raster image (svg)');
    expect(about('huge.png')[0]).toContain('over the 10 MB limit');
    expect(about('slow.png')[0]).toMatch(/within 1\.5 s/);
    expect(about('gone.png')[0]).toContain('unreachable');
    expect(about('missing.png')[0]).toContain('HTTP 404');
    expect(about('/images/local.png')[0]).toContain('not an http(s) URL or a PocketBase file path');
    // The one picture kept with an empty alt text is named by its file.
    expect(about('no alt text')).toEqual([
      `Post "Pictures" (${record.id}): no alt text, so screen readers skip it: ${small}`,
    ]);
    expect(warnings).toHaveLength(7);
  });

  it('stores a picture pasted into the body like any other, and refuses one that is not a picture, with a word', async () => {
    const pasted = `data:image/png;base64,${(await pngBuffer(640, 320)).toString('base64')}`;
    const broken = `data:image/gif;base64,${Buffer.from('not a picture at all').toString('base64')}`;
    const svg = `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>').toString('base64')}`;
    const record = await pb.collection('blogs').create({
      title: 'Pasted',
      content: `<p>Screenshot:</p><p><img src="${pasted}" alt="A pasted screenshot"></p><p><img src="${broken}" alt="Broken"></p><p><img src="${svg}" alt="Drawing"></p>`,
      ...published,
    });
    const loaded = createLoaderContext('blogs', blogSchema);
    const { context, logs, meta } = loaded;
    await pocketBaseBlogsLoader({ url: server.url, failOnError: true }).load(context);
    const html = loaded.html(record.id);
    expect(html).not.toContain('data:');
    const tags = [...html.matchAll(/<img data-cached-image="([^"]+)">/g)].map(
      (match) => JSON.parse(decode(match[1])) as Record<string, unknown>,
    );
    expect(tags).toEqual([
      expect.objectContaining({
        file: expect.stringMatching(/^[0-9a-f]{64}\.png$/),
        alt: 'A pasted screenshot',
        width: 640,
        height: 320,
      }),
    ]);
    const warnings = logs
      .filter((l) => l.level === 'warn' && l.message.includes(record.id))
      .map((l) => l.message);
    expect(warnings).toEqual([
      `Post "Pasted" (${record.id}): picture removed from the body: a picture pasted into the body (image/gif, 1 KB): not an image`,
      `Post "Pasted" (${record.id}): picture removed from the body: a picture pasted into the body (image/svg+xml, 1 KB): not a raster image (svg)`,
    ]);
    // The meta store keeps no pasted picture as a key.
    expect([...meta.keys()].filter((key) => key.includes('data:'))).toEqual([]);
    await pb.collection('blogs').delete(record.id);
  });
});

describe('blogs loader: empty collection and failures', () => {
  let server: TestPocketBase;
  let pb: PocketBase;

  beforeAll(async () => {
    // Posts here carry what the site leaves out (as if saved before the publish check
    // existed): the loader's own defences are under test.
    server = await startTestPocketBase({ withoutHooks: SAVE_CHECKS });
    pb = await server.superuserClient();
  });
  afterAll(() => server?.stop());

  it('stores nothing for an empty collection and reports success', async () => {
    const blogs = createLoaderContext('blogs', blogSchema);
    const loadState = createLoaderContext('blogLoadState', blogLoadStateSchema);
    await pocketBaseBlogsLoader({ url: server.url, failOnError: true }).load(blogs.context);
    await blogLoadStateLoader({ url: server.url }).load(loadState.context);
    expect(blogs.list()).toEqual([]);
    expect(loadState.list()).toEqual([{ id: 'current', data: { ok: true } }]);
  });

  it('leaves out a post it fails to render, naming it, and publishes the others', async () => {
    const good = await pb.collection('blogs').create({ title: 'Fine', ...published });
    const broken = await pb.collection('blogs').create({ title: 'Breaks the build', ...published });
    // A failure the loader cannot foresee, in one entry: here its schema's.
    const schema = blogSchema.transform((data) => {
      if (data.title === 'Breaks the build')
        throw new RangeError('Maximum call stack size exceeded');
      return data;
    });
    try {
      const { context, list, logs } = createLoaderContext('blogs', schema);
      await pocketBaseBlogsLoader({ url: server.url, failOnError: true }).load(context);
      expect(list().map((entry) => entry.id)).toEqual([good.id]);
      expect(logs).toContainEqual({
        level: 'warn',
        message: `Post "Breaks the build" (${broken.id}) left out: it could not be rendered (Maximum call stack size exceeded)`,
      });
    } finally {
      for (const { id } of [good, broken]) await pb.collection('blogs').delete(id);
    }
  });

  it('sanitises the body and derives excerpt and read time from its text', async () => {
    const words = Array.from({ length: 450 }, (_, i) => `word${i}`).join(' ');
    const record = await pb.collection('blogs').create({
      title: 'Hostile &amp; long',
      content: `<h1>Title</h1><p onclick="alert(1)">Tax &amp; VAT&nbsp;<a href="javascript:alert(1)">x</a></p><script>alert(2)</script><p>${words}</p>`,
      ...published,
    });
    const { context, entries, html } = createLoaderContext('blogs', blogSchema);
    await pocketBaseBlogsLoader({ url: server.url, failOnError: true }).load(context);
    const entry = entries.get(record.id)!;
    // What was left out is kept with the entry, for every build's summary.
    expect(entry.data.warnings).toEqual([
      'not shown: a script in an attribute; the address of a link (not a web, e-mail or phone address; its text is kept); a script',
    ]);
    // The editor's <h1> is a section heading of the page's article, with an id linking to itself.
    expect(html(record.id)).toBe(
      `<h2 id="title"><a href="#title" class="heading-link">Title</a></h2><p>Tax &amp; VAT&nbsp;<a>x</a></p><p>${words}</p>`,
    );
    expect(entry.data.excerpt).toBe(`${`Title. Tax & VAT x ${words}`.slice(0, 150).trimEnd()}...`);
    expect(entry.data.readTime).toBe('3 min read'); // 455 words
    await pb.collection('blogs').delete(record.id);
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

  it('fails a production load in the load-state loader too, which asks PocketBase on its own', async () => {
    const url = await closedUrl();
    const { context } = createLoaderContext('blogLoadState', blogLoadStateSchema);
    const failure = blogLoadStateLoader({ url, failOnError: true }).load(context);
    await expect(failure).rejects.toThrow(BlogLoadError);
    await expect(failure).rejects.toThrow(`Failed to fetch blogs: ${url}`);
  });

  it('in dev, logs the failure and leaves a status entry the blog page reads', async () => {
    const url = await closedUrl();
    const blogs = createLoaderContext('blogs', blogSchema);
    blogs.context.store.set({ id: 'stale', data: {} });
    const loadState = createLoaderContext('blogLoadState', blogLoadStateSchema);
    await pocketBaseBlogsLoader({ url, failOnError: false }).load(blogs.context);
    await blogLoadStateLoader({ url }).load(loadState.context);

    expect(blogs.list()).toEqual([]);
    expect(blogs.logs.find((l) => l.level === 'error')?.message).toContain(
      `Failed to fetch blogs: ${url}`,
    );
    const [entry] = loadState.list();
    expect(entry.data.ok).toBe(false);
    expect(entry.data.message).toContain(`Failed to fetch blogs: ${url}`);
  });
});

describe('testimonials loader', () => {
  let server: TestPocketBase;
  let pb: PocketBase;

  beforeAll(async () => {
    server = await startTestPocketBase();
    pb = await server.superuserClient();
  });
  afterAll(() => server?.stop());

  const samples = () =>
    SAMPLE_TESTIMONIALS.map((sample, index) => ({
      id: `sample-${index + 1}`,
      data: { ...sample, draft: false, order: index },
    }));

  it('shows the three samples when PocketBase has none', async () => {
    const { context, list, logs } = createLoaderContext('testimonials', testimonialSchema);
    await pocketBaseTestimonialsLoader({ url: server.url }).load(context);
    expect(SAMPLE_TESTIMONIALS).toHaveLength(3);
    expect(list().map(({ id, data }) => ({ id, data }))).toEqual(samples());
    expect(logs.some((l) => l.message.includes('Failed to fetch testimonials'))).toBe(false);
  });

  it('shows the three samples and logs "Failed to fetch testimonials" when PocketBase is down', async () => {
    const url = await closedUrl();
    const { context, list, logs } = createLoaderContext('testimonials', testimonialSchema);
    await pocketBaseTestimonialsLoader({ url }).load(context);
    expect(list().map(({ id, data }) => ({ id, data }))).toEqual(samples());
    const warning = logs.find((l) => l.message.includes('Failed to fetch testimonials'));
    expect(warning?.message).toContain(url);
  });

  it('reads published records newest first, defaults missing text to empty, and handles avatars', async () => {
    const first = new FormData();
    first.set('quote', 'First quote');
    first.set('author', 'Zanele');
    first.set('avatar', await pngBlob(96, 96), 'zanele.png');
    first.set('published', 'true');
    const withAvatar = await pb.collection('testimonials').create(first);
    const blank = await pb.collection('testimonials').create({ ...published });
    const broken = new FormData();
    broken.set('quote', 'Broken avatar');
    broken.set('avatar', await pngBlob(64, 64), 'broken.png');
    broken.set('published', 'true');
    const brokenAvatar = await pb.collection('testimonials').create(broken);
    await deleteStoredFiles(server, brokenAvatar);
    const unpublished = await pb
      .collection('testimonials')
      .create({ quote: 'Not yet approved', author: 'Draft' });

    const { context, list, logs } = createLoaderContext('testimonials', testimonialSchema);
    await pocketBaseTestimonialsLoader({ url: server.url }).load(context);
    const entries = list();

    expect(entries.map((e) => e.id)).toEqual([brokenAvatar.id, blank.id, withAvatar.id]);
    expect(entries.map((e) => e.data.order)).toEqual([0, 1, 2]);
    expect(entries[1].data).toEqual({
      quote: '',
      author: '',
      position: '',
      company: '',
      draft: false,
      order: 1,
    });
    expect(entries[2].data.avatar).toMatch(/^[0-9a-f]{64}\.png$/);
    expect(entries[0].data.avatar).toBeUndefined();
    expect(logs.filter((l) => l.level === 'warn').map((l) => l.message)).toEqual([
      `Testimonial by "" (${brokenAvatar.id}): avatar could not be downloaded, using the default image: ${pb.files.getURL(brokenAvatar, brokenAvatar.avatar)}: HTTP 404`,
    ]);

    // A preview shows the unpublished one too, marked as a draft.
    const preview = createLoaderContext('testimonials', testimonialSchema);
    await pocketBaseTestimonialsLoader({
      url: server.url,
      preview: true,
      previewReader: server.previewReader,
    }).load(preview.context);
    expect(preview.entries.get(unpublished.id)?.data.draft).toBe(true);
    expect(preview.entries.get(blank.id)?.data.draft).toBe(false);
  });
});

describe('records whose id PocketBase did not generate', () => {
  let server: TestPocketBase;
  let pb: PocketBase;
  /** 15 characters, as PocketBase 0.22 took a custom id, but not of a-z and 0-9 only. */
  const ODD_ID = 'Odd_id-00000001';

  beforeAll(async () => {
    server = await startTestPocketBase();
    pb = await server.superuserClient();
    for (const collection of ['blogs', 'topics', 'authors', 'testimonials'])
      await allowOldIds(pb, collection);
  });
  afterAll(() => server?.stop());

  const warningsOf = (collection: string) =>
    (globalThis as { [CONTENT_WARNINGS_KEY]?: Map<string, string[]> })[CONTENT_WARNINGS_KEY]?.get(
      collection,
    );

  it('are left out of every collection and named in the content warnings', async () => {
    const now = pocketBaseDate(Date.now() - 60_000);
    const post = { content: '<p>Body</p>', published: true, published_at: now };
    const topic = await pb.collection('topics').create({ name: 'Tax', slug: 'tax' });
    await pb.collection('topics').create({ id: ODD_ID, name: 'Odd topic', slug: 'odd' });
    const author = await pb.collection('authors').create({ name: 'Ann', slug: 'ann' });
    await pb.collection('authors').create({ id: ODD_ID, name: 'Odd author', slug: 'odd' });
    // Topics and authors are public only while a live post has them.
    const good = await pb
      .collection('blogs')
      .create({ ...post, title: 'Good post', topics: [topic.id], authors: [author.id] });
    await pb
      .collection('blogs')
      .create({ ...post, id: ODD_ID, title: 'Odd post', topics: [ODD_ID], authors: [ODD_ID] });
    const quote = await pb.collection('testimonials').create({ quote: 'Fine', ...published });
    await pb.collection('testimonials').create({ id: ODD_ID, quote: 'Odd', ...published });

    const loaders = [
      ['blogs', blogSchema, pocketBaseBlogsLoader, good.id, 'Post "Odd post"'],
      ['topics', topicSchema, pocketBaseTopicsLoader, topic.id, 'Topic "Odd topic"'],
      ['authors', authorSchema, pocketBaseAuthorsLoader, author.id, 'Author "Odd author"'],
      ['testimonials', testimonialSchema, pocketBaseTestimonialsLoader, quote.id, 'Testimonial'],
    ] as const;
    for (const [collection, schema, loader, kept, named] of loaders) {
      const { context, list } = createLoaderContext(collection, schema);
      await loader({ url: server.url, failOnError: true }).load(context);
      expect(list().map(({ id }) => id)).toEqual([kept]);
      expect(warningsOf(collection)).toEqual([
        `${named} (${ODD_ID}) left out: id: not an id PocketBase generates (15 characters of a-z and 0-9)`,
      ]);
    }
  });
});
