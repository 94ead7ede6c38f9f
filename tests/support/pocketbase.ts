/**
 * Test harness: a real PocketBase on a free port with a temporary data folder and the project's
 * migrations. PocketBase is never mocked.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { copyFile, cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import PocketBase, { ClientResponseError } from 'pocketbase';
import { HOOKS_DIR } from '../../tools/local/pocketbase/command.ts';
import { startPocketBase } from '../../tools/local/pocketbase/serverProcess.ts';
import { superuserClient, type SuperuserLogin } from '../../tools/local/pocketbase/superuser.ts';
import {
  upsertPreviewReader,
  type PreviewReaderLogin,
} from '../../tools/local/pocketbase/previewReader.ts';
import { seedPocketBase } from '../../tools/local/pocketbase/seed.ts';

interface TestPocketBaseOptions {
  /** Load pocketbase/seed (8+ posts, 5 testimonials). Default false: empty collections. */
  seed?: boolean;
  /** Extra environment for the server process (hooks read it). */
  env?: Record<string, string>;
  /** A hooks folder; defaults to the project's pocketbase/pb_hooks. */
  hooksDir?: string;
  /** A migrations folder; defaults to the project's pocketbase/pb_migrations. */
  migrationsDir?: string;
  /** Restart in place when a hook file changes. Default false, so edits elsewhere cannot disturb a test. */
  hooksWatch?: boolean;
  /**
   * Hook files left out of the server's copy of pocketbase/pb_hooks: SAVE_CHECKS, so a test can
   * store what PocketBase took before they existed (hostile HTML, huge pictures) and prove the
   * site's own defences; realtime.pb.js, so the privacy probe reaches the API rules behind it.
   * Default none, as in production.
   */
  withoutHooks?: string[];
  /**
   * False: PocketBase's rate limiter off, for a test that asks thousands of anonymous questions
   * on purpose (the privacy probe). Default true, as in production.
   */
  rateLimits?: boolean;
}

/** The checks at save: the publish check, and the pictures' (pasted ones moved, huge refused). */
export const SAVE_CHECKS = ['publish-check.pb.js', 'pictures.pb.js'];

export interface TestPocketBase {
  url: string;
  port: number;
  /** The server's process id, to measure or limit it. */
  pid: number;
  dataDir: string;
  superuser: SuperuserLogin;
  /** A new SDK client logged in as the superuser, auto-cancellation off. */
  superuserClient(): Promise<PocketBase>;
  /** The draft preview's account (preview_readers), as a preview build logs in with it. */
  previewReader: PreviewReaderLogin;
  /** Everything the server printed so far (hooks log here). */
  output(): string;
  /** Ends the server and removes the temporary data folder. */
  stop(): Promise<void>;
}

export async function startTestPocketBase({
  seed = false,
  env = {},
  hooksDir,
  migrationsDir,
  hooksWatch = false,
  withoutHooks = [],
  rateLimits = true,
}: TestPocketBaseOptions = {}): Promise<TestPocketBase> {
  const unchecked = withoutHooks.length > 0 ? await hooksDirWithout(withoutHooks) : undefined;
  if (unchecked) hooksDir = unchecked.dir;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'lw-pb-test-'));
  const superuser = {
    email: `superuser-${randomUUID().slice(0, 8)}@test.local`,
    password: randomBytes(18).toString('base64url'),
  };
  const previewReader = {
    email: `preview-${randomUUID().slice(0, 8)}@test.local`,
    password: randomBytes(18).toString('base64url'),
  };
  let server: Awaited<ReturnType<typeof startPocketBase>> | undefined;
  let login: PocketBase;
  try {
    server = await startPocketBase({
      dataDir,
      port: 0,
      env,
      hooksDir,
      migrationsDir,
      hooksWatch,
      superuser,
    });
    // One login, its token shared by every client: PocketBase allows 2 logins in 3 s an address.
    login = await superuserClient(server.url, superuser);
    await upsertPreviewReader(login, previewReader);
    if (!rateLimits) await login.settings.update({ rateLimits: { enabled: false } });
    if (seed) await seedPocketBase({ pb: login });
  } catch (error) {
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
    await unchecked?.remove();
    throw error;
  }
  const running = server;
  return {
    url: running.url,
    port: running.port,
    pid: running.pid,
    dataDir,
    superuser,
    previewReader,
    async superuserClient() {
      const pb = new PocketBase(running.url);
      pb.autoCancellation(false);
      pb.authStore.save(login.authStore.token, login.authStore.record);
      return pb;
    },
    output: () => running.output(),
    async stop() {
      await running.stop();
      await rm(dataDir, { recursive: true, force: true });
      await unchecked?.remove();
    },
  };
}

