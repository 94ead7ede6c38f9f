/**
 * `npm run pocketbase:upgrade` on a copy of a real PocketBase 0.22 folder
 * (tests/fixtures/pocketbase-0.22): the copy aside, the content, privacy, the old superuser, the
 * schema of a fresh install, the hooks' state and the minute job, and a site built from it. What
 * to expect is read from the fixture's own data.db, never listed here. An integration test, not a
 * tool's: it proves the site's content, rules, hooks and build on the upgraded folder.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { decode } from 'html-entities';
import PocketBase, { type RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startPocketBase,
  type RunningPocketBase,
} from '../../tools/local/pocketbase/serverProcess.ts';
import {
  LOCAL_SUPERUSER_PASSWORD,
  superuserClient,
} from '../../tools/local/pocketbase/superuser.ts';
import { upgradeRecordPath } from '../../tools/local/pocketbase/upgrade.ts';
import { listFiles } from '../support/files';
import { clockedHooksDir, readSchema, SCHEMA_EXPECTATION } from '../support/pocketbase';
import {
  COLLECTIONS,
  copiesBeside,
  expectCopyOfFixture,
  expectDueRebuildAtNextTick,
  expectHookStateKept,
  FIXTURE,
  isPublicAt,
  list,
  pocketBaseDate,
  readFixture,
  startEndpoint,
  upgradeCommand,
  type Row,
  startLocalOnUpgrade,
} from '../support/pocketbaseUpgrade';
import { runBuild } from '../support/site';

/**
 * The names that changed since the fixture was made (1795737605_topics_and_pictures.js): the
 * collection `tags` and a post's fields `tags` and `images`. The fixture is read by its own names
 * and PocketBase by the new ones, so the tests prove that the renamed ones kept every value.
 */
const RENAMED: Record<string, string> = { tags: 'topics', images: 'pictures' };
const nowCalled = (name: string) => RENAMED[name] ?? name;

const fixture = readFixture();
/** What the API rules let visitors see, now. */
function publicPosts(now = pocketBaseDate(new Date())) {
  return fixture.rows.blogs.filter((post) => isPublicAt(post, now));
}
const publicTestimonials = () => fixture.rows.testimonials.filter((row) => row.published === 1);
/** Topics and authors are public while a public post has them. */
const publicOf = (name: 'tags' | 'authors') => {
  const used = new Set(publicPosts().flatMap((post) => list(post[name])));
  return fixture.rows[name].filter((row) => used.has(String(row.id)));
};
/** A post's pictures pasted into its body as data: URLs, decoded. */
const pastedPictures = (post: Row) =>
  [...String(post.content).matchAll(/src="data:image\/\w+;base64,([^"]+)"/g)].map((match) =>
    Buffer.from(match[1], 'base64'),
  );
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

const superuser = { email: 'upgrade-test@test.local', password: 'upgrade-test-password' };
let work: string;
let dataDir: string;
let upgradeOutput: string;
let endpoint: Awaited<ReturnType<typeof startEndpoint>>;
let hooks: Awaited<ReturnType<typeof clockedHooksDir>>;
let server: RunningPocketBase;
let admin: PocketBase;
let anonymous: PocketBase;
const cleanups: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'lw-pb-upgrade-'));
  cleanups.push(() => rm(work, { recursive: true, force: true }));
  dataDir = path.join(work, 'pb_data');
  await cp(FIXTURE, dataDir, { recursive: true, preserveTimestamps: true });
  const upgrade = await upgradeCommand(dataDir);
  upgradeOutput = upgrade.all;
  expect(upgrade.exitCode, upgradeOutput).toBe(0);

  endpoint = await startEndpoint();
  cleanups.push(endpoint.close);
  // The minute job runs only when the test moves the hooks' clock on.
  hooks = await clockedHooksDir();
  cleanups.push(hooks.remove);
  server = await startPocketBase({
    dataDir,
    hooksDir: hooks.dir,
    env: { SITE_REBUILD_HOOK_URL: endpoint.url },
    superuser,
  });
  cleanups.push(server.stop);
  admin = await superuserClient(server.url, superuser);
  anonymous = new PocketBase(server.url);
  anonymous.autoCancellation(false);
});

