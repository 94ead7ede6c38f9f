/**
 * A post's slug in PocketBase (pb_hooks/post-slugs.pb.js, running the site's lib/blog/slugs.ts
 * bundled), through the API as the admin UI uses it, on a real PocketBase: made from the title
 * when left empty, unique, editable, the earlier slugs of a live post kept, and a slug that is the
 * blog's own or another post's refused with the field's error. The migration gives existing posts
 * slugs from their titles, and its down step takes the fields away again.
 */
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusalOf, startTestPocketBase, type TestPocketBase } from '../support/pocketbase';
import { execa } from 'execa';
import { folderArgs, HOOKS_DIR, MIGRATIONS_DIR } from '../../tools/local/pocketbase/command.ts';
import { resolvePocketBaseBinary } from '../../tools/local/pocketbase/binary.ts';
import { startPocketBase } from '../../tools/local/pocketbase/serverProcess.ts';
import { superuserClient } from '../../tools/local/pocketbase/superuser.ts';

let server: TestPocketBase;
let pb: PocketBase;

beforeAll(async () => {
  server = await startTestPocketBase();
  pb = await server.superuserClient();
});
afterAll(() => server?.stop());

const LIVE = { published: true };
const MIGRATION = '1795737608_post_slugs.js';
const blogs = () => pb.collection('blogs');

describe("a post's slug", () => {
  it('is made from the title at the first save, Latin letters for accented ones, -2 for a twin', async () => {
    const first = await blogs().create({ title: 'Belasting & BTW: wat is nuut vir 2026?' });
    expect(first.slug).toBe('belasting-and-btw-wat-is-nuut-vir-2026');
    const twin = await blogs().create({ title: 'Belasting & BTW: wat is nuut vir 2026?' });
    expect(twin.slug).toBe('belasting-and-btw-wat-is-nuut-vir-2026-2');
    expect((await blogs().create({ title: 'Şirket vergisi & Café' })).slug).toBe(
      'sirket-vergisi-and-cafe',
    );
    expect((await blogs().create({ title: 'Geëet môre: die wêreld se belasting' })).slug).toBe(
      'geeet-more-die-wereld-se-belasting',
    );
    expect((await blogs().create({ title: 'Izindaba zentela' })).slug).toBe('izindaba-zentela');
    // Nothing a slug can keep: a word of its own.
    expect((await blogs().create({ title: '🎉🎉' })).slug).toBe('post');
    // The blog's own address is not a post's: the next free one.
    expect((await blogs().create({ title: 'Search' })).slug).toBe('search-2');
  });

  it('stays when the title changes, and the editor may change it (normalised)', async () => {
    const post = await blogs().create({ title: 'Provisional tax', ...LIVE });
    const renamed = await blogs().update(post.id, { title: 'Provisional tax, revised' });
    expect(renamed.slug).toBe('provisional-tax');
    const typed = await blogs().update(post.id, { slug: 'Provisional Tax Calendar' });
    expect(typed.slug).toBe('provisional-tax-calendar');
    // Emptied, it is made from the title again.
    expect((await blogs().update(post.id, { slug: '' })).slug).toBe('provisional-tax-revised');
  });

  it('keeps the earlier slugs of a post that has been live, not those of a draft', async () => {
    const draft = await blogs().create({ title: 'Working title' });
    const renamed = await blogs().update(draft.id, { slug: 'final-title' });
    expect(renamed.earlier_slugs ?? []).toEqual([]);

    const live = await blogs().create({ title: 'Two-pot basics', ...LIVE });
    await blogs().update(live.id, { slug: 'two-pot-retirement' });
    const again = await blogs().update(live.id, { slug: 'two-pot-retirement-basics' });
    expect(again.earlier_slugs).toEqual(['two-pot-basics', 'two-pot-retirement']);
    // Unpublished, it has been live all the same: its addresses stay known.
    await blogs().update(live.id, { published: false });
    const hidden = await blogs().update(live.id, { slug: 'two-pot' });
    expect(hidden.earlier_slugs).toEqual([
      'two-pot-basics',
      'two-pot-retirement',
      'two-pot-retirement-basics',
    ]);
    // Back to an earlier slug: it is the address again, no longer an earlier one.
    const back = await blogs().update(live.id, { slug: 'two-pot-basics' });
    expect(back.earlier_slugs).toEqual([
      'two-pot-retirement',
      'two-pot-retirement-basics',
      'two-pot',
    ]);
    // Visitors' API gives a live post's slugs to the build.
    await blogs().update(live.id, LIVE);
    const anonymous = await fetch(`${server.url}/api/collections/blogs/records/${live.id}`);
    expect(await anonymous.json()).toMatchObject({
      slug: 'two-pot-basics',
      earlier_slugs: ['two-pot-retirement', 'two-pot-retirement-basics', 'two-pot'],
    });
  });

  it("refuses the blog's own addresses and another post's, with the Slug field's error", async () => {
    const owner = await blogs().create({ title: 'VAT on digital services', ...LIVE });
    await blogs().update(owner.id, { slug: 'vat-digital' });
    const other = await blogs().create({ title: 'Another post' });
    const cases: [string, string][] = [
      ['topic', "The address /blog/topic is the blog's own: choose another slug."],
      ['Topics', "The address /blog/topics is the blog's own: choose another slug."],
      ['vat-digital', 'The slug "vat-digital" is the address of the post "VAT on digital services": choose another.'], // prettier-ignore
      ['vat-on-digital-services', 'The slug "vat-on-digital-services" was the address of the post "VAT on digital services", and still leads there: choose another.'], // prettier-ignore
      [owner.id, `The slug "${owner.id}" is the address of the post "VAT on digital services": choose another.`], // prettier-ignore
      ['!!!', 'A slug needs a letter or a digit: write one, or leave it empty.'],
    ];
    for (const [slug, message] of cases) {
      const refused = await refusalOf(blogs().update(other.id, { slug }));
      expect(refused, slug).toMatchObject({
        status: 400,
        message,
        data: { slug: { code: 'slug_refused', message } },
      });
      expect((await refusalOf(blogs().create({ title: 'New', slug })))?.data, slug).toMatchObject({
        slug: { message },
      });
    }
    expect((await blogs().getOne(other.id)).slug).toBe('another-post');
  });

  it('refuses an edit of the earlier slugs, which only the site keeps', async () => {
    const post = await blogs().create({ title: 'Audit files', ...LIVE });
    await blogs().update(post.id, { slug: 'audit-working-papers' });
    for (const earlier of [['someone-elses-post'], [], null]) {
      const refused = await refusalOf(blogs().update(post.id, { earlier_slugs: earlier }));
      expect(refused?.data).toMatchObject({
        earlier_slugs: { code: 'earlier_slugs_read_only' },
      });
    }
    // Sent back as it was (as the admin UI sends every field), it saves.
    const saved = await blogs().update(post.id, { earlier_slugs: ['audit-files'], title: 'Audit' });
    expect(saved).toMatchObject({ title: 'Audit', earlier_slugs: ['audit-files'] });
    expect(
      (await refusalOf(blogs().create({ title: 'x', earlier_slugs: ['audit-files'] })))?.data,
    ).toMatchObject({ earlier_slugs: { code: 'earlier_slugs_read_only' } });
  });
});