/** Published posts in bulk (no pictures), shared with the benchmark's scale builds. */
export { createPosts } from '../../tools/local/pocketbase/posts.ts';

const TEST_HOOKS = path.join(import.meta.dirname, 'pocketbaseHooks');

/**
 * A temporary copy of the project's hooks in which the tests drive the minute job: the cron wiring
 * (site-rebuild-cron.pb.js) is left out, rebuild/clock.js is the test clock, and
 * test-clock.pb.js adds POST /api/ledgerwise/test-clock/advance/<minutes> (superusers only). Production
 * hooks know nothing of it. Returns the folder and a function that removes it.
 */
export async function clockedHooksDir(): Promise<{ dir: string; remove: () => Promise<void> }> {
  const hooks = await hooksDirWithout(['site-rebuild-cron.pb.js']);
  await copyFile(path.join(TEST_HOOKS, 'clock.js'), path.join(hooks.dir, 'rebuild', 'clock.js'));
  await copyFile(
    path.join(TEST_HOOKS, 'test-clock.pb.js'),
    path.join(hooks.dir, 'test-clock.pb.js'),
  );
  return hooks;
}

/**
 * A temporary copy of the project's hooks without the named files: without the save checks
 * (publish-check.pb.js, pictures.pb.js), a record can hold what the site leaves out, as one saved
 * before the checks existed; the tests of the site's own defences need such records.
 */
export async function hooksDirWithout(
  files: string[],
): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'lw-pb-hooks-'));
  await cp(HOOKS_DIR, dir, {
    recursive: true,
    filter: (source) => !files.includes(path.basename(source)),
  });
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/**
 * Makes `dir` a hooks folder that runs no hook: the project's hook libraries (content/, rebuild/)
 * without a single `*.pb.js`, so that nothing happens at a save while a migration can still
 * require the code it shares with the hooks (1795737608_post_slugs.js: content/slugs.js).
 */
export async function hooksThatRunNothing(dir: string): Promise<void> {
  await cp(HOOKS_DIR, dir, { recursive: true, filter: (source) => !source.endsWith('.pb.js') });
}

/** The committed schema of a fresh install (pocketbaseSchema.test.ts) and of an upgraded one. */
export const SCHEMA_EXPECTATION = path.join(
  import.meta.dirname,
  '../fixtures/pocketbase/schema.json',
);

/** The collections the project's migrations make. */
const PROJECT_COLLECTIONS = [
  'blogs',
  'testimonials',
  'topics',
  'authors',
  'hook_state',
  'preview_readers',
  'versions',
];

/** An auth collection's token options: each has a secret of its own install, left out. */
const TOKENS = [
  'authToken',
  'passwordResetToken',
  'emailChangeToken',
  'verificationToken',
  'fileToken',
];

/**
 * The schema the project's migrations make, as the API gives it to a superuser: every field of
 * every collection of ours with its options and help text, the indexes and the API rules, the
 * names of any other collection but PocketBase's own (none: `users` is removed), and the rate
 * limiter. Timestamps and secrets are left out.
 */
export async function readSchema(pb: PocketBase) {
  const collections = await pb.collections.getFullList({ sort: 'name' });
  const ours = collections
    .filter((collection) => PROJECT_COLLECTIONS.includes(collection.name))
    .map(({ created: _created, updated: _updated, ...collection }) => {
      for (const token of TOKENS)
        if (token in collection) collection[token] = { duration: collection[token].duration };
      return collection;
    });
  const others = collections
    .map(({ name }) => name)
    .filter((name) => !PROJECT_COLLECTIONS.includes(name) && !name.startsWith('_'));
  const settings = await pb.settings.getAll();
  return { collections: ours, otherCollections: others, rateLimits: settings.rateLimits };
}

/**
 * Lets a collection take ids with capitals, `_` and `-`, as PocketBase 0.22 did (0.23 and later
 * refuse one outside a-z and 0-9 unless the id field's pattern allows it): for the records an
 * upgraded data folder may hold, which the site leaves out.
 */
export async function allowOldIds(pb: PocketBase, collection: string) {
  const { fields } = await pb.collections.getOne(collection);
  const pattern = '^[A-Za-z0-9_-]+$';
  await pb.collections.update(collection, {
    fields: fields.map((field) => (field.name === 'id' ? { ...field, pattern } : field)),
  });
}

/**
 * What PocketBase answered a request it refused: its status, its message and its field errors
 * (what the admin UI shows under each field); undefined when the request went through.
 */
export async function refusalOf(request: Promise<unknown>) {
  try {
    await request;
    return undefined;
  } catch (error) {
    if (!(error instanceof ClientResponseError)) throw error;
    const { message, data } = error.response as { message: string; data: Record<string, unknown> };
    return { status: error.status, message, data };
  }
}
