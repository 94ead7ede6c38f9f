/**
 * The project's PocketBase schema, rules, seed and process handling, against a real server.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
import { copyFile, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import PocketBase, { ClientResponseError, type RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPocketBase } from '../../tools/local/pocketbase/serverProcess.ts';
import { MIGRATIONS_DIR, upsertSuperuser } from '../../tools/local/pocketbase/command.ts';
import { superuserClient } from '../../tools/local/pocketbase/superuser.ts';
import { SEED_DIR, seedPocketBase } from '../../tools/local/pocketbase/seed.ts';
import { startLocalPocketBase } from '../../tools/local/pocketbase/localServer.ts';
import { LOCAL_PREVIEW_EMAIL } from '../../tools/local/pocketbase/previewReader.ts';
import { resolvePocketBaseBinary } from '../../tools/local/pocketbase/binary.ts';
import {
  hooksThatRunNothing,
  startTestPocketBase,
  type TestPocketBase,
} from '../support/pocketbase';
import { pngBlob } from '../support/pictures';

interface SeedBlog {
  title: string;
  banner_image: string | null;
  publishedDaysAgo?: number;
}

/** The HTTP status of a refused SDK call (0 when it did not fail). */
async function statusOf(call: () => Promise<unknown>): Promise<number> {
  try {
    await call();
    return 0;
  } catch (error) {
    if (error instanceof ClientResponseError) return error.status;
    throw error;
  }
}

describe('PocketBase schema and rules (empty server)', () => {
  let server: TestPocketBase;
  let admin: PocketBase;
  let anonymous: PocketBase;

  beforeAll(async () => {
    server = await startTestPocketBase();
    admin = await server.superuserClient();
    anonymous = new PocketBase(server.url);
    anonymous.autoCancellation(false);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('starts a new record as a draft', async () => {
    expect((await admin.collection('blogs').create({ title: 'Fresh' })).published).toBe(false);
    expect((await admin.collection('testimonials').create({ quote: 'Q' })).published).toBe(false);
  });

  // What visitors may read and write, and that hidden records stay hidden through any query:
  // pocketbaseRules.test.ts and pocketbasePrivacy.test.ts; the loaders read posts newest first.
  it('shows a scheduled post to visitors once its time has passed, listed and by id', async () => {
    const dueAt = Date.now() + 2_000;
    const scheduled = await admin.collection('blogs').create({
      title: 'Rules: scheduled',
      content: '<p>s</p>',
      published: true,
      published_at: new Date(dueAt).toISOString(),
    });
    const listed = async () =>
      (await anonymous.collection('blogs').getFullList({ filter: 'title ~ "Rules:"' })).map(
        (item) => item.id,
      );
    expect(await listed()).toEqual([]);
    expect(await statusOf(() => anonymous.collection('blogs').getOne(scheduled.id))).toBe(404);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, dueAt - Date.now() + 1_100)));
    expect(await listed()).toEqual([scheduled.id]);
    expect((await anonymous.collection('blogs').getOne(scheduled.id)).title).toBe(
      'Rules: scheduled',
    );
  });

  it('requires a title on blogs', async () => {
    expect(
      await statusOf(() => admin.collection('blogs').create({ content: '<p>no title</p>' })),
    ).toBe(400);
  });

  it('writes the superuser again with a new password (even one starting with a dash), before serve, so the installer never runs', async () => {
    const { email } = server.superuser;
    // A leading dash must not be read as a CLI flag. (The same command as before `serve`, run
    // while it runs.)
    const newPassword = `-${server.superuser.password}`;
    await upsertSuperuser(server.dataDir, { email, password: newPassword });
    const pb = await superuserClient(server.url, { email, password: newPassword });
    // PocketBase's installer adds a superuser of its own when it runs; there is only ours.
    const superusers = await pb.collection('_superusers').getFullList();
    expect(superusers.map((record) => record.email)).toEqual([email]);
    expect(server.output()).not.toMatch(/first superuser/i);
    // Last in its group: a new password ends the harness's session, and nothing uses it after.
  });
});

