/**
 * `npm run pocketbase:upgrade -- <pb_data>`: upgrades a PocketBase 0.22 data folder in place for
 * the project's PocketBase, after copying it aside. PocketBase converts a 0.22 folder itself when
 * it first opens it, but drops the hooks' state (the `ledgerwise.*` rows of 0.22's `_params`): the
 * scheduled-posts cutoff and the pending build-hook changes. This carries them into `hook_state`,
 * so a post that fell due while PocketBase was down is still published (its rebuild sent) by the
 * next minute tick. An upgrade under way is recorded beside the folder, so that a run stopped at
 * any point is finished by the next. startLocalPocketBase runs it on a 0.22 `.pocketbase/`.
 */
import '../../shared/env.ts'; // first: the Node check and the .env files (POCKETBASE_BIN)
import { existsSync } from 'node:fs';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { POCKETBASE_VERSION } from './goModule.ts';
import { folderArgs, runCli } from './command.ts';
import {
  copyDataFolder,
  dataFolderKind,
  readCopyHookState,
  withFolderLocked,
  writeHookState,
} from './dataFolder.ts';

type Log = (message: string) => void;

/** An upgrade under way, in `<dir>.upgrading.json` from before its copy starts until it is done. */
interface UpgradeRecord {
  /** The copy's name, beside the folder. */
  copy: string;
  /** Set once the copy is whole; until then PocketBase has not touched the folder. */
  whole: boolean;
}

export const upgradeRecordPath = (dataDir: string) => `${path.resolve(dataDir)}.upgrading.json`;

/** Whether startLocalPocketBase must upgrade a folder first: a 0.22 one, or one left half-done. */
export function upgradePending(dataDir: string): boolean {
  return existsSync(upgradeRecordPath(dataDir)) || dataFolderKind(dataDir) === 'v0.22';
}

/**
 * Upgrades a PocketBase 0.22 data folder in place: copies it aside to
 * `<dir>.before-<version>-<time>`, then runs PocketBase's conversion and the project's migrations
 * (`pocketbase migrate up`), then writes the old hook state into `hook_state`. A run that was
 * stopped is finished (or, when the folder is no PocketBase folder any more, its copy is put back
 * and upgraded). Resolves to the copy's path, or null for a folder already upgraded (nothing is
 * done). Refuses, in one line that says what to do, a missing or foreign folder, or one a running
 * PocketBase holds open; a failure after the copy names it.
 */
export async function upgradePocketBase(
  dataDir: string,
  { log = console.log }: { log?: Log } = {},
): Promise<string | null> {
  const dir = path.resolve(dataDir);
  const record = await readRecord(dir);
  if (record) return resume(dir, record, log);
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

  const copy = `${dir}.before-${POCKETBASE_VERSION}-${timestamp()}`;
  const name = path.basename(copy);
  // The lock, held during the copy, proves no PocketBase has the folder open and keeps one from
  // starting meanwhile.
  await withFolderLocked(dir, async () => {
    await writeRecord(dir, { copy: name, whole: false });
    try {
      await copyDataFolder(dir, copy);
    } catch (error) {
      throw new Error(
        `Copying ${dir} to ${copy} failed; ${dir} is untouched, and the next run removes that half-made copy.\n${(error as Error).message}`,
        { cause: error },
      );
    }
  });
  await writeRecord(dir, { copy: name, whole: true });
  log(`Copied ${dir} to ${copy} (to roll back, put that copy back).`);
  return finish(dir, copy, log, 'Upgraded');
}

