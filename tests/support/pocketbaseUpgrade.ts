/**
 * The upgrade tests' fixture and checks (tests/integration/pocketbaseUpgrade*.test.ts): the
 * PocketBase 0.22 folder and what it holds, `npm run pocketbase:upgrade` as an operator runs it,
 * a stand-in build hook, and the two things the upgrade must carry over, checked on a real
 * PocketBase whose minute job runs on the test clock.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { pathToFileURL } from 'node:url';
import { execa } from 'execa';
import type PocketBase from 'pocketbase';
import { expect } from 'vitest';
import { startLocalPocketBase } from '../../tools/local/pocketbase/localServer.ts';
import { PROJECT_ROOT } from '../../tools/shared/paths.ts';
import { listFiles } from './files';

export const FIXTURE = path.join(PROJECT_ROOT, 'tests/fixtures/pocketbase-0.22/pb_data');
/** The fixture's collections, by PocketBase 0.22's names. */
export const COLLECTIONS = ['blogs', 'testimonials', 'tags', 'authors'] as const;
export type Row = Record<string, string | number | null>;
export type Fixture = ReturnType<typeof readFixture>;

/** PocketBase's date text ("2026-11-27 07:21:48.288Z"), as its rules and the hooks compare it. */
export const pocketBaseDate = (date: Date) => date.toISOString().replace('T', ' ');
export const list = (value: unknown): string[] => (value ? JSON.parse(String(value)) : []);
/** Whether visitors see a post at `now`, by the API rules. */
export const isPublicAt = (post: Row, now: string) =>
  post.published === 1 && post.published_at !== '' && String(post.published_at) <= now;

/** Everything the tests expect, read from the fixture's data.db as PocketBase 0.22 left it. */
export function readFixture() {
  // Immutable: the committed fixture has no WAL, and a read-only connection to a WAL database
  // would leave -shm and -wal files beside it.
  const file = pathToFileURL(path.join(FIXTURE, 'data.db'));
  file.searchParams.set('immutable', '1');
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    const all = (sql: string) => db.prepare(sql).all() as Row[];
    const rows = Object.fromEntries(
      COLLECTIONS.map((name) => [name, all(`SELECT * FROM ${name}`)]),
    ) as Record<(typeof COLLECTIONS)[number], Row[]>;
    const collectionIds = Object.fromEntries(
      all('SELECT id, name FROM _collections').map((row) => [row.name, String(row.id)]),
    );
    const hookState = Object.fromEntries(
      all("SELECT key, value FROM _params WHERE key GLOB 'ledgerwise.*'").map((row) => [
        row.key,
        JSON.parse(String(row.value)),
      ]),
    );
    const admins = all('SELECT email FROM _admins').map((row) => String(row.email));
    return { rows, collectionIds, hookState, admins };
  } finally {
    db.close();
  }
}

/** `npm run pocketbase:upgrade -- <dir>`, the command an operator runs, as the docs give it. */
export function upgradeCommand(dir: string, env: Record<string, string> = {}) {
  return execa('npm', ['run', '--silent', 'pocketbase:upgrade', '--', dir], {
    cwd: PROJECT_ROOT,
    env,
    all: true,
    reject: false,
  });
}

/** The copies the upgrade made beside a folder. */
export const copiesBeside = async (dir: string) =>
  (await readdir(path.dirname(dir))).filter((name) =>
    name.startsWith(`${path.basename(dir)}.before-`),
  );

/** A folder holds the fixture's files, and only them, byte for byte: the upgrade's copy. */
export async function expectCopyOfFixture(copy: string) {
  const files = async (dir: string) =>
    (await listFiles(dir)).map((file) => path.relative(dir, file)).sort();
  const names = await files(FIXTURE);
  expect(await files(copy)).toEqual(names);
  for (const name of names) {
    const [original, copied] = await Promise.all(
      [FIXTURE, copy].map((dir) => readFile(path.join(dir, name))),
    );
    expect(copied.equals(original), name).toBe(true);
  }
}

/** A stand-in for the build hook that records the JSON bodies PocketBase POSTs. */
export async function startEndpoint() {
  const bodies: Record<string, unknown>[] = [];
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      bodies.push(JSON.parse(raw || '{}'));
      res.writeHead(200).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    bodies,
    url: `http://127.0.0.1:${port}/build_hooks/upgrade-test`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** The scheduled-posts cutoff and the pending rebuild are in `hook_state`, as 0.22 left them. */
export async function expectHookStateKept(admin: PocketBase, fixture: Fixture) {
  const keys = Object.keys(fixture.hookState);
  expect(keys).toEqual(
    expect.arrayContaining(['ledgerwise.scheduledPostsCutoff', 'ledgerwise.rebuild.pending']),
  );
  const state = await admin.collection('hook_state').getFullList();
  for (const key of keys)
    expect(state.find((row) => row.key === key)?.value, key).toEqual(fixture.hookState[key]);
}

/**
 * Moves the test clock on a minute (clockedHooksDir) and expects one rebuild at that tick: for the
 * posts that fell due after the old cutoff, with the pending change and those it stood for.
 */
export async function expectDueRebuildAtNextTick(
  admin: PocketBase,
  endpoint: { bodies: Record<string, unknown>[] },
  fixture: Fixture,
) {
  const { now } = await admin.send<{ now: string }>('/api/ledgerwise/test-clock/advance/1', {
    method: 'POST',
  });
  const cutoff = String(fixture.hookState['ledgerwise.scheduledPostsCutoff'].at);
  const due = fixture.rows.blogs
    .filter((post) => isPublicAt(post, pocketBaseDate(new Date(now))))
    .filter((post) => String(post.published_at) > cutoff)
    .sort((a, b) => String(a.published_at).localeCompare(String(b.published_at)));
  // The fixture holds a post dated after its folder was last running.
  expect(due.length).toBeGreaterThan(0);
  const pending = fixture.hookState['ledgerwise.rebuild.pending'];
  expect(endpoint.bodies).toEqual([
    {
      trigger_title: expect.stringMatching(/^PocketBase: blogs scheduled/),
      collection: 'blogs',
      action: 'scheduled',
      record_id: due[0].id,
      // The due posts, and the pending change with the changes it already stood for.
      changes: due.length + 1 + pending.more,
    },
  ]);
}

/**
 * Waits, when the next minute is less than `seconds` away, until just past it: the local
 * PocketBase runs the minute job (the cron at each minute's start), which moves the scheduled
 * posts' cutoff on, so a test that reads the state an upgrade carried over must read it before
 * the job's next run.
 */
export async function clearOfTheMinuteJob(seconds = 20) {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < seconds * 1000) await new Promise((resolve) => setTimeout(resolve, left + 1000));
}

/**
 * `npm start`'s PocketBase on `dataDir`, a folder whose upgrade it must do or finish, on a free
 * port and clear of the minute job, with what it said.
 */
export async function startLocalOnUpgrade(dataDir: string) {
  process.env.POCKETBASE_PORT = '0';
  await clearOfTheMinuteJob();
  const messages: string[] = [];
  const local = await startLocalPocketBase({
    dataDir,
    seed: false,
    log: (m) => messages.push(m),
  });
  return { local, said: () => messages.join('\n') };
}