describe('seed', () => {
  let server: TestPocketBase;
  let seedBlogs: SeedBlog[];

  beforeAll(async () => {
    server = await startTestPocketBase({ seed: true });
    seedBlogs = JSON.parse(await readFile(path.join(SEED_DIR, 'blogs.json'), 'utf8'));
  });
  afterAll(async () => {
    await server?.stop();
  });

  // What the seed files hold (counts, banners, bodies, complete testimonials):
  // tests/tools/pocketbaseSeed.test.ts.
  it('shows visitors the published posts, newest first by their seed dates, and hides the draft and the scheduled post', async () => {
    const pb = new PocketBase(server.url);
    const posts = await pb.collection('blogs').getFullList({ sort: '-published_at' });
    const visible = seedBlogs.filter((blog) => blog.publishedDaysAgo !== undefined);
    const newestFirst = [...visible].sort((a, b) => a.publishedDaysAgo! - b.publishedDaysAgo!);
    expect(posts.map((post) => post.title)).toEqual(newestFirst.map((blog) => blog.title));
    // Dated days apart, at 07:00 UTC (09:00 in South Africa).
    for (const post of posts) expect(post.published_at).toMatch(/ 07:00:00\.000Z$/);

    const all = await (await server.superuserClient()).collection('blogs').getFullList();
    expect(all).toHaveLength(seedBlogs.length);
    const hidden = all.filter((post) => !posts.some((shown) => shown.id === post.id));
    expect(hidden.map((post) => post.published).sort()).toEqual([false, true]);
    const scheduled = hidden.find((post) => post.published)!;
    expect(Date.parse(scheduled.published_at.replace(' ', 'T'))).toBeGreaterThan(Date.now());
  });

  it('gives a post a picture in its body from its own pictures, served by PocketBase', async () => {
    const pb = new PocketBase(server.url);
    const post = (await pb.collection('blogs').getFullList()).find(
      (item) => (item.pictures as string[]).length > 0,
    );
    expect(post).toBeDefined();
    const [src] = [...post!.content.matchAll(/<img src="([^"]+)"/g)].map((match) => match[1]);
    expect(src).toBe(`/api/files/${post!.collectionId}/${post!.id}/${post!.pictures[0]}`);
    const response = await fetch(`${server.url}${src}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^image\//);
  });

  it('uploads banners as image files that PocketBase serves', async () => {
    const pb = new PocketBase(server.url);
    const withBanner = (await pb.collection('blogs').getFullList()).find(
      (post) => post.banner_image,
    );
    expect(withBanner).toBeDefined();
    const response = await fetch(pb.files.getURL(withBanner!, withBanner!.banner_image));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^image\//);
  });

  it('loads 5 testimonials, exactly one without an avatar', async () => {
    const testimonials = await new PocketBase(server.url).collection('testimonials').getFullList();
    expect(testimonials).toHaveLength(5);
    expect(testimonials.filter((item) => !item.avatar)).toHaveLength(1);
  });

  it('does nothing when seeded again', async () => {
    const again = await seedPocketBase({ pb: await server.superuserClient() });
    expect(again.seeded).toBe(false);
    const pb = await server.superuserClient();
    expect((await pb.collection('blogs').getList(1, 1)).totalItems).toBe(seedBlogs.length);
    expect((await pb.collection('testimonials').getList(1, 1)).totalItems).toBe(5);
  });
});

/**
 * `pocketbase migrate down <count>`, which only asks for confirmation on a terminal: run under
 * script(1) for a pseudo-terminal, answering its cursor-position queries and the question.
 */
async function migrateDown(dataDir: string, migrationsDir: string, count = 1): Promise<string> {
  const command = [await resolvePocketBaseBinary(), 'migrate', 'down', String(count)]
    .concat(['--dir', dataDir])
    .concat(['--migrationsDir', migrationsDir, '--dev=false'])
    .map((part) => `'${part}'`)
    .join(' ');
  return new Promise((resolve, reject) => {
    const child = spawn('script', ['-qec', command, '/dev/null'], { stdio: 'pipe' });
    let output = '';
    // Keys typed while the prompt still reads a cursor report are lost: each key goes out once
    // the terminal has been quiet for a moment.
    const keys = ['y', '\r'];
    let quiet: NodeJS.Timeout | undefined;
    const typeWhenQuiet = () => {
      clearTimeout(quiet);
      quiet = setTimeout(() => {
        const key = keys.shift();
        if (key === undefined) return;
        child.stdin.write(key);
        typeWhenQuiet();
      }, 500);
    };
    child.stdout.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      output += text;
      const queries = text.split('\u001b[6n').length - 1;
      for (let i = 0; i < queries; i += 1) child.stdin.write('\u001b[1;1R');
      if (output.includes('Do you really want')) typeWhenQuiet();
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.once('error', reject);
    child.once('close', () => {
      clearTimeout(timer);
      clearTimeout(quiet);
      resolve(output);
    });
  });
}

describe('upgrading a PocketBase that ran the shipped migrations', () => {
  const folders: string[] = [];
  afterAll(async () => {
    await Promise.all(folders.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('keeps every existing post and testimonial public, dated by its created, none featured, with a topic or an author; the down steps remove the fields', async () => {
    const work = await mkdtemp(path.join(tmpdir(), 'lw-pb-upgrade-'));
    folders.push(work);
    const shipped = path.join(work, 'shipped-migrations');
    const noHooks = path.join(work, 'hooks');
    await mkdir(shipped);
    await hooksThatRunNothing(noHooks);
    const shippedFiles = [
      '1763769600_created_blogs.js',
      '1763769601_created_testimonials.js',
      '1763942400_closed_users_signup.js',
    ];
    for (const file of shippedFiles)
      await copyFile(path.join(MIGRATIONS_DIR, file), path.join(shipped, file));
    const dataDir = path.join(work, 'pb');
    const superuser = { email: 'upgrade@test.local', password: 'upgrade-test-password' };
    const setup = { dataDir, hooksDir: noHooks, superuser };

    // Before: the site as shipped, with content.
    let server = await startPocketBase({ ...setup, migrationsDir: shipped });
    let before: RecordModel[];
    try {
      const pb = await superuserClient(server.url, superuser);
      for (const n of [1, 2, 3])
        await pb.collection('blogs').create({ title: `Old post ${n}`, content: `<p>${n}</p>` });
      await pb.collection('testimonials').create({ quote: 'Old quote', author: 'A' });
      before = await pb.collection('blogs').getFullList({ sort: 'created' });
    } finally {
      await server.stop();
    }

    // After: the new migration runs on start.
    server = await startPocketBase({ ...setup, migrationsDir: MIGRATIONS_DIR });
    try {
      const anonymous = new PocketBase(server.url);
      const after = await anonymous.collection('blogs').getFullList({ sort: 'created' });
      expect(after.map((post) => post.id)).toEqual(before.map((post) => post.id));
      for (const [index, post] of after.entries()) {
        expect(post.published).toBe(true);
        expect(post.published_at).toBe(before[index].created);
        expect(post.featured).toBe(false);
        expect(post.topics).toEqual([]);
        expect(post.authors).toEqual([]);
      }
      expect(await anonymous.collection('testimonials').getFullList()).toHaveLength(1);
    } finally {
      await server.stop();
    }

    // Down, every migration since the shipped ones: the fields go, the open read rules come
    // back, the records stay.
    const added = (await readdir(MIGRATIONS_DIR)).filter((file) => !shippedFiles.includes(file));
    const reverted = await migrateDown(dataDir, MIGRATIONS_DIR, added.length);
    for (const file of added) expect(reverted).toContain(`Reverted ${file}`);
    expect(added).toContain('1764028800_editorial_workflow.js');
    server = await startPocketBase({ ...setup, migrationsDir: shipped });
    try {
      const pb = await superuserClient(server.url, superuser);
      const blogs = await pb.collections.getOne('blogs');
      expect(blogs.fields.map((f) => f.name).sort()).toEqual(
        ['banner_image', 'content', 'created', 'id', 'title', 'updated'].sort(),
      );
      expect(blogs).toMatchObject({ listRule: '', viewRule: '' });
      const testimonials = await pb.collections.getOne('testimonials');
      expect(testimonials.fields.map((f) => f.name)).not.toContain('published');
      expect(testimonials).toMatchObject({ listRule: '', viewRule: '' });
      expect(await new PocketBase(server.url).collection('blogs').getFullList()).toHaveLength(3);
    } finally {
      await server.stop();
    }
  });
});

/**
 * In `work`: a data folder, a hooks folder that runs nothing, and a migrations folder holding the project's
 * migrations before `migration`; `files`, all of them in order.
 */
async function migrationsBefore(work: string, migration: string) {
  const dataDir = path.join(work, 'pb');
  const noHooks = path.join(work, 'hooks');
  const before = path.join(work, 'before');
  await hooksThatRunNothing(noHooks);
  await mkdir(before);
  const files = (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.js')).sort();
  for (const file of files.slice(0, files.indexOf(migration)))
    await copyFile(path.join(MIGRATIONS_DIR, file), path.join(before, file));
  return { dataDir, noHooks, before, files };
}

describe('the private drafts migration, undone', () => {
  const PRIVACY = '1764460800_private_drafts.js';
  let work: string;
  afterAll(() => rm(work, { recursive: true, force: true }));

  it('restores the rules it replaced: open topics and authors, lists without the guard', async () => {
    work = await mkdtemp(path.join(tmpdir(), 'lw-pb-privacy-down-'));
    const { dataDir, noHooks, before, files } = await migrationsBefore(work, PRIVACY);
    const superuser = { email: 'down@test.local', password: 'down-test-password' };

    let server = await startPocketBase({ dataDir, hooksDir: noHooks, superuser });
    await server.stop();
    const later = files.length - files.indexOf(PRIVACY);
    expect(await migrateDown(dataDir, MIGRATIONS_DIR, later)).toContain(`Reverted ${PRIVACY}`);

    server = await startPocketBase({
      dataDir,
      migrationsDir: before,
      hooksDir: noHooks,
      superuser,
    });
    try {
      const pb = await superuserClient(server.url, superuser);
      const rules = async (name: string) => {
        const { listRule, viewRule } = await pb.collections.getOne(name);
        return { listRule, viewRule };
      };
      const postRule = 'published = true && published_at != "" && published_at <= @now';
      expect(await rules('blogs')).toEqual({ listRule: postRule, viewRule: postRule });
      expect(await rules('testimonials')).toEqual({
        listRule: 'published = true',
        viewRule: 'published = true',
      });
      expect(await rules('tags')).toEqual({ listRule: '', viewRule: '' });
      expect(await rules('authors')).toEqual({ listRule: '', viewRule: '' });
    } finally {
      await server.stop();
    }
  });
});

describe('the topics and pictures migration', () => {
  const RENAME = '1795737605_topics_and_pictures.js';
  let work: string;
  afterAll(() => rm(work, { recursive: true, force: true }));

  it("renames the collection tags and the posts' tags and images to topics and pictures, keeping ids, values, files and what visitors see; undone, the old names come back", async () => {
    work = await mkdtemp(path.join(tmpdir(), 'lw-pb-rename-'));
    const { dataDir, noHooks, before, files } = await migrationsBefore(work, RENAME);
    const superuser = { email: 'rename@test.local', password: 'rename-test-password' };
    const setup = { dataDir, hooksDir: noHooks, superuser };
    const bytes = Buffer.from(await (await pngBlob(40, 20)).arrayBuffer());

    // Before: a topic on a live post (with a picture) and one only a draft has.
    let server = await startPocketBase({ ...setup, migrationsDir: before });
    let live: RecordModel;
    let draft: RecordModel;
    let topics: RecordModel[];
    try {
      const pb = await superuserClient(server.url, superuser);
      topics = [
        await pb.collection('tags').create({ name: 'Live topic', slug: 'live' }),
        await pb.collection('tags').create({ name: 'Draft topic', slug: 'draft-only' }),
      ];
      live = await pb.collection('blogs').create({
        title: 'Live',
        published: true,
        published_at: '2026-01-01 07:00:00.000Z',
        tags: [topics[0].id],
        images: [new File([bytes], 'chart.png', { type: 'image/png' })],
      });
      draft = await pb.collection('blogs').create({ title: 'Draft', tags: [topics[1].id] });
      expect(live.images).toHaveLength(1);
    } finally {
      await server.stop();
    }

    // Up.
    server = await startPocketBase({ ...setup, migrationsDir: MIGRATIONS_DIR });
    try {
      const pb = await superuserClient(server.url, superuser);
      const collection = await pb.collections.getOne('topics');
      expect(collection.id).toBe(topics[0].collectionId);
      expect(collection.indexes).toEqual([
        'CREATE UNIQUE INDEX `idx_topics_slug` ON `topics` (`slug`)',
        'CREATE UNIQUE INDEX `idx_topics_name` ON `topics` (`name`)',
      ]);
      expect(await statusOf(() => pb.collections.getOne('tags'))).toBe(404);
      const blogs = await pb.collections.getOne('blogs');
      const field = (name: string) => blogs.fields.find((f) => f.name === name);
      expect(field('topics')).toMatchObject({ id: 'lwblogtags', collectionId: collection.id });
      expect(field('pictures')).toMatchObject({ id: 'lwblogimages', type: 'file' });
      expect([field('tags'), field('images')]).toEqual([undefined, undefined]);
      // The rules of all four collections, read back: none names the old back-relation, and the
      // topics' name the new one.
      for (const name of ['blogs', 'testimonials', 'topics', 'authors']) {
        const rules = await pb.collections.getOne(name);
        expect(JSON.stringify(rules), name).not.toContain('blogs_via_tags');
      }
      expect(collection.listRule).toContain('blogs_via_topics.published ?= true');
      expect(collection.viewRule).toContain('blogs_via_topics.published ?= true');

      const kept = await pb.collection('blogs').getOne(live.id);
      expect(kept.topics).toEqual([topics[0].id]);
      expect(kept.pictures).toEqual(live.images);
      expect((await pb.collection('blogs').getOne(draft.id)).topics).toEqual([topics[1].id]);
      const anonymous = new PocketBase(server.url);
      const served = await fetch(anonymous.files.getURL(kept, kept.pictures[0]));
      expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
      // Visitors still see the live post's topic only, through the renamed rules.
      const names = async () =>
        (await anonymous.collection('topics').getFullList()).map((topic) => topic.name);
      expect(await names()).toEqual(['Live topic']);
      expect(await statusOf(() => anonymous.collection('topics').getOne(topics[1].id))).toBe(404);
    } finally {
      await server.stop();
    }

    // Down: the old names, the values kept.
    const later = files.length - files.indexOf(RENAME);
    expect(await migrateDown(dataDir, MIGRATIONS_DIR, later)).toContain(`Reverted ${RENAME}`);
    server = await startPocketBase({ ...setup, migrationsDir: before });
    try {
      const pb = await superuserClient(server.url, superuser);
      const collection = await pb.collections.getOne('tags');
      expect(collection.indexes).toEqual([
        'CREATE UNIQUE INDEX `idx_tags_slug` ON `tags` (`slug`)',
        'CREATE UNIQUE INDEX `idx_tags_name` ON `tags` (`name`)',
      ]);
      expect(collection.listRule).toContain('blogs_via_tags.published ?= true');
      const restored = await pb.collection('blogs').getOne(live.id);
      expect(restored.tags).toEqual([topics[0].id]);
      expect(restored.images).toEqual(live.images);
      const anonymous = new PocketBase(server.url);
      const names = (await anonymous.collection('tags').getFullList()).map((t) => t.name);
      expect(names).toEqual(['Live topic']);
    } finally {
      await server.stop();
    }
  });
});

describe('the preview readers migration, undone', () => {
  const PREVIEW = '1795737606_preview_readers.js';
  let work: string;
  afterAll(() => rm(work, { recursive: true, force: true }));

  it('restores the read rules it changed and removes the collection with its accounts', async () => {
    work = await mkdtemp(path.join(tmpdir(), 'lw-pb-preview-down-'));
    const { dataDir, noHooks, before, files } = await migrationsBefore(work, PREVIEW);
    const superuser = { email: 'preview-down@test.local', password: 'preview-down-password' };
    const setup = { dataDir, hooksDir: noHooks, superuser };
    const content = ['blogs', 'testimonials', 'topics', 'authors'];
    const rules = async (pb: PocketBase) =>
      Promise.all(
        content.map(async (name) => {
          const { listRule, viewRule } = await pb.collections.getOne(name);
          return { name, listRule, viewRule };
        }),
      );

    let server = await startPocketBase({ ...setup, migrationsDir: before });
    let earlier;
    try {
      earlier = await rules(await superuserClient(server.url, superuser));
    } finally {
      await server.stop();
    }
    server = await startPocketBase({ ...setup, migrationsDir: MIGRATIONS_DIR });
    try {
      const pb = await superuserClient(server.url, superuser);
      expect(await rules(pb)).not.toEqual(earlier);
      const password = 'a-preview-password-long-enough';
      await pb
        .collection('preview_readers')
        .create({ email: 'reader@test.local', password, passwordConfirm: password });
    } finally {
      await server.stop();
    }

    const later = files.length - files.indexOf(PREVIEW);
    expect(await migrateDown(dataDir, MIGRATIONS_DIR, later)).toContain(`Reverted ${PREVIEW}`);
    server = await startPocketBase({ ...setup, migrationsDir: before });
    try {
      const pb = await superuserClient(server.url, superuser);
      expect(await rules(pb)).toEqual(earlier);
      expect(await statusOf(() => pb.collections.getOne('preview_readers'))).toBe(404);
    } finally {
      await server.stop();
    }
  });
});

describe('startPocketBase failures and stop', () => {
  const folders: string[] = [];
  const tempDir = async (prefix: string) => {
    const dir = await mkdtemp(path.join(tmpdir(), prefix));
    folders.push(dir);
    return dir;
  };
  afterAll(async () => {
    await Promise.all(folders.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  const superuser = { email: 'fail@test.local', password: 'long-enough-password' };

  it('rejects with a clear message and the server output when a migration throws', async () => {
    const migrationsDir = await tempDir('lw-pb-badmig-');
    await writeFile(
      path.join(migrationsDir, '1700000000_broken.js'),
      'migrate((app) => { throw new Error("deliberately broken migration") })\n',
    );
    const dataDir = await tempDir('lw-pb-data-');
    await expect(startPocketBase({ dataDir, migrationsDir, superuser })).rejects.toThrow(
      /PocketBase failed to start.*migration[\s\S]*deliberately broken migration/,
    );
  });

  it('rejects, naming the file, when a migration file does not parse', async () => {
    const migrationsDir = await tempDir('lw-pb-badsyntax-');
    await writeFile(path.join(migrationsDir, '1700000000_syntax.js'), 'migrate((app) => {\n');
    const dataDir = await tempDir('lw-pb-data-');
    await expect(startPocketBase({ dataDir, migrationsDir, superuser })).rejects.toThrow(
      /1700000000_syntax\.js/,
    );
  });

  it('stop() ends the server and removes the temporary data folder', async () => {
    const server = await startTestPocketBase();
    expect((await fetch(`${server.url}/api/health`)).ok).toBe(true);
    await server.stop();
    expect(existsSync(server.dataDir)).toBe(false);
    await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();
    await server.stop();
  });
});

describe('startLocalPocketBase', () => {
  const saved = { ...process.env };
  let dataDir: string;
  let blocker: net.Server;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'lw-pb-local-'));
    // Occupy a port and ask for it, to see the fallback to a free one.
    blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const address = blocker.address();
    process.env.POCKETBASE_PORT = String(typeof address === 'object' && address ? address.port : 0);
    process.env.POCKETBASE_SUPERUSER_EMAIL = 'local-admin@test.local';
    process.env.POCKETBASE_SUPERUSER_PASSWORD = 'local-admin-password';
    process.env.POCKETBASE_PREVIEW_PASSWORD = 'local-preview-password-long-enough';
  });
  afterAll(async () => {
    process.env = saved;
    await new Promise((resolve) => blocker.close(resolve));
    await rm(dataDir, { recursive: true, force: true });
  });

  /** Whether the preview's account signs in to the local PocketBase at `url` with `password`. */
  const previewSignsIn = (url: string, password: string) =>
    new PocketBase(url)
      .collection('preview_readers')
      .authWithPassword(LOCAL_PREVIEW_EMAIL, password)
      .then(
        () => true,
        () => false,
      );

  it('falls back to a free port when POCKETBASE_PORT is taken, writes the preview account, seeds once, and stops', async () => {
    const messages: string[] = [];
    const first = await startLocalPocketBase({ dataDir, log: (message) => messages.push(message) });
    try {
      expect(first.port).not.toBe(Number(process.env.POCKETBASE_PORT));
      expect(messages.join('\n')).toMatch(/is taken: the local PocketBase uses port \d+ instead/);
      expect(first.superuser.email).toBe('local-admin@test.local');
      const pb = new PocketBase(first.url);
      await expect(
        pb
          .collection('_superusers')
          .authWithPassword(first.superuser.email, first.superuser.password),
      ).resolves.toHaveProperty('token');
      expect((await pb.collection('blogs').getList(1, 1)).totalItems).toBeGreaterThanOrEqual(8);
      // The default address, with POCKETBASE_PREVIEW_PASSWORD.
      expect(first.previewReader).toEqual({
        email: LOCAL_PREVIEW_EMAIL,
        password: 'local-preview-password-long-enough',
      });
      expect(await previewSignsIn(first.url, first.previewReader.password)).toBe(true);
    } finally {
      await first.stop();
    }
    await expect(fetch(`${first.url}/api/health`)).rejects.toThrow();

    // A new password in the environment replaces the account's old one.
    process.env.POCKETBASE_PREVIEW_PASSWORD = 'another-local-preview-password';
    const second = await startLocalPocketBase({
      dataDir,
      log: (message) => messages.push(message),
    });
    try {
      const seedBlogs: SeedBlog[] = JSON.parse(
        await readFile(path.join(SEED_DIR, 'blogs.json'), 'utf8'),
      );
      const pb = new PocketBase(second.url);
      await pb
        .collection('_superusers')
        .authWithPassword(second.superuser.email, second.superuser.password);
      expect((await pb.collection('blogs').getList(1, 1)).totalItems).toBe(seedBlogs.length);
      expect(messages.join('\n')).toMatch(/seed skipped/);
      expect(await previewSignsIn(second.url, 'another-local-preview-password')).toBe(true);
      expect(await previewSignsIn(second.url, 'local-preview-password-long-enough')).toBe(false);
      expect(await pb.collection('preview_readers').getFullList()).toHaveLength(1);
    } finally {
      await second.stop();
    }
  });
});
