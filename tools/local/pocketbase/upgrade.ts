/**
 * `npm run pocketbase:upgrade -- <pb_data>`: upgrades a PocketBase 0.22 data folder in place for
 * the project's PocketBase, after copying it aside. PocketBase converts a 0.22 folder itself when
 * it first opens it, but drops the hooks' state (the `ledgerwise.*` rows of 0.22's `_params`): the
 * scheduled-posts cutoff and the pending build-hook changes. This reads them first and writes them
 * into `hook_state`, so a post that fell due while PocketBase was down is still published (its
 * rebuild sent) by the next minute tick. startLocalPocketBase runs it on a 0.22 `.pocketbase/`.
 */
import '../../shared/env.ts'; // first: the Node check and the .env files (POCKETBASE_BIN)
import { existsSync } from 'node:fs';
import { cp } from 'node:fs/promises';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { pathToFileURL } from 'node:url';
import { POCKETBASE_VERSION } from './goModule.ts';
import { folderArgs, runCli } from './command.ts';

/** SQLite's "database is locked": another process has the database open. */
const SQLITE_BUSY = 5;
/** "file is not a database". */
const SQLITE_NOTADB = 26;
/** SQLite's own files beside data.db: a crashed server's last writes, or the lock's. */
const JOURNALS = ['data.db-wal', 'data.db-shm'];

/**
 * What a data folder holds, from its data.db alone: nothing yet, a PocketBase 0.22 folder (0.22's
 * `_admins`), one that PocketBase 0.23 or later has opened (`_superusers`), or something else.
 */
export function dataFolderKind(dataDir: string): 'none' | 'v0.22' | 'upgraded' | 'unknown' {
  const file = path.join(dataDir, 'data.db');
  if (!existsSync(file)) return 'none';
  // Immutable: no lock, no journal file created or checkpointed, nothing written, whether or not
  // a PocketBase runs on it. The tables it looks for are old enough to be in the file itself.
  const url = pathToFileURL(file);
  url.searchParams.set('immutable', '1');
  let db: DatabaseSync | undefined;
  try {
    db = new DatabaseSync(url, { readOnly: true });
    const rows = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all();
    const tables = new Set(rows.map((row) => row.name));
    if (tables.has('_superusers')) return 'upgraded';
    return ['_admins', '_params', '_collections'].every((name) => tables.has(name))
      ? 'v0.22'
      : 'unknown';
  } catch (error) {
    if (errorCode(error) === SQLITE_NOTADB) return 'unknown';
    throw error;
  } finally {
    db?.close();
  }
}

const errorCode = (error: unknown) => (error as { errcode?: number }).errcode;

/**
 * Upgrades a PocketBase 0.22 data folder in place: copies it aside to
 * `<dir>.before-<version>-<time>`, then runs PocketBase's conversion and the project's migrations
 * (`pocketbase migrate up`), then writes the old hook state into `hook_state`. Resolves to the
 * copy's path, or null for a folder already upgraded (nothing is done). Refuses, in one line
 * that says what to do, a missing or foreign folder, or one a running PocketBase holds open.
 */
export async function upgradePocketBase(
  dataDir: string,
  { log = console.log }: { log?: (message: string) => void } = {},
): Promise<string | null> {
  const dir = path.resolve(dataDir);
  const kind = dataFolderKind(dir);
  if (kind === 'upgraded') {
    log(`${dir} is already upgraded (PocketBase 0.23 or later has opened it): nothing to do.`);
    return null;
  }
  if (kind === 'none') {
    const inner = path.join(dir, 'pb_data');
    throw new Error(
      !existsSync(dir)
        ? `${dir} does not exist: give the folder PocketBase 0.22 ran with (its --dir).`
        : existsSync(path.join(inner, 'data.db'))
          ? `${dir} holds no data.db: give its pb_data folder, ${inner}.`
          : `${dir} holds no PocketBase data (no data.db): give the folder PocketBase 0.22 ran with (its --dir).`,
    );
  }
  if (kind === 'unknown')
    throw new Error(
      `${dir} is not a PocketBase 0.22 data folder (its data.db has no _admins and _params): give the folder PocketBase 0.22 ran with (its --dir).`,
    );

  const backup = `${dir}.before-${POCKETBASE_VERSION}-${new Date().toISOString().replace(/[-:]|\.\d+/g, '')}`;
  // Journals the lock below creates are not the folder's: only those already there are copied.
  const created = JOURNALS.filter((name) => !existsSync(path.join(dir, name)));
  const db = new DatabaseSync(path.join(dir, 'data.db'), { timeout: 0 });
  let state: { key: string; value: string }[];
  try {
    try {
      // An exclusive lock fails while any other process has the database open (a running
      // PocketBase always does); held during the copy, it also keeps one from starting meanwhile.
      db.exec('PRAGMA locking_mode = EXCLUSIVE; BEGIN EXCLUSIVE');
    } catch (error) {
      if (errorCode(error) !== SQLITE_BUSY) throw error;
      throw new Error(
        `PocketBase seems to be running on ${dir} (its database is in use): stop it, then upgrade again.`,
      );
    }
    state = db
      .prepare("SELECT key, value FROM _params WHERE key GLOB 'ledgerwise.*' ORDER BY key")
      .all() as typeof state;
    await cp(dir, backup, {
      recursive: true,
      preserveTimestamps: true,
      errorOnExist: true,
      filter: (source) => !created.includes(path.relative(dir, source)),
    });
    db.exec('ROLLBACK');
  } finally {
    db.close();
  }
  log(`Copied ${dir} to ${backup} (to roll back, put that copy back).`);

  try {
    // The conversion runs as PocketBase opens the folder, then the project's migrations; since
    // 0.23 a failing migration exits non-zero, which runCli turns into an error.
    const output = await runCli(['migrate', 'up', '--dir', dir, ...folderArgs()]);
    if (output) log(output);
    if (dataFolderKind(dir) !== 'upgraded') throw new Error('PocketBase did not convert it.');
    writeHookState(dir, state);
  } catch (error) {
    throw new Error(
      `The upgrade of ${dir} failed; ${backup} is the folder as it was: put it back in its place before you try again or start PocketBase 0.22.\n${(error as Error).message}`,
      { cause: error },
    );
  }
  const kept = state.map((row) => row.key).join(', ') || 'none';
  log(`Upgraded ${dir} to PocketBase ${POCKETBASE_VERSION}; hook state kept: ${kept}.`);
  return backup;
}

/**
 * Writes the old `_params` rows into `hook_state` under the same keys, over the cutoff the
 * hook_state migration set to "now". Straight into the table: PocketBase is not running.
 */
function writeHookState(dir: string, rows: { key: string; value: string }[]) {
  const db = new DatabaseSync(path.join(dir, 'data.db'), { timeout: 0 });
  try {
    const now = new Date().toISOString().replace('T', ' ');
    const upsert = db.prepare(
      'INSERT INTO hook_state (key, value, created, updated) VALUES (?, ?, ?, ?) ' +
        'ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated = excluded.updated',
    );
    db.exec('BEGIN');
    for (const { key, value } of rows) upsert.run(key, value, now, now);
    db.exec('COMMIT');
  } finally {
    db.close();
  }
}

if (import.meta.main) {
  const args = process.argv.slice(2);
  if (args.length !== 1) {
    console.error('Usage: npm run pocketbase:upgrade -- <path to pb_data>');
    process.exit(2);
  }
  try {
    await upgradePocketBase(args[0]);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
