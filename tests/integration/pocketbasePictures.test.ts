/**
 * Pictures at save, against a real PocketBase with the project's hooks (pb_hooks/pictures.pb.js):
 * no upload to any collection and no thumbnail makes PocketBase decode a picture over the
 * build's pixel cap, and pictures pasted into a body leave it for files of the post, so no page
 * of posts carries base64.
 */
import path from 'node:path';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPocketBase } from '../../tools/local/pocketbase/serverProcess.ts';
import { superuserClient } from '../../tools/local/pocketbase/superuser.ts';
import {
  hooksDirWithout,
  refusalOf,
  startTestPocketBase,
  type TestPocketBase,
} from '../support/pocketbase';
import { gifFrames, hugeFileRefusal, pngHeader, TINY_PNG } from '../support/publishCases';

/** 20,000 × 20,000, a few KB: PocketBase would take about 1.6 GB to decode it for a thumbnail. */
const GIANT = pngHeader(20_000, 20_000, 4096);
const GIANT_WORDS = 'is 400 megapixels, over the 50 megapixels limit: upload a smaller picture';
const png = (bytes: Uint8Array | string, name: string) =>
  new File(
    [typeof bytes === 'string' ? Buffer.from(bytes, 'base64') : new Uint8Array(bytes)],
    name,
    {
      type: 'image/png',
    },
  );

let server: TestPocketBase;
let pb: PocketBase;
beforeAll(async () => {
  server = await startTestPocketBase();
  pb = await server.superuserClient();
});
afterAll(() => server?.stop());

describe('an upload over the pixel cap', () => {
  const fields: [string, string, Record<string, unknown>][] = [
    ['blogs', 'banner_image', { title: 'Draft' }],
    ['blogs', 'pictures', { title: 'Draft' }],
    ['authors', 'avatar', { name: 'Thandi', slug: 'thandi' }],
    ['testimonials', 'avatar', { quote: 'Quick.' }],
  ];

  it.each(fields)(
    '%s.%s is refused at save, a draft’s too, with the field’s error',
    async (collection, field, data) => {
      const answer = await refusalOf(
        pb.collection(collection).create({ ...data, [field]: png(GIANT, 'giant.png') }),
      );
      expect(answer).toMatchObject({
        status: 400,
        message: `The picture giant.png ${GIANT_WORDS}.`,
        data: {
          [field]: {
            code: 'picture_over_pixel_limit',
            message: `The picture giant.png ${GIANT_WORDS}.`,
          },
        },
      });
      // Within the cap, the same save goes through.
      const saved = await pb
        .collection(collection)
        .create({ ...data, [field]: png(pngHeader(8000, 6000, 4096), 'fine.png') });
      expect(saved[field]).toBeTruthy();
      await pb.collection(collection).delete(saved.id);
    },
  );

  it('counts the frames of an animation', async () => {
    const frames = new File([new Uint8Array(gifFrames(7000, 7000, 5))], 'frames.gif', {
      type: 'image/gif',
    });
    const answer = await refusalOf(pb.collection('authors').create({ name: 'Frames', slug: 'frames', avatar: frames })); // prettier-ignore
    expect(answer?.message).toBe(
      'The picture frames.gif is 245 megapixels in 5 frames, over the 50 megapixels limit: upload a smaller picture.',
    );
  });

  it('is refused when added to a record that exists', async () => {
    const author = await pb.collection('authors').create({ name: 'Sipho', slug: 'sipho' });
    const answer = await refusalOf(
      pb.collection('authors').update(author.id, { avatar: png(GIANT, 'giant.png') }),
    );
    expect(answer?.status).toBe(400);
    expect((await pb.collection('authors').getOne(author.id)).avatar).toBe('');
  });
});

