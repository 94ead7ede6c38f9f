/**
 * Versions (pb_hooks/versions.pb.js), against a real PocketBase with the project's hooks, through
 * the API as the admin UI uses it: an edit keeps the version before it, with the pictures the edit
 * removed; putting a version back (its `put_back` ticked and saved) makes the post that version
 * again, pictures and all, and keeps what it replaced; a deleted post comes back at its address;
 * the publish check stops a version it would refuse; pruning keeps a post's newest 50 versions and
 * all of the last 30 days, a body once. That nothing of a version is public:
 * pocketbasePrivacy.test.ts.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DatabaseSync } from 'node:sqlite';
import path from 'node:path';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngBlob } from '../support/pictures';
import {
  refusalOf,
  SAVE_CHECKS,
  startTestPocketBase,
  type TestPocketBase,
} from '../support/pocketbase';

let server: TestPocketBase;
let pb: PocketBase;
beforeAll(async () => {
  server = await startTestPocketBase();
  pb = await server.superuserClient();
});
afterAll(() => server?.stop());

const picture = async (name: string, red: number) =>
  new File([await pngBlob(40, 30, { r: red, g: 80, b: 120 })], name, { type: 'image/png' });

/** A record's versions, newest first, as the admin UI lists them. */
const versionsOf = (client: PocketBase, id: string) =>
  client
    .collection('versions')
    .getFullList({ filter: client.filter('record = {:id}', { id }), sort: '-@rowid' });

/** The bytes PocketBase serves at a record's file address (a token for protected files). */
async function served(client: PocketBase, record: RecordModel, name: string) {
  const token = await client.files.getToken();
  const response = await fetch(client.files.getURL(record, name, { token }));
  return response.ok ? Buffer.from(await response.arrayBuffer()) : response.status;
}

/** Puts a version back as the admin UI does: the whole record sent back, `put_back` ticked. */
const putBack = (client: PocketBase, version: RecordModel) =>
  client.collection('versions').update(version.id, { ...version, put_back: true });

/** A published post with a banner and a picture its body shows. */
async function createPost(client: PocketBase, title: string) {
  const form = new FormData();
  form.set('title', title);
  form.set('published', 'true');
  form.set('banner_image', await picture('banner.png', 200));
  form.append('pictures', await picture('chart.png', 10));
  form.append('pictures', await picture('table.png', 90));
  const post = await client.collection('blogs').create(form);
  const src = `/api/files/${post.collectionId}/${post.id}/${post.pictures[0]}`;
  return client
    .collection('blogs')
    .update(post.id, { content: `<p>Opening.</p><p><img src="${src}" alt="Chart"></p>` });
}

describe('an edit', () => {
  it('keeps the version before it, with when and by whom; a save readers would not see keeps none', async () => {
    const post = await createPost(pb, 'Provisional tax: the first payment');
    // Creating it, then giving it its body: one version, the post as created.
    const [created] = await versionsOf(pb, post.id);
    await pb.collection('blogs').update(post.id, { title: 'Provisional tax: both payments' });
    const versions = await versionsOf(pb, post.id);
    expect(versions).toHaveLength(2);
    expect(versions[0]).toMatchObject({
      collection: 'blogs',
      record: post.id,
      title: 'Provisional tax: the first payment',
      deleted: false,
      put_back: false,
      saved: post.updated,
      saved_by: server.superuser.email,
      replaced_by: server.superuser.email,
      body: post.content,
      files: [],
    });
    expect(versions[0].data).toMatchObject({
      title: 'Provisional tax: the first payment',
      banner_image: post.banner_image,
      pictures: post.pictures,
      published: true,
      published_at: post.published_at,
    });
    // The version the post was created with: who created it is not known.
    expect(created).toMatchObject({ saved_by: '', body: '', title: post.title });

    // Saved again as it is (the admin UI sends every field): readers see nothing new.
    const current = await pb.collection('blogs').getOne(post.id);
    await pb.collection('blogs').update(post.id, current);
    expect(await versionsOf(pb, post.id)).toHaveLength(2);
  });

  it('of a testimonial keeps its version too', async () => {
    const quote = await pb
      .collection('testimonials')
      .create({ quote: 'Answers with the section number.', author: 'Thandi', published: true });
    await pb.collection('testimonials').update(quote.id, { quote: 'Quick and exact.' });
    const [version] = await versionsOf(pb, quote.id);
    expect(version).toMatchObject({ collection: 'testimonials', title: quote.quote });
    expect(version.data).toMatchObject({ quote: quote.quote, author: 'Thandi' });
  });
});