afterAll(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

describe('npm run pocketbase:upgrade on a PocketBase 0.22 folder', () => {
  it('first copies the folder aside, byte for byte, and says where', async () => {
    const backup = /^Copied \S+ to (\S+) /m.exec(upgradeOutput)?.[1];
    expect(backup, upgradeOutput).toMatch(/pb_data\.before-\d/);
    await expectCopyOfFixture(backup!);
  });

  it('does nothing to a folder already upgraded, and says so', async () => {
    const again = await upgradeCommand(dataDir);
    expect(again.exitCode).toBe(0);
    expect(again.all).toMatch(/is already upgraded .*: nothing to do\.$/);
    expect(await copiesBeside(dataDir)).toHaveLength(1);
    expect(existsSync(upgradeRecordPath(dataDir))).toBe(false);
  });

  it('keeps every record with its fields: text, relations (topics, authors), files, featured choice, publish date', async () => {
    // Not a vacuous proof: the fixture has posts with topics and with pictures.
    expect(fixture.rows.blogs.some((row) => list(row.tags).length > 0)).toBe(true);
    expect(fixture.rows.blogs.some((row) => list(row.images).length > 0)).toBe(true);
    for (const name of COLLECTIONS) {
      const records = new Map(
        (await admin.collection(nowCalled(name)).getFullList()).map((record) => [
          record.id,
          record,
        ]),
      );
      expect([...records.keys()].sort(), name).toEqual(
        fixture.rows[name].map((row) => String(row.id)).sort(),
      );
      for (const row of fixture.rows[name]) {
        const record = records.get(String(row.id))!;
        // The body and files of a post with pasted pictures change on purpose (next test).
        const pasted = name === 'blogs' && pastedPictures(row).length > 0;
        for (const [field, value] of Object.entries(row)) {
          if (pasted && ['content', 'images', 'updated'].includes(field)) continue;
          const kept = record[nowCalled(field)];
          // SQLite keeps booleans as 0/1 and relations and file lists as JSON text.
          const expected =
            typeof kept === 'boolean' ? value === 1 : Array.isArray(kept) ? list(value) : value;
          expect(kept, `${name} ${row.id} ${field}`).toEqual(expected);
        }
      }
    }
  });

  it('serves every stored file with its bytes (banners, body pictures, avatars)', async () => {
    const token = await admin.files.getToken();
    const stored = (await listFiles(path.join(FIXTURE, 'storage'))).filter(
      (file) => !file.endsWith('.attrs'),
    );
    expect(stored.length).toBeGreaterThan(0);
    for (const file of stored) {
      const [collectionId, recordId, name] = path.relative(FIXTURE, file).split(path.sep).slice(1);
      const url = `${server.url}/api/files/${collectionId}/${recordId}/${name}?token=${token}`;
      const response = await fetch(url);
      expect(response.status, url).toBe(200);
      expect(Buffer.from(await response.arrayBuffer()).equals(await readFile(file)), url).toBe(
        true,
      );
    }
  });

  it("moves a picture pasted into a post's body into the post's files, the body pointing at it", async () => {
    const pasted = fixture.rows.blogs.filter((post) => pastedPictures(post).length > 0);
    expect(pasted.length).toBeGreaterThan(0);
    for (const row of pasted) {
      const record = await admin.collection('blogs').getOne(String(row.id));
      expect(record.content).not.toContain('data:');
      const token = await admin.files.getToken();
      const moved = await Promise.all(
        (record.pictures as string[])
          .filter((name) =>
            record.content.includes(`/api/files/${record.collectionId}/${record.id}/${name}`),
          )
          .map(async (name) =>
            Buffer.from(
              await (await fetch(admin.files.getURL(record, name, { token }))).arrayBuffer(),
            ),
          ),
      );
      expect(moved.map(sha256).sort()).toEqual(pastedPictures(row).map(sha256).sort());
      // The files the post had before stay.
      for (const name of list(row.images)) expect(record.pictures).toContain(name);
    }
  });

  it('shows visitors only what they saw before: no draft, no post scheduled ahead, no unpublished testimonial, no topic or author of those alone', async () => {
    const ids = (records: RecordModel[]) => records.map((record) => record.id).sort();
    const idsOf = (rows: Row[]) => rows.map((row) => String(row.id)).sort();
    const posts = publicPosts();
    expect(ids(await anonymous.collection('blogs').getFullList())).toEqual(idsOf(posts));
    expect(ids(await anonymous.collection('testimonials').getFullList())).toEqual(
      idsOf(publicTestimonials()),
    );
    expect(ids(await anonymous.collection('topics').getFullList())).toEqual(
      idsOf(publicOf('tags')),
    );
    expect(ids(await anonymous.collection('authors').getFullList())).toEqual(
      idsOf(publicOf('authors')),
    );
    // Nor by id.
    const hidden = fixture.rows.blogs.filter((post) => !posts.includes(post));
    expect(hidden.length).toBeGreaterThan(0);
    for (const post of hidden)
      await expect(anonymous.collection('blogs').getOne(String(post.id))).rejects.toHaveProperty(
        'status',
        404,
      );
  });

  it("lets the 0.22 admin log in as a superuser with the old password (the fixture's local login)", async () => {
    expect(fixture.admins.length).toBeGreaterThan(0);
    for (const email of fixture.admins) {
      const pb = new PocketBase(server.url);
      await pb.collection('_superusers').authWithPassword(email, LOCAL_SUPERUSER_PASSWORD);
      expect(pb.authStore.record?.email).toBe(email);
    }
  });

  it("gives the folder a fresh install's schema (tests/fixtures/pocketbase/schema.json)", async () => {
    const expected = JSON.parse(await readFile(SCHEMA_EXPECTATION, 'utf8'));
    expect(JSON.parse(JSON.stringify(await readSchema(admin)))).toEqual(expected);
  });

  it("keeps the hooks' state: the scheduled-posts cutoff and the pending rebuild, under their keys", async () => {
    await expectHookStateKept(admin, fixture);
  });

  it('sends, at the next minute tick, one rebuild for the posts that fell due while PocketBase was down, with the pending change', async () => {
    await expectDueRebuildAtNextTick(admin, endpoint, fixture);
  });

  it('builds a site that shows every public post, topic, author and testimonial, with their pictures', async () => {
    const build = await runBuild({ pocketbaseUrl: server.url });
    cleanups.push(() => rm(build.root, { recursive: true, force: true }));
    expect(build.code, build.output).toBe(0);
    expect(build.output).not.toMatch(/could not be downloaded|picture removed/);
    const built = (route: string) => existsSync(path.join(build.outDir, `${route}.html`));
    const page = async (route: string) =>
      decode(await readFile(path.join(build.outDir, `${route}.html`), 'utf8'));
    // The same posts, topics and authors as visitors saw: a page for each public one, none for
    // the others.
    const posts = publicPosts();
    // Each post's address, /blog/<slug>: the migration made the slugs from the titles.
    const slugs = new Map(
      (await admin.collection('blogs').getFullList({ fields: 'id,slug' })).map((record) => [
        record.id,
        String(record.slug),
      ]),
    );
    const address = (post: Row) => `blog/${slugs.get(String(post.id))}`;
    for (const post of fixture.rows.blogs)
      expect(built(address(post)), String(post.title)).toBe(posts.includes(post));
    for (const name of ['tags', 'authors'] as const) {
      const shown = publicOf(name);
      for (const row of fixture.rows[name])
        expect(
          built(`blog/${name === 'tags' ? 'topic' : 'author'}/${row.slug}`),
          String(row.name),
        ).toBe(shown.includes(row));
    }
    const picture = (collection: string, row: Row, name: unknown) =>
      readFile(
        path.join(
          FIXTURE,
          'storage',
          fixture.collectionIds[collection],
          String(row.id),
          String(name),
        ),
      );
    // A picture is downloaded into the build's cache under the SHA-256 of its bytes, and the page
    // shows Astro's WebP of it, named after that file.
    const expectShown = (html: string, bytes: Buffer, where: string) => {
      const files = html.match(new RegExp(`/_astro/${sha256(bytes)}[^"\\s]*\\.webp`, 'g'));
      expect(files, where).not.toBeNull();
      for (const file of files!) expect(existsSync(path.join(build.outDir, file)), file).toBe(true);
    };

    for (const post of posts) {
      const html = await page(address(post));
      const article = html.slice(html.indexOf('<article'), html.indexOf('</article>'));
      expect(article, String(post.id)).toContain(String(post.title));
      if (post.banner_image)
        expectShown(article, await picture('blogs', post, post.banner_image), `${post.id} banner`);
      const bodyPictures = [
        ...pastedPictures(post),
        ...(await Promise.all(
          list(post.images)
            .filter((name) => String(post.content).includes(name))
            .map((name) => picture('blogs', post, name)),
        )),
      ];
      for (const bytes of bodyPictures) expectShown(article, bytes, `${post.id} body picture`);
    }
    for (const topic of publicOf('tags'))
      expect(await page(`blog/topic/${topic.slug}`)).toContain(String(topic.name));
    for (const author of publicOf('authors')) {
      const html = await page(`blog/author/${author.slug}`);
      expect(html).toContain(String(author.name));
      if (author.avatar)
        expectShown(html, await picture('authors', author, author.avatar), `${author.slug} avatar`);
    }
    const home = await page('index');
    for (const testimonial of publicTestimonials()) {
      expect(home).toContain(String(testimonial.quote));
      if (testimonial.avatar)
        expectShown(
          home,
          await picture('testimonials', testimonial, testimonial.avatar),
          `${testimonial.author} avatar`,
        );
    }
  }, 300_000);
});

describe('npm run pocketbase:upgrade refuses, in one line, changing nothing', () => {
  const folders: string[] = [];
  afterAll(() => Promise.all(folders.map((dir) => rm(dir, { recursive: true, force: true }))));
  const tempDir = async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'lw-pb-refused-'));
    folders.push(dir);
    return dir;
  };
  const expectRefused = async (dir: string, message: RegExp) => {
    const result = await upgradeCommand(dir);
    expect(result.exitCode, result.all).toBe(1);
    expect(result.stderr.split('\n')).toEqual([expect.stringMatching(message)]);
    expect(await copiesBeside(dir)).toEqual([]);
  };

  it('a folder that does not exist', async () => {
    await expectRefused(path.join(await tempDir(), 'pb_data'), /does not exist: give the folder/);
  });

  it("a folder whose data.db is not PocketBase 0.22's", async () => {
    const dir = path.join(await tempDir(), 'pb_data');
    await cp(FIXTURE, dir, { recursive: true });
    await writeFile(path.join(dir, 'data.db'), 'not a database');
    await expectRefused(dir, /is not a PocketBase 0\.22 data folder/);
    expect(await readFile(path.join(dir, 'data.db'), 'utf8')).toBe('not a database');
  });

  it('a folder a running PocketBase holds open', async () => {
    const dir = path.join(await tempDir(), 'pb_data');
    await cp(FIXTURE, dir, { recursive: true });
    // Another process with the database open, as a running PocketBase always has it (the check
    // was tried by hand against PocketBase 0.22.20 serving the fixture).
    const open = new DatabaseSync(path.join(dir, 'data.db'), { readOnly: true });
    try {
      open.prepare('SELECT count(*) FROM _collections').get();
      await expectRefused(dir, /PocketBase seems to be running on .*: stop it/);
    } finally {
      open.close();
    }
    expect(
      (await readFile(path.join(dir, 'data.db'))).equals(
        await readFile(path.join(FIXTURE, 'data.db')),
      ),
    ).toBe(true);
  });
});

