/**
 * One bad picture never stops a build, and the build fetches only what it should: a picture over
 * the pixel limit wherever it appears (banner, body, author, testimonial), the pictures past a
 * post's limit, other hosts once the build's time for them is used up, and addresses on the
 * build's own network. Against a real PocketBase (without the publish check, as for a post saved
 * before it existed: the build's own defences are under test) and a picture host on 127.0.0.1.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import { pocketBaseBlogsLoader } from '@/cms/blogs';
import { DOWNLOAD_CONCURRENCY } from '@/cms/images/imageCache';
import { ADDRESS_NOT_ALLOWED } from '@/cms/images/pictureAddresses';
import { pocketBaseAuthorsLoader } from '@/cms/topicsAndAuthors';
import { pocketBaseTestimonialsLoader } from '@/cms/testimonials';
import { authorSchema, blogSchema, testimonialSchema } from '@/cms/schemas';
import { LIMITS } from '@/config/site';
import { CONTENT_WARNINGS_KEY } from '@/config/contentWarnings.ts';
import { createLoaderContext } from '../support/loaderContext';
import { gifFrames, pngBuffer, pngHeaderOnly, startPictureHost } from '../support/pictures';
import { SAVE_CHECKS, startTestPocketBase, type TestPocketBase } from '../support/pocketbase';

const GIANT = pngHeaderOnly(20_000, 20_000);
const OVER_THE_LIMIT = '20000 × 20000 pixels, over the 50-megapixel limit';
const giantBlob = () => new Blob([new Uint8Array(GIANT)], { type: 'image/png' });

/** This process's content warnings, as the build's summary prints them. */
const summaryOf = (collection: string) =>
  (globalThis as { [CONTENT_WARNINGS_KEY]?: Map<string, string[]> })[CONTENT_WARNINGS_KEY]?.get(
    collection,
  ) ?? [];