describe('putting a version back', () => {
  it('restores the title, the body and its pictures, and keeps the version it replaced', async () => {
    const post = await createPost(pb, 'VAT on imported services');
    const before = {
      banner: await served(pb, post, post.banner_image),
      chart: await served(pb, post, post.pictures[0]),
    };
    // An edit that changes the title and the body, drops the chart and replaces the banner.
    const form = new FormData();
    form.set('title', 'VAT on services');
    form.set('content', '<p>Rewritten without the chart.</p>');
    form.set('banner_image', await picture('new-banner.png', 30));
    form.append('pictures-', post.pictures[0]);
    const edited = await pb.collection('blogs').update(post.id, form);
    // PocketBase no longer serves the old pictures at the post's addresses…
    expect(await served(pb, post, post.pictures[0])).toBe(404);
    expect(await served(pb, post, post.banner_image)).toBe(404);
    // …the version keeps them, and shows them to a signed-in editor.
    const [version] = await versionsOf(pb, post.id);
    expect(version.files.sort()).toEqual([post.banner_image, post.pictures[0]].sort());
    expect(await served(pb, version, post.pictures[0])).toEqual(before.chart);

    await putBack(pb, version);
    const restored = await pb.collection('blogs').getOne(post.id);
    expect(restored).toMatchObject({
      title: 'VAT on imported services',
      content: post.content,
      banner_image: post.banner_image,
      pictures: post.pictures,
      published: true,
      published_at: post.published_at,
    });
    // The pictures are live again, under their names, so the body's address works again.
    expect(await served(pb, restored, post.pictures[0])).toEqual(before.chart);
    expect(await served(pb, restored, post.banner_image)).toEqual(before.banner);
    expect((await fetch(`${server.url}/api/files/${post.collectionId}/${post.id}/${post.pictures[0]}`)).status).toBe(200); // prettier-ignore

    // What it replaced is the newest version, its own new banner kept with it: undone in turn.
    const versions = await versionsOf(pb, post.id);
    expect(versions[0]).toMatchObject({ title: 'VAT on services', files: [edited.banner_image] });
    expect(versions[1]).toMatchObject({ id: version.id, put_back: false, title: version.title });
    await putBack(pb, versions[0]);
    expect(await pb.collection('blogs').getOne(post.id)).toMatchObject({
      title: 'VAT on services',
      content: '<p>Rewritten without the chart.</p>',
      banner_image: edited.banner_image,
      pictures: edited.pictures,
    });
  });

  it('is the only change a version takes', async () => {
    const post = await createPost(pb, 'Payroll in brief');
    await pb.collection('blogs').update(post.id, { title: 'Payroll' });
    const [version] = await versionsOf(pb, post.id);
    const refused = await refusalOf(
      pb.collection('versions').update(version.id, { ...version, title: 'Forged' }),
    );
    expect(refused).toMatchObject({ status: 400, data: { put_back: { code: 'put_back' } } });
    // Ticked, the rest of the form is ignored: the version stays as it was.
    await pb
      .collection('versions')
      .update(version.id, { ...version, title: 'Forged', put_back: true });
    expect(await pb.collection('versions').getOne(version.id)).toMatchObject({
      title: 'Payroll in brief',
    });
    expect((await refusalOf(pb.collection('versions').create({ title: 'Made up' })))?.status).toBe(
      400,
    );
  });
});

describe('a deleted post', () => {
  it('is put back at the same address with its pictures', async () => {
    const post = await createPost(pb, 'Tax season checklist');
    const chart = await served(pb, post, post.pictures[0]);
    await pb.collection('blogs').delete(post.id);
    expect((await fetch(`${server.url}/api/collections/blogs/records/${post.id}`)).status).toBe(
      404,
    );
    const [deleted] = await versionsOf(pb, post.id);
    expect(deleted).toMatchObject({ deleted: true, title: post.title, replaced_by: server.superuser.email }); // prettier-ignore
    expect(deleted.files.sort()).toEqual([post.banner_image, ...post.pictures].sort());

    await putBack(pb, deleted);
    const back = await pb.collection('blogs').getOne(post.id);
    expect(back).toMatchObject({
      title: post.title,
      content: post.content,
      banner_image: post.banner_image,
      pictures: post.pictures,
      published_at: post.published_at,
    });
    // At its address for anyone, its picture served where the body points.
    const page = await fetch(`${server.url}/api/collections/blogs/records/${post.id}`);
    expect(page.status).toBe(200);
    const src = `${server.url}/api/files/${post.collectionId}/${post.id}/${post.pictures[0]}`;
    expect(Buffer.from(await (await fetch(src)).arrayBuffer())).toEqual(chart);
  });
});

