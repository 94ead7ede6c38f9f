/**
 * A PocketBase data folder's database as the upgrade (upgrade.ts) reads and writes it while no
 * PocketBase runs: what the folder holds, the lock that proves no PocketBase has it open, the
 * hooks' state, and the copy kept aside. Every open is a normal SQLite one, so what a killed
 * PocketBase committed to the WAL (`data.db-wal`) is read too.
 */
import { existsSync, statSync } from 'node:fs';
import { cp, rm } from 'node:fs/promises';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';

export type DataFolderKind = 'none' | 'v0.22' | 'upgraded' | 'unknown';
export type HookState = { key: string; value: string }[];

/** SQLite's "database is locked": another process has the database open. */
const SQLITE_BUSY = 5;
/** "file is not a database". */
const SQLITE_NOTADB = 26;
const WAL = 'data.db-wal';
const SHM = 'data.db-shm';

const errorCode = (error: unknown) => (error as { errcode?: number }).errcode;

/** The kind of folder an open database is, from its tables. */
function kindOf(db: DatabaseSync): Exclude<DataFolderKind, 'none'> {
  try {
    const rows = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all();
    const tables = new Set(rows.map((row) => row.name));
    if (tables.has('_superusers')) return 'upgraded';
    return ['_admins', '_params', '_collections'].every((name) => tables.has(name))
      ? 'v0.22'
      : 'unknown';
  } catch (error) {
    if (errorCode(error) === SQLITE_NOTADB) return 'unknown';
    throw error;
  }
}

/**
 * What a data folder holds, from its data.db alone: nothing yet, a PocketBase 0.22 folder (0.22's
 * `_admins`), one that PocketBase 0.23 or later has converted (`_superusers`), or something else.
 * Read-only, which may leave an empty `data.db-wal` and a `data.db-shm` (SQLite's, harmless;
 * copyDataFolder leaves them out).
 */
export function dataFolderKind(dataDir: string): DataFolderKind {
  const file = path.join(dataDir, 'data.db');
  if (!existsSync(file)) return 'none';
  const db = new DatabaseSync(file, { readOnly: true, timeout: 5_000 });
  try {
    return kindOf(db);
  } finally {
    db.close();
  }
}

/**
 * Whether a folder that PocketBase 0.23 or later made or converted has a superuser with this
 * address. Read-only: it waits for no lock, so PocketBase may be running.
 */
export function hasSuperuser(dataDir: string, email: string): boolean {
  if (dataFolderKind(dataDir) !== 'upgraded') return false;
  const db = new DatabaseSync(path.join(dataDir, 'data.db'), { readOnly: true, timeout: 5_000 });
  try {
    const found = db.prepare('SELECT 1 FROM _superusers WHERE email = ? COLLATE NOCASE').get(email);
    return found !== undefined;
  } finally {
    db.close();
  }
}

/**
 * Runs `task` while this process holds data.db exclusively, which fails at once while any other
 * process has it open (a running PocketBase always does) and keeps one from starting meanwhile.
 * `task` gets the hooks' state in the folder's `_params` while it is a 0.22 folder.
 */
export async function withFolderLocked<T>(
  dir: string,
  task: (state: HookState | undefined) => Promise<T>,
): Promise<T> {
  const file = path.join(dir, 'data.db');
  // A read-write open would create a missing database.
  if (!existsSync(file)) throw new Error(`${dir} holds no data.db.`);
  const db = new DatabaseSync(file, { timeout: 0 });
  try {
    try {
      db.exec('PRAGMA locking_mode = EXCLUSIVE; BEGIN EXCLUSIVE');
    } catch (error) {
      if (errorCode(error) !== SQLITE_BUSY) throw error;
      throw new Error(
        `PocketBase seems to be running on ${dir} (its database is in use): stop it, then upgrade again.`,
      );
    }
    const result = await task(kindOf(db) === 'v0.22' ? readParams(db) : undefined);
    db.exec('ROLLBACK');
    return result;
  } finally {
    db.close();
  }
}

/** The hooks' rows of a 0.22 `_params`: the scheduled-posts cutoff and the pending rebuilds. */
const readParams = (db: DatabaseSync) =>
  db
    .prepare("SELECT key, value FROM _params WHERE key GLOB 'ledgerwise.*' ORDER BY key")
    .all() as HookState;

/**
 * The hooks' state in the copy of a 0.22 folder (copyDataFolder's). The journal files the
 * read-only open creates are removed after it: the copy stays the folder as it was, and no other
 * process opens it.
 */
export async function readCopyHookState(copy: string): Promise<HookState> {
  const created = [WAL, SHM].filter((name) => !existsSync(path.join(copy, name)));
  const db = new DatabaseSync(path.join(copy, 'data.db'), { readOnly: true, timeout: 0 });
  try {
    if (kindOf(db) !== 'v0.22') throw new Error(`${copy} is not a PocketBase 0.22 data folder.`);
    return readParams(db);
  } finally {
    db.close();
    await Promise.all(created.map((name) => rm(path.join(copy, name), { force: true })));
  }
}

/**
 * Writes the old `_params` rows into `hook_state` under the same keys, over the cutoff the
 * hook_state migration set to "now". Straight into the table: PocketBase is not running.
 */
export function writeHookState(dir: string, rows: HookState) {
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

/**
 * Copies a data folder file for file, timestamps kept. Of SQLite's journals only a WAL with
 * something in it is data: the `-shm` is an index SQLite rebuilds from the WAL, and an empty WAL
 * (as a read-only open leaves) holds nothing.
 */
export async function copyDataFolder(from: string, to: string) {
  await cp(from, to, {
    recursive: true,
    preserveTimestamps: true,
    force: false,
    errorOnExist: true,
    filter: (source) => {
      const name = path.relative(from, source);
      return name !== SHM && !(name === WAL && statSync(source).size === 0);
    },
  });
}