/** Takes up the upgrade a record describes, where a stopped or failed run left it. */
async function resume(dir: string, { copy: name, whole }: UpgradeRecord, log: Log) {
  const copy = path.join(path.dirname(dir), name);
  if (!whole) {
    await rm(copy, { recursive: true, force: true });
    await rm(upgradeRecordPath(dir));
    log(
      `Removed ${copy}, the copy an unfinished upgrade left half-made (${dir} was untouched): upgrading it again.`,
    );
    return upgradePocketBase(dir, { log });
  }
  const kind = dataFolderKind(dir);
  if (!existsSync(copy)) {
    if (kind !== 'v0.22')
      throw new Error(
        `An upgrade of ${dir} did not finish, and ${copy}, the copy it kept, is gone: the hooks' state cannot be carried over. Put the copy back beside it and upgrade again, or remove ${upgradeRecordPath(dir)} to keep ${dir} as it is.`,
      );
    await rm(upgradeRecordPath(dir));
    log(
      `${copy}, the copy of an unfinished upgrade, is gone and ${dir} is still PocketBase 0.22's: upgrading it again.`,
    );
    return upgradePocketBase(dir, { log });
  }
  if (kind === 'v0.22' || kind === 'upgraded') {
    log(`An upgrade of ${dir} did not finish after it copied the folder to ${copy}: finishing it.`);
  } else {
    let kept: string | undefined;
    try {
      kept = await restore(dir, copy);
    } catch (error) {
      throw failure(dir, copy, error);
    }
    const aside = kept ? ` (what was there is now ${kept})` : '';
    log(
      `${dir} was no PocketBase data folder any more${aside}: put back ${copy}, the copy an unfinished upgrade kept, to upgrade it again.`,
    );
  }
  return finish(dir, copy, log, 'Finished the upgrade of');
}

/**
 * Converts and migrates the folder, then writes the hooks' state: from the folder while it is
 * still 0.22's (its `_params` is the newest), else from the copy. Each step can run again after a
 * stop: PocketBase's conversion and the project's migrations each commit whole or not at all, and
 * the state is written after them, over the cutoff the hook_state migration sets.
 */
async function finish(dir: string, copy: string, log: Log, done: string) {
  let keys: string;
  try {
    const state =
      (await withFolderLocked(dir, async (params) => params)) ?? (await readCopyHookState(copy));
    // Since 0.23 a failing migration exits non-zero, which runCli turns into an error.
    const output = await runCli(['migrate', 'up', '--dir', dir, ...folderArgs()]);
    if (output) log(output);
    if (dataFolderKind(dir) !== 'upgraded') throw new Error('PocketBase did not convert it.');
    writeHookState(dir, state);
    await rm(upgradeRecordPath(dir));
    keys = state.map((row) => row.key).join(', ') || 'none';
  } catch (error) {
    throw failure(dir, copy, error);
  }
  log(`${done} ${dir} to PocketBase ${POCKETBASE_VERSION}; hook state kept: ${keys}.`);
  return copy;
}

const failure = (dir: string, copy: string, error: unknown) =>
  new Error(
    `The upgrade of ${dir} failed; ${copy} is the folder as it was: run the upgrade again to finish it once the cause is fixed, or put the copy back in its place to return to PocketBase 0.22.\n${(error as Error).message}`,
    { cause: error },
  );

/**
 * Puts the copy back in the folder's place, and resolves to where what was there went. The folder
 * is renamed, never half-written: a run stopped here finds either it or the whole copy.
 */
async function restore(dir: string, copy: string): Promise<string | undefined> {
  const restoring = `${dir}.restoring`;
  await rm(restoring, { recursive: true, force: true });
  await copyDataFolder(copy, restoring);
  const kept = existsSync(dir) ? `${dir}.replaced-${timestamp()}` : undefined;
  if (kept) await rename(dir, kept);
  await rename(restoring, dir);
  return kept;
}

async function readRecord(dir: string): Promise<UpgradeRecord | undefined> {
  const file = upgradeRecordPath(dir);
  if (!existsSync(file)) return undefined;
  let record: Partial<UpgradeRecord> = {};
  try {
    record = JSON.parse(await readFile(file, 'utf8')) ?? {};
  } catch {
    // Told below, as any record that does not name a copy of this folder.
  }
  const { copy, whole } = record;
  // Only a copy of this folder, beside it: a half-made one is removed.
  if (
    typeof copy !== 'string' ||
    typeof whole !== 'boolean' ||
    path.basename(copy) !== copy ||
    !copy.startsWith(`${path.basename(dir)}.before-`)
  )
    throw new Error(
      `${file} is not the record of an upgrade of ${dir}: remove it, then upgrade again.`,
    );
  return { copy, whole };
}

/** Replaces the record in one step (a rename), so a stop never leaves it half-written. */
async function writeRecord(dir: string, record: UpgradeRecord) {
  const file = upgradeRecordPath(dir);
  await writeFile(`${file}.tmp`, `${JSON.stringify(record)}\n`);
  await rename(`${file}.tmp`, file);
}

const timestamp = () => new Date().toISOString().replace(/[-:]|\.\d+/g, '');

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