describe("the site's build hook", () => {
  let hooked: TestPocketBase;
  const calls: { action: string; record_id: string }[] = [];
  const endpoint = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      calls.push(JSON.parse(body));
      response.writeHead(200).end('{}');
    });
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
    const { port } = endpoint.address() as AddressInfo;
    hooked = await startTestPocketBase({
      env: {
        SITE_REBUILD_HOOK_URL: `http://127.0.0.1:${port}/build`,
        SITE_REBUILD_MIN_INTERVAL_SECONDS: '0',
      },
    });
  });
  afterAll(async () => {
    await hooked?.stop();
    endpoint.closeAllConnections();
    endpoint.close();
  });

  it('is called when putting a version back changes what readers see, a deleted post too; not for a draft', async () => {
    const client = await hooked.superuserClient();
    const sent = () => calls.splice(0).map(({ action, record_id }) => `${action} ${record_id}`);
    const live = await client.collection('blogs').create({ title: 'Live', published: true });
    const draft = await client.collection('blogs').create({ title: 'Draft' });
    await client.collection('blogs').update(live.id, { title: 'Live, edited' });
    await client.collection('blogs').update(draft.id, { title: 'Draft, edited' });
    expect(sent()).toEqual([`created ${live.id}`, `updated ${live.id}`]);

    await putBack(client, (await versionsOf(client, draft.id))[0]);
    await putBack(client, (await versionsOf(client, live.id))[0]);
    expect(sent()).toEqual([`updated ${live.id}`]);
    expect(await client.collection('blogs').getOne(live.id)).toMatchObject({ title: 'Live' });

    await client.collection('blogs').delete(live.id);
    await putBack(client, (await versionsOf(client, live.id))[0]);
    expect(sent()).toEqual([`deleted ${live.id}`, `created ${live.id}`]);
  });
});

describe('a version the publish check would refuse', () => {
  let legacy: TestPocketBase;
  afterAll(() => legacy?.stop());

  it('is not published by putting it back', async () => {
    // Published with an embed, as a post could be before the publish check existed.
    legacy = await startTestPocketBase({ withoutHooks: SAVE_CHECKS });
    const client = await legacy.superuserClient();
    const embed = '<p>Watch:</p><iframe src="https://www.youtube.com/embed/abc"></iframe>';
    const post = await client
      .collection('blogs')
      .create({ title: 'Webinar', content: embed, published: true });
    await client.collection('blogs').update(post.id, { content: '<p>Watch the recording.</p>' });
    const [version] = await versionsOf(client, post.id);
    expect(version.body).toBe(embed);

    const refused = await refusalOf(putBack(client, version));
    const message =
      'Cannot put this version back: Cannot publish: videos cannot be embedded; paste the link as a link. Or untick published.';
    expect(refused).toMatchObject({ status: 400, message, data: { put_back: { message } } });
    expect(await client.collection('blogs').getOne(post.id)).toMatchObject({
      content: '<p>Watch the recording.</p>',
    });
    // Nothing was kept for a save that did not happen.
    expect(await versionsOf(client, post.id)).toHaveLength(1);
  });
});

describe('pruning', () => {
  it("keeps a post's newest 50 versions and every one younger than 30 days, a 1 MB body once", async () => {
    const body = `<p>${'Tax. '.repeat(200_000)}</p>`;
    const post = await pb.collection('blogs').create({ title: 'Edit 0', content: body });
    for (let edit = 1; edit < 60; edit += 1)
      await pb.collection('blogs').update(post.id, { title: `Edit ${edit}` });
    await pb.collection('blogs').update(post.id, { title: 'Edit 60', content: '<p>Short.</p>' });
    let versions = await versionsOf(pb, post.id);
    // Younger than 30 days: all 60 kept; the 1 MB body once, by the oldest.
    expect(versions).toHaveLength(60);
    expect(versions.filter((v) => v.body === body).map((v) => v.title)).toEqual(['Edit 0']);

    // A month and more passes for all but the newest five, a second between each.
    const db = new DatabaseSync(path.join(server.dataDir, 'data.db'));
    try {
      db.exec('PRAGMA busy_timeout = 10000');
      const age = db.prepare('UPDATE versions SET created = ? WHERE id = ?');
      for (const [index, version] of versions.slice(5).entries()) {
        const when = new Date(Date.now() - 31 * 864e5 - index * 1000);
        age.run(when.toISOString().replace('T', ' '), version.id);
      }
    } finally {
      db.close();
    }
    await pb.collection('blogs').update(post.id, { title: 'Edit 61' });
    versions = await versionsOf(pb, post.id);
    expect(versions.map((v) => v.title)).toEqual(
      Array.from({ length: 50 }, (_, i) => `Edit ${60 - i}`),
    );
    // The body went on to a version that is kept, still once; the oldest one puts it back.
    expect(versions.filter((v) => v.body === body).map((v) => v.title)).toEqual(['Edit 59']);
    await putBack(pb, versions.at(-1)!);
    expect(await pb.collection('blogs').getOne(post.id)).toMatchObject({
      title: 'Edit 11',
      content: body,
    });
  });
});