describe('the migration', () => {
  const folders: string[] = [];
  afterAll(() =>
    Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true }))),
  );

  it('gives existing posts slugs from their titles, oldest first, and keeps their updated date; down removes the fields', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'lw-slug-migration-'));
    folders.push(root);
    const before = {
      migrationsDir: path.join(root, 'migrations'),
      hooksDir: path.join(root, 'hooks'),
    };
    const skip = (name: string) => (source: string) => path.basename(source) !== name;
    await cp(MIGRATIONS_DIR, before.migrationsDir, {
      recursive: true,
      filter: skip(MIGRATION),
    });
    await cp(HOOKS_DIR, before.hooksDir, { recursive: true, filter: skip('post-slugs.pb.js') });
    const dataDir = path.join(root, 'pb_data');
    const superuser = { email: 'migration@test.local', password: 'migration-test-password' };

    const old = await startPocketBase({ dataDir, superuser, ...before });
    const titles = ['Tax & VAT', 'Tax & VAT', 'Search', 'Ubuntu in die praktyk: ŉ gids'];
    const made = [];
    try {
      const client = await superuserClient(old.url, superuser);
      for (const title of titles) made.push(await client.collection('blogs').create({ title }));
    } finally {
      await old.stop();
    }

    const migrated = await startPocketBase({ dataDir, superuser });
    try {
      const client = await superuserClient(migrated.url, superuser);
      const posts = await Promise.all(made.map((post) => client.collection('blogs').getOne(post.id))); // prettier-ignore
      expect(posts.map((post) => post.slug)).toEqual([
        'tax-and-vat',
        'tax-and-vat-2',
        'search-2',
        'ubuntu-in-die-praktyk-gids',
      ]);
      expect(posts.map((post) => post.updated)).toEqual(made.map((post) => post.updated));
      const { indexes } = await client.collections.getOne('blogs');
      expect(indexes).toContain('CREATE UNIQUE INDEX `idx_blogs_slug` ON `blogs` (`slug`)');
    } finally {
      await migrated.stop();
    }

    // Down to before this migration: it and any that came after it.
    const after = (await readdir(MIGRATIONS_DIR)).filter((name) => name >= MIGRATION);
    const reverted = await execa(
      await resolvePocketBaseBinary(),
      ['migrate', 'down', String(after.length), '--dir', dataDir, ...folderArgs()],
      { input: 'y\n', all: true },
    );
    expect(reverted.all).toContain(`Reverted ${MIGRATION}`);
    const down = await startPocketBase({ dataDir, superuser, ...before });
    try {
      const client = await superuserClient(down.url, superuser);
      const { fields, indexes } = await client.collections.getOne('blogs');
      const names = fields.map((field: { name: string }) => field.name);
      expect(names).not.toContain('slug');
      expect(names).not.toContain('earlier_slugs');
      expect(indexes.join()).not.toContain('slug');
    } finally {
      await down.stop();
    }
  }, 120_000);
});