describe('startLocalPocketBase on a PocketBase 0.22 .pocketbase/', () => {
  const saved = { ...process.env };
  afterAll(() => {
    process.env = saved;
  });

  it("upgrades it the same way before it starts, keeping the copy and the hooks' state", async () => {
    const dataDir = path.join(
      await mkdtemp(path.join(tmpdir(), 'lw-pb-local-upgrade-')),
      '.pocketbase',
    );
    cleanups.push(() => rm(path.dirname(dataDir), { recursive: true, force: true }));
    await cp(FIXTURE, dataDir, { recursive: true });
    // The minute job would move the cutoff on: the state is read before its next run.
    const { local, said } = await startLocalOnUpgrade(dataDir);
    try {
      expect(said()).toMatch(/^Copied \S+ to \S+\/\.pocketbase\.before-\S+ /m);
      expect(await copiesBeside(dataDir)).toHaveLength(1);
      // Converted by PocketBase alone, the folder would have the cutoff of its first start.
      const pb = await superuserClient(local.url, local.superuser);
      const cutoff = await pb
        .collection('hook_state')
        .getFirstListItem('key = "ledgerwise.scheduledPostsCutoff"');
      expect(cutoff.value).toEqual(fixture.hookState['ledgerwise.scheduledPostsCutoff']);
    } finally {
      await local.stop();
    }
  });
});
