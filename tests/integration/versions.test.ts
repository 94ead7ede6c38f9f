/**
 * Versions (pb_hooks/versions.pb.js), against a real PocketBase with the project's hooks, through
 * the API as the admin UI uses it: an edit keeps the version before it, with the pictures the edit
 * removed; putting a version back (its `put_back` ticked and saved) makes the post that version
 * again, pictures and all, and keeps what it replaced; a deleted post comes back at its address.
 * That putting back is saved as an edit is: versionsSave.test.ts; pruning:
 * versionsPruning.test.ts; that nothing of a version is public: pocketbasePrivacy.test.ts.
 */
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusalOf, startTestPocketBase, type TestPocketBase } from '../support/pocketbase';
import { createPost, picture, putBack, served, versionsOf } from '../support/versions';

let server: TestPocketBase;
let pb: PocketBase;
beforeAll(async () => {
  server = await startTestPocketBase();
  pb = await server.superuserClient();
});
afterAll(() => server?.stop());

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

describe("a post's address, put back", () => {
  it("is the version's slug again, the address it replaces kept for its redirect; one another post took since is refused", async () => {
    const post = await createPost(pb, 'Turnover tax for micro businesses');
    await pb.collection('blogs').update(post.id, { slug: 'turnover-tax' });
    const [before] = await versionsOf(pb, post.id);
    expect(before.data.slug).toBe(post.slug);
    await putBack(pb, before);
    expect(await pb.collection('blogs').getOne(post.id)).toMatchObject({
      slug: post.slug,
      earlier_slugs: ['turnover-tax'],
    });

    // A draft's slug changed leaves its old address to anyone: once another post has it, the
    // draft's version with it cannot come back, and says why.
    const draft = await pb
      .collection('blogs')
      .create({ title: 'CGT on a primary residence', content: '<p>Draft.</p>' });
    await pb.collection('blogs').update(draft.id, { slug: 'cgt-home' });
    const [old] = await versionsOf(pb, draft.id);
    expect(old.data.slug).toBe(draft.slug);
    await pb
      .collection('blogs')
      .create({ title: 'CGT on a primary residence', content: '<p>Another.</p>' });
    const refused = await refusalOf(putBack(pb, old));
    expect(refused?.message).toMatch(
      /^Cannot put this version back: The slug "cgt-on-a-primary-residence" is the address of/,
    );
    expect((await pb.collection('blogs').getOne(draft.id)).slug).toBe('cgt-home');
  });
});

describe('a deleted post', () => {
  it('is put back at the same address with its pictures', async () => {
    const created = await createPost(pb, 'Tax season checklist');
    // Renamed while live: its first address leads to it too, and must again once it is back.
    const post = await pb.collection('blogs').update(created.id, { slug: 'tax-season' });
    expect(post.earlier_slugs).toEqual([created.slug]);
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
      slug: 'tax-season',
      earlier_slugs: [created.slug],
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