describe('a picture over the pixel cap stored before the cap existed', () => {
  let work: string;
  let old: Awaited<ReturnType<typeof startPocketBase>>;
  let author: { id: string; avatar: string; collectionId: string };
  const superuser = { email: 'pictures@test.local', password: 'pictures-test-password' };

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'lw-pb-pictures-'));
    const dataDir = path.join(work, 'pb');
    // Stored by a PocketBase without the picture checks, as PocketBase 0.22 stored it.
    const unchecked = await hooksDirWithout(['pictures.pb.js']);
    try {
      const before = await startPocketBase({ dataDir, hooksDir: unchecked.dir, superuser });
      try {
        const client = await superuserClient(before.url, superuser);
        const record = await client
          .collection('authors')
          .create({ name: 'Old', slug: 'old', avatar: png(GIANT, 'giant.png') });
        author = { id: record.id, avatar: record.avatar, collectionId: record.collectionId };
      } finally {
        await before.stop();
      }
    } finally {
      await unchecked.remove();
    }
    old = await startPocketBase({ dataDir, superuser });
  });
  afterAll(async () => {
    await old?.stop();
    await rm(work, { recursive: true, force: true });
  });

  it('gets no thumbnail, for a visitor or a superuser; the file itself is served as stored', async () => {
    const file = `${old.url}/api/files/${author.collectionId}/${author.id}/${author.avatar}`;
    const anonymous = await fetch(`${file}?thumb=100x100`);
    expect(anonymous.status).toBe(400);
    expect((await anonymous.json()).message).toBe(`No thumbnail: the picture ${GIANT_WORDS}.`);
    const client = await superuserClient(old.url, superuser);
    const signedIn = await fetch(`${file}?thumb=100x100`, {
      headers: { Authorization: client.authStore.token },
    });
    expect(signedIn.status).toBe(400);
    expect((await fetch(file)).status).toBe(200);
    // A picture within the cap still gets its thumbnail (the admin UI shows them).
    const small = await client
      .collection('authors')
      .create({ name: 'New', slug: 'new', avatar: png(TINY_PNG, 'tiny.png') });
    const thumb = await fetch(
      `${old.url}/api/files/${small.collectionId}/${small.id}/${small.avatar}?thumb=100x100`,
    );
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/png');
  });

  it('is not published in a body: the publish check reads its header', async () => {
    const client = await superuserClient(old.url, superuser);
    const src = `/api/files/${author.collectionId}/${author.id}/${author.avatar}`;
    const answer = await refusalOf(
      client.collection('blogs').create({
        title: 'Old picture',
        content: `<p><img src="${src}" alt=""></p>`,
        published: true,
      }),
    );
    expect(answer?.message).toBe(
      hugeFileRefusal(author.avatar).replace('60 megapixels', '400 megapixels'),
    );
  });
});

describe('a picture pasted into a body', () => {
  const pasted = `<img src="data:image/png;base64,${TINY_PNG}" alt="Pasted chart">`;

  it('becomes a file of the post when the post is created, and the body points at it', async () => {
    const post = await pb.collection('blogs').create({
      title: 'Pasted',
      content: `<p>Before.</p><figure>${pasted}<figcaption>Chart</figcaption></figure><p>After.</p>`,
      published: true,
    });
    expect(post.pictures).toHaveLength(1);
    const src = `/api/files/${post.collectionId}/${post.id}/${post.pictures[0]}`;
    expect(post.content).toBe(
      `<p>Before.</p><figure><img src="${src}" alt="Pasted chart"><figcaption>Chart</figcaption></figure><p>After.</p>`,
    );
    const served = await fetch(`${server.url}${src}`);
    expect(Buffer.from(await served.arrayBuffer()).toString('base64')).toBe(TINY_PNG);
    // No page of posts carries base64 any more.
    const page = await (
      await fetch(`${server.url}/api/collections/blogs/records?perPage=500`)
    ).text();
    expect(page).not.toContain('base64');
  });

  it('joins the files a post has when it is updated, the others kept', async () => {
    const post = await pb
      .collection('blogs')
      .create({ title: 'Draft', pictures: [png(TINY_PNG, 'picked.png')] });
    const updated = await pb.collection('blogs').update(post.id, { content: `<p>${pasted}</p>` });
    expect(updated.pictures).toHaveLength(2);
    expect(updated.pictures[0]).toBe(post.pictures[0]);
    expect(updated.content).toBe(
      `<p><img src="/api/files/${post.collectionId}/${post.id}/${updated.pictures[1]}" alt="Pasted chart"></p>`,
    );
  });

  it('over the limits, refuses the save, a draft’s too, saying why', async () => {
    const huge = `<p><img src="data:image/png;base64,${Buffer.from(GIANT).toString('base64')}"></p>`;
    const answer = await refusalOf(
      pb.collection('blogs').create({ title: 'Draft', content: huge }),
    );
    expect(answer).toMatchObject({
      status: 400,
      message:
        'A pasted picture is 400 megapixels, over the 50 megapixels limit: paste a smaller one.',
      data: { content: { code: 'pasted_picture_too_large' } },
    });
  });
});
