/**
 * Test harness: a real PocketBase on a free port with a temporary data folder and the project's
 * migrations. PocketBase is never mocked.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import PocketBase, { type RecordModel } from "pocketbase";
import {
  ensureAdmin,
  seedPocketBase,
  startPocketBase,
} from "../../scripts/lib/pocketbase.mjs";

export interface TestPocketBaseOptions {
  /** Load pocketbase/seed (8+ posts, 5 testimonials). Default false: empty collections. */
  seed?: boolean;
  /** Extra environment for the server process (hooks read it). */
  env?: Record<string, string>;
  /** A hooks folder; defaults to the project's pocketbase/pb_hooks. */
  hooksDir?: string;
  /** A migrations folder; defaults to the project's pocketbase/pb_migrations. */
  migrationsDir?: string;
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
}: TestPocketBaseOptions = {}): Promise<TestPocketBase> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "lw-pb-test-"));
  const admin = {
    email: `admin-${randomUUID().slice(0, 8)}@test.local`,
    password: randomBytes(18).toString("base64url"),
  };
  let server: Awaited<ReturnType<typeof startPocketBase>> | undefined;
  try {
    server = await startPocketBase({
      dataDir,
      port: 0,
      env,
      hooksDir,
      migrationsDir,
    });
    await ensureAdmin({ url: server.url, dataDir, ...admin });
    if (seed) await seedPocketBase({ url: server.url, ...admin });
  } catch (error) {
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
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
    },
  };
}

export interface PostInput {
  title: string;
  content: string;
}

/** Default post body: a few paragraphs so derived fields (excerpt, read time) have work to do. */
function makeDefaultPost(index: number): PostInput {
  const n = index + 1;
  return {
    title: `Test post ${n}`,
    content: `<h2>Section ${n}</h2><p>Paragraph one of post ${n} about provisional tax &amp; VAT.</p><p>Paragraph two.</p>`,
  };
}

const CREATE_CONCURRENCY = 16;

/**
 * Create `count` blog records (no banner images) with bounded concurrency; fast enough for
 * 1,234. Requests run concurrently, so `created` order follows completion, not index. Returns
 * the records in index order.
 */
export async function createPosts(
  pb: PocketBase,
  count: number,
  make: (index: number) => PostInput = makeDefaultPost,
): Promise<RecordModel[]> {
  const records: RecordModel[] = new Array(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next;
      next += 1;
      records[index] = await pb
        .collection("blogs")
        .create(make(index), { requestKey: null });
    }
  };
  await Promise.all(
    Array.from({ length: Math.min(CREATE_CONCURRENCY, count) }, worker),
  );
  return records;
}
