/**
 * Test harness: a real PocketBase on a free port with a temporary data folder and the project's
 * migrations. PocketBase is never mocked.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { copyFile, cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import PocketBase from 'pocketbase';
import { ensureAdmin } from '../../tools/local/pocketbase/admin.ts';
import { HOOKS_DIR, startPocketBase } from '../../tools/local/pocketbase/server.ts';
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
   * False: without the check that refuses to publish what the site leaves out, so a test can
   * publish hostile HTML (as a post saved before the check existed) and prove the site's own
   * defences. Default true, as in production.
   */
  publishCheck?: boolean;
}

export interface TestPocketBase {
  url: string;
  port: number;
  dataDir: string;
  admin: { email: string; password: string };
  /** A new SDK client logged in as the admin, auto-cancellation off. */
  adminClient(): Promise<PocketBase>;
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
  publishCheck = true,
}: TestPocketBaseOptions = {}): Promise<TestPocketBase> {
  const unchecked = publishCheck ? undefined : await hooksDirWithout(['publish-check.pb.js']);
  if (unchecked) hooksDir = unchecked.dir;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'lw-pb-test-'));
  const admin = {
    email: `admin-${randomUUID().slice(0, 8)}@test.local`,
    password: randomBytes(18).toString('base64url'),
  };
  let server: Awaited<ReturnType<typeof startPocketBase>> | undefined;
  try {
    server = await startPocketBase({
      dataDir,
      port: 0,
      env,
      hooksDir,
      migrationsDir,
      hooksWatch,
    });
    const pb = await ensureAdmin({ url: server.url, dataDir, ...admin });
    if (seed) await seedPocketBase({ pb });
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
    dataDir,
    admin,
    async adminClient() {
      const pb = new PocketBase(running.url);
      pb.autoCancellation(false);
      await pb.admins.authWithPassword(admin.email, admin.password);
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
 * test-clock.pb.js adds POST /api/ledgerwise/test-clock/advance/<minutes> (admin only). Production
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
 * A temporary copy of the project's hooks without the named files. Without publish-check.pb.js,
 * a post can be published with what the site leaves out, as one saved before the check existed:
 * the tests of the site's own defences (the sanitiser, the build's warnings) need such posts.
 */
async function hooksDirWithout(
  files: string[],
): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'lw-pb-hooks-'));
  await cp(HOOKS_DIR, dir, {
    recursive: true,
    filter: (source) => !files.includes(path.basename(source)),
  });
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}
