/**
 * The project's PocketBase schema, rules, seed and process handling, against a real server.
 */
import { existsSync } from 'node:fs';
import net from 'node:net';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import PocketBase, { ClientResponseError, type CollectionModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ensureAdmin,
  SEED_DIR,
  seedPocketBase,
  startLocalPocketBase,
  startPocketBase,
} from '../../scripts/lib/pocketbase.mjs';
import { startTestPocketBase, type TestPocketBase } from '../support/pocketbase';

interface SeedBlog {
  title: string;
  banner: string | null;
}

function field(collection: CollectionModel, name: string) {
  const found = collection.schema.find((f) => f.name === name);
  if (!found) throw new Error(`${collection.name} has no field "${name}"`);
  return found;
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
    admin = await server.adminClient();
    anonymous = new PocketBase(server.url);
    anonymous.autoCancellation(false);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('applies the migrations: blogs has title (required text), content (editor), banner_image (one image)', async () => {
    const blogs = await admin.collections.getOne('blogs');
    expect(blogs.type).toBe('base');
    expect(field(blogs, 'title')).toMatchObject({ type: 'text', required: true });
    expect(field(blogs, 'content')).toMatchObject({ type: 'editor' });
    const banner = field(blogs, 'banner_image');
    expect(banner.type).toBe('file');
    expect(banner.options.maxSelect).toBe(1);
    expect(banner.options.mimeTypes).toEqual(expect.arrayContaining(['image/jpeg', 'image/webp']));
    expect(banner.options.mimeTypes.every((type: string) => type.startsWith('image/'))).toBe(true);
  });

  it('applies the migrations: testimonials has quote, author, position, company (text) and avatar (one image)', async () => {
    const testimonials = await admin.collections.getOne('testimonials');
    for (const name of ['quote', 'author', 'position', 'company']) {
      expect(field(testimonials, name).type).toBe('text');
    }
    const avatar = field(testimonials, 'avatar');
    expect(avatar.type).toBe('file');
    expect(avatar.options.maxSelect).toBe(1);
    expect(avatar.options.mimeTypes.every((type: string) => type.startsWith('image/'))).toBe(true);
  });

  it('makes list and view public and create, update and delete admin-only on both collections', async () => {
    for (const name of ['blogs', 'testimonials']) {
      const collection = await admin.collections.getOne(name);
      expect(collection).toMatchObject({
        listRule: '',
        viewRule: '',
        createRule: null,
        updateRule: null,
        deleteRule: null,
      });
    }
  });

  it('indexes blogs.created', async () => {
    const blogs = await admin.collections.getOne('blogs');
    expect(
      blogs.indexes.some((sql) => /^CREATE INDEX .* ON `?blogs`? \(`?created`?\)$/i.test(sql)),
    ).toBe(true);
  });

  it('lets anonymous visitors list and view blogs sorted by -created', async () => {
    const older = await admin.collection('blogs').create({ title: 'Older', content: '<p>a</p>' });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const newer = await admin.collection('blogs').create({ title: 'Newer', content: '<p>b</p>' });

    const list = await anonymous.collection('blogs').getList(1, 30, { sort: '-created' });
    expect(list.items.map((item) => item.id).slice(0, 2)).toEqual([newer.id, older.id]);
    const one = await anonymous.collection('blogs').getOne(older.id);
    expect(one.title).toBe('Older');

    const testimonial = await admin.collection('testimonials').create({ quote: 'Q', author: 'A' });
    const testimonials = await anonymous.collection('testimonials').getFullList();
    expect(testimonials.map((item) => item.id)).toContain(testimonial.id);
  });

  it('refuses anonymous create, update and delete, and leaves the records untouched', async () => {
    const post = await admin.collection('blogs').create({ title: 'Kept', content: '<p>x</p>' });
    const blogs = anonymous.collection('blogs');
    expect(await statusOf(() => blogs.create({ title: 'Intruder' }))).toBe(403);
    expect(await statusOf(() => blogs.update(post.id, { title: 'Changed' }))).toBe(403);
    expect(await statusOf(() => blogs.delete(post.id))).toBe(403);
    expect((await admin.collection('blogs').getOne(post.id)).title).toBe('Kept');
    const intruders = await admin
      .collection('blogs')
      .getList(1, 1, { filter: 'title = "Intruder"' });
    expect(intruders.totalItems).toBe(0);

    const quote = await admin.collection('testimonials').create({ quote: 'Kept quote' });
    const testimonials = anonymous.collection('testimonials');
    expect(await statusOf(() => testimonials.create({ quote: 'Intruder' }))).toBe(403);
    expect(await statusOf(() => testimonials.update(quote.id, { quote: 'Changed' }))).toBe(403);
    expect(await statusOf(() => testimonials.delete(quote.id))).toBe(403);
    expect((await admin.collection('testimonials').getOne(quote.id)).quote).toBe('Kept quote');
  });

  it('requires a title on blogs', async () => {
    expect(
      await statusOf(() => admin.collection('blogs').create({ content: '<p>no title</p>' })),
    ).toBe(400);
  });

  it('keeps an existing admin usable: ensureAdmin again succeeds and adopts a new password (even one starting with a dash)', async () => {
    const { email } = server.admin;
    await expect(
      ensureAdmin({ url: server.url, dataDir: server.dataDir, ...server.admin }),
    ).resolves.toHaveProperty('token');
    // A leading dash must not be read as a CLI flag.
    const newPassword = `-${server.admin.password}`;
    await ensureAdmin({ url: server.url, dataDir: server.dataDir, email, password: newPassword });
    const pb = new PocketBase(server.url);
    await expect(pb.admins.authWithPassword(email, newPassword)).resolves.toHaveProperty('token');
    // Restore, so the other tests' clients keep working.
    await ensureAdmin({ url: server.url, dataDir: server.dataDir, ...server.admin });
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

  it('loads at least 8 posts, some without a banner, with the last seed entry as the newest post', async () => {
    const pb = new PocketBase(server.url);
    const posts = await pb.collection('blogs').getFullList({ sort: '-created' });
    expect(posts.length).toBe(seedBlogs.length);
    expect(posts.length).toBeGreaterThanOrEqual(8);
    expect(posts.filter((post) => !post.banner_image).length).toBeGreaterThan(0);
    expect(posts.filter((post) => post.banner_image).length).toBeGreaterThan(0);
    // Oldest first in blogs.json, so the newest record is its last entry and the order is reversed.
    expect(posts.map((post) => post.title)).toEqual(seedBlogs.map((blog) => blog.title).reverse());
    const createdTimes = posts.map((post) => post.created);
    expect(new Set(createdTimes).size).toBe(createdTimes.length);
    for (const post of posts) expect(post.content).toMatch(/<h2>/);
  });

  it('uploads banners as image files that PocketBase serves', async () => {
    const pb = new PocketBase(server.url);
    const withBanner = (await pb.collection('blogs').getFullList()).find(
      (post) => post.banner_image,
    );
    expect(withBanner).toBeDefined();
    const response = await fetch(pb.files.getUrl(withBanner!, withBanner!.banner_image));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^image\//);
  });

  it('loads 5 testimonials, exactly one without an avatar', async () => {
    const pb = new PocketBase(server.url);
    const testimonials = await pb.collection('testimonials').getFullList();
    expect(testimonials).toHaveLength(5);
    expect(testimonials.filter((item) => !item.avatar)).toHaveLength(1);
    for (const item of testimonials) {
      expect(item.quote.length).toBeGreaterThan(20);
      expect(item.author).not.toBe('');
    }
  });

  it('does nothing when seeded again', async () => {
    const again = await seedPocketBase({ url: server.url, ...server.admin });
    expect(again.seeded).toBe(false);
    const pb = new PocketBase(server.url);
    expect((await pb.collection('blogs').getList(1, 1)).totalItems).toBe(seedBlogs.length);
    expect((await pb.collection('testimonials').getList(1, 1)).totalItems).toBe(5);
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

  it('rejects with a clear message and the server output when a migration throws', async () => {
    const migrationsDir = await tempDir('lw-pb-badmig-');
    await writeFile(
      path.join(migrationsDir, '1700000000_broken.js'),
      'migrate((db) => { throw new Error("deliberately broken migration") })\n',
    );
    const dataDir = await tempDir('lw-pb-data-');
    await expect(startPocketBase({ dataDir, migrationsDir })).rejects.toThrow(
      /PocketBase failed to start.*migration[\s\S]*deliberately broken migration/,
    );
  });

  it('rejects when a migration file does not parse', async () => {
    const migrationsDir = await tempDir('lw-pb-badsyntax-');
    await writeFile(path.join(migrationsDir, '1700000000_syntax.js'), 'migrate((db) => {\n');
    const dataDir = await tempDir('lw-pb-data-');
    await expect(startPocketBase({ dataDir, migrationsDir })).rejects.toThrow(
      /PocketBase failed to start.*migration/,
    );
  });

  it('makes the harness reject (and clean up) on a broken migrations folder', async () => {
    const migrationsDir = await tempDir('lw-pb-badmig2-');
    await writeFile(
      path.join(migrationsDir, '1700000000_broken.js'),
      'migrate((db) => { throw new Error("nope") })\n',
    );
    await expect(startTestPocketBase({ migrationsDir })).rejects.toThrow(/migration/);
  });

  it('refuses to create an admin before the migrations ran', async () => {
    const dataDir = await tempDir('lw-pb-noinit-');
    await expect(
      ensureAdmin({
        url: 'http://127.0.0.1:9',
        dataDir,
        email: 'a@test.local',
        password: 'long-enough-password',
      }),
    ).rejects.toThrow(/Could not create the PocketBase admin[\s\S]*not initialized/);
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
    process.env.POCKETBASE_ADMIN_EMAIL = 'local-admin@test.local';
    process.env.POCKETBASE_ADMIN_PASSWORD = 'local-admin-password';
  });
  afterAll(async () => {
    process.env = saved;
    await new Promise((resolve) => blocker.close(resolve));
    await rm(dataDir, { recursive: true, force: true });
  });

  it('falls back to a free port when POCKETBASE_PORT is taken, seeds once, and stops', async () => {
    const messages: string[] = [];
    const first = await startLocalPocketBase({ dataDir, log: (message) => messages.push(message) });
    try {
      expect(first.port).not.toBe(Number(process.env.POCKETBASE_PORT));
      expect(messages.join('\n')).toMatch(/is taken: the local PocketBase uses port \d+ instead/);
      expect(first.adminEmail).toBe('local-admin@test.local');
      const pb = new PocketBase(first.url);
      await expect(
        pb.admins.authWithPassword(first.adminEmail, first.adminPassword),
      ).resolves.toHaveProperty('token');
      expect((await pb.collection('blogs').getList(1, 1)).totalItems).toBeGreaterThanOrEqual(8);
    } finally {
      await first.stop();
    }
    await expect(fetch(`${first.url}/api/health`)).rejects.toThrow();

    const second = await startLocalPocketBase({
      dataDir,
      log: (message) => messages.push(message),
    });
    try {
      const seedBlogs: SeedBlog[] = JSON.parse(
        await readFile(path.join(SEED_DIR, 'blogs.json'), 'utf8'),
      );
      const pb = new PocketBase(second.url);
      expect((await pb.collection('blogs').getList(1, 1)).totalItems).toBe(seedBlogs.length);
      expect(messages.join('\n')).toMatch(/seed skipped/);
    } finally {
      await second.stop();
    }
  });
});