describe('pictures the build leaves out, while the build goes on', () => {
  let server: TestPocketBase;
  let pb: PocketBase;
  let host: Awaited<ReturnType<typeof startPictureHost>>;

  beforeAll(async () => {
    server = await startTestPocketBase({ withoutHooks: SAVE_CHECKS });
    pb = await server.superuserClient();
    host = await startPictureHost({
      '/photo.png': { type: 'image/png', body: await pngBuffer(200, 100) },
      '/giant.png': { type: 'image/png', body: GIANT },
      '/slow.png': 'silent',
      '/frames.gif': { type: 'image/gif', body: gifFrames(7000, 7000, 5) },
    });
  });
  afterAll(async () => {
    await host?.close();
    await server?.stop();
  });
  // Each test's posts alone, even after a failed one.
  beforeEach(async () => {
    for (const { id } of await pb.collection('blogs').getFullList({ fields: 'id' }))
      await pb.collection('blogs').delete(id);
    host.requests.length = 0;
  });

  const loadBlogs = async (
    options: Parameters<typeof pocketBaseBlogsLoader>[0] = {},
    kept?: Parameters<typeof createLoaderContext>[2],
  ) => {
    const loaded = createLoaderContext('blogs', blogSchema, kept);
    await pocketBaseBlogsLoader({
      url: server.url,
      failOnError: true,
      imageAllowedOrigins: [host.url],
      ...options,
    }).load(loaded.context);
    return loaded;
  };

  it('leaves out an animation whose frames together pass the pixel limit, counting them from its bytes', async () => {
    const post = await pb.collection('blogs').create({
      title: 'Frames',
      content: `<p><img src="${host.url}/frames.gif" alt="Five frames"></p><p>Text.</p>`,
      published: true,
    });
    const blogs = await loadBlogs();
    expect(blogs.html(post.id)).not.toContain('<img');
    expect(summaryOf('blogs')).toContainEqual(
      `Post "Frames" (${post.id}): picture removed from the body: ${host.url}/frames.gif: 7000 × 7000 pixels in 5 frames, over the 50-megapixel limit`,
    );
  });

  it('leaves out a 20,000 × 20,000 picture, read from its header, as banner, in the body (pasted, from the picker, from another host), as avatar and as photo, and says so', async () => {
    const form = new FormData();
    form.set('title', 'Giant');
    form.set('banner_image', giantBlob(), 'giant-banner.png');
    form.append('pictures', giantBlob(), 'giant-body.png');
    form.set('published', 'true');
    const post = await pb.collection('blogs').create(form);
    const banner = pb.files.getURL(post, post.banner_image);
    const picked = pb.files.getURL(post, post.pictures[0]);
    const pasted = `data:image/png;base64,${GIANT.toString('base64')}`;
    await pb.collection('blogs').update(post.id, {
      content:
        `<p>Before.</p><p><img src="${picked}" alt="Picked"></p>` +
        `<p><img src="${pasted}" alt="Pasted"></p><p><img src="${host.url}/giant.png" alt="Remote"></p>` +
        `<p><img src="${host.url}/photo.png" alt="Fine"></p><p>After.</p>`,
    });
    const authorForm = new FormData();
    authorForm.set('name', 'Thandi Giant');
    authorForm.set('slug', 'thandi-giant');
    authorForm.set('avatar', giantBlob(), 'thandi.png');
    const author = await pb.collection('authors').create(authorForm);
    // Anonymous clients, the build among them, see an author only while a live post names them.
    await pb.collection('blogs').update(post.id, { authors: [author.id] });
    const testimonialForm = new FormData();
    testimonialForm.set('quote', 'Huge.');
    testimonialForm.set('author', 'Sipho');
    testimonialForm.set('avatar', giantBlob(), 'sipho.png');
    testimonialForm.set('published', 'true');
    const testimonial = await pb.collection('testimonials').create(testimonialForm);

    const blogs = await loadBlogs();
    const authors = createLoaderContext('authors', authorSchema);
    await pocketBaseAuthorsLoader({ url: server.url, failOnError: true }).load(authors.context);
    const testimonials = createLoaderContext('testimonials', testimonialSchema);
    await pocketBaseTestimonialsLoader({ url: server.url }).load(testimonials.context);

    const entry = blogs.entries.get(post.id)!.data;
    expect(entry.banner).toBeUndefined();
    const html = blogs.html(post.id);
    expect(html).toContain('Before.');
    expect(html).toContain('After.');
    expect(html.match(/<img data-cached-image=/g)).toHaveLength(1);
    expect(html).toContain('Fine');
    const where = `Post "Giant" (${post.id})`;
    const postWarnings = [
      `banner image could not be downloaded, using the placeholder: ${banner}: ${OVER_THE_LIMIT}`,
      `picture removed from the body: ${picked}: ${OVER_THE_LIMIT}`,
      `picture removed from the body: a picture pasted into the body (image/png, 1 KB): ${OVER_THE_LIMIT}`,
      `picture removed from the body: ${host.url}/giant.png: ${OVER_THE_LIMIT}`,
    ];
    // Pictures download side by side: their warnings come in any order.
    expect([...(entry.warnings as string[])].sort()).toEqual([...postWarnings].sort());
    expect([...summaryOf('blogs')].sort()).toEqual(
      postWarnings.map((w) => `${where}: ${w}`).sort(),
    );

    expect(authors.entries.get(author.id)!.data.avatar).toBeUndefined();
    const authorWarning = `Author "Thandi Giant" (${author.id}): avatar could not be downloaded, showing initials: ${pb.files.getURL(author, author.avatar)}: ${OVER_THE_LIMIT}`;
    expect(summaryOf('authors')).toEqual([authorWarning]);
    expect(testimonials.entries.get(testimonial.id)!.data.avatar).toBeUndefined();
    const testimonialWarning = `Testimonial by "Sipho" (${testimonial.id}): avatar could not be downloaded, using the default image: ${pb.files.getURL(testimonial, testimonial.avatar)}: ${OVER_THE_LIMIT}`;
    expect(summaryOf('testimonials')).toEqual([testimonialWarning]);
    // Each also logged as it happened (what `astro dev` shows).
    expect(authors.logs.map((l) => l.message)).toContain(authorWarning);
    expect(testimonials.logs.map((l) => l.message)).toContain(testimonialWarning);

    await pb.collection('authors').delete(author.id);
    await pb.collection('testimonials').delete(testimonial.id);
  });

  it(`keeps a post's first ${LIMITS.picturesPerPost} pictures and names the rest in one warning, without fetching them`, async () => {
    const total = LIMITS.picturesPerPost + 5;
    const pictures = Array.from(
      { length: total },
      (_, index) => `<p><img src="${host.url}/photo.png?n=${index + 1}" alt="${index + 1}"></p>`,
    );
    // The first picture again: one address, shown twice, counted once.
    pictures.push(`<p><img src="${host.url}/photo.png?n=1" alt="again"></p>`);
    const post = await pb
      .collection('blogs')
      .create({ title: 'Many', content: pictures.join(''), published: true });
    host.requests.length = 0;

    const { entries, html } = await loadBlogs();
    const entry = entries.get(post.id)!.data;
    expect(html(post.id).match(/<img data-cached-image=/g)).toHaveLength(
      LIMITS.picturesPerPost + 1,
    );
    const over = (n: number) => `${host.url}/photo.png?n=${n}`;
    expect(entry.warnings).toEqual([
      `picture removed from the body: 5 over the 40 pictures a post may have, not fetched: ${over(41)}, ${over(42)}, ${over(43)} and 2 more`,
    ]);
    expect(host.requests).toHaveLength(LIMITS.picturesPerPost);
    expect(host.requests).not.toContain('/photo.png?n=41');
  });

  it("stops fetching from other hosts once the build's time for them is used up; PocketBase's pictures still come", async () => {
    // As many silent pictures as downloads run at once, then one that would answer at once.
    const silent = Array.from(
      { length: DOWNLOAD_CONCURRENCY },
      (_, index) => `<p><img src="${host.url}/slow.png?n=${index}" alt="Slow"></p>`,
    );
    const form = new FormData();
    form.set('title', 'Slow host');
    form.append('pictures', new Blob([new Uint8Array(await pngBuffer(300, 200))]), 'own.png');
    const post = await pb.collection('blogs').create(form);
    const own = pb.files.getURL(post, post.pictures[0]);
    await pb.collection('blogs').update(post.id, {
      published: true,
      content: `${silent.join('')}<p><img src="${host.url}/photo.png?late" alt="Late"></p><p><img src="${own}" alt="Own"></p>`,
    });
    host.requests.length = 0;

    const started = performance.now();
    const { entries, html } = await loadBlogs({
      imageTimeoutMs: 20_000,
      remotePicturesBudgetMs: 500,
    });
    // Well before a single download's own limit: the budget ended the silent downloads.
    expect(performance.now() - started).toBeLessThan(10_000);
    const entry = entries.get(post.id)!.data;
    const usedUp = "the build's 0.5 s for remote pictures was used up";
    expect([...(entry.warnings as string[])].sort()).toEqual(
      [
        ...silent.map(
          (_, index) => `picture removed from the body: ${host.url}/slow.png?n=${index}: ${usedUp}`,
        ),
        `picture removed from the body: ${host.url}/photo.png?late: ${usedUp}`,
      ].sort(),
    );
    // The late picture was never asked for; PocketBase's own picture is shown.
    expect(host.requests).not.toContain('/photo.png?late');
    expect(html(post.id)).toContain('Own');
    expect(html(post.id).match(/<img data-cached-image=/g)).toHaveLength(1);
  });

  it("refuses addresses on the build's own network without connecting, and says nothing more", async () => {
    const port = new URL(host.url).port;
    const typed = [
      `${host.url}/photo.png?typed`,
      `http://localhost:${port}/photo.png?typed`,
      `http://[::ffff:127.0.0.1]:${port}/photo.png?typed`,
      'http://169.254.169.254/latest/meta-data/',
      `http://10.255.255.1:${port}/photo.png`,
    ];
    const post = await pb.collection('blogs').create({
      title: 'Typed addresses',
      content: typed.map((src) => `<p><img src="${src}" alt="x"></p>`).join(''),
      published: true,
    });

    const { entries } = await loadBlogs({ imageAllowedOrigins: [] });
    const entry = entries.get(post.id)!.data;
    const mapped = `http://[::ffff:7f00:1]:${port}/photo.png?typed`;
    expect([...(entry.warnings as string[])].sort()).toEqual(
      [
        `${host.url}/photo.png?typed`,
        `http://localhost:${port}/photo.png?typed`,
        `${mapped} (written ${typed[2]})`,
        typed[3],
        typed[4],
      ]
        .map((src) => `picture removed from the body: ${src}: ${ADDRESS_NOT_ALLOWED}`)
        .sort(),
    );
    expect(host.requests).toEqual([]);
  });

  it('no longer shows a picture an earlier build kept from a host that is now refused', async () => {
    const post = await pb.collection('blogs').create({
      title: 'Intranet',
      content: `<p><img src="${host.url}/photo.png?intranet" alt="x"></p>`,
      published: true,
    });
    const listed = await loadBlogs();
    expect(listed.html(post.id)).toContain('data-cached-image');
    host.requests.length = 0;

    const { meta, cacheDir } = listed;
    const unlisted = await loadBlogs({ imageAllowedOrigins: [] }, { meta, cacheDir });
    const entry = unlisted.entries.get(post.id)!.data;
    expect(unlisted.html(post.id)).not.toContain('data-cached-image');
    expect(entry.warnings).toEqual([
      `picture removed from the body: ${host.url}/photo.png?intranet: ${ADDRESS_NOT_ALLOWED}`,
    ]);
    expect(host.requests).toEqual([]);
  });
});
