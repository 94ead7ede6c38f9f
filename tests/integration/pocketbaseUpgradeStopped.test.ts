/**
 * `npm run pocketbase:upgrade` on a copy of the PocketBase 0.22 fixture, SIGKILLed part-way
 * (tests/support/upgradeStops.ts), then run again: the second run finishes the upgrade and says
 * what it did, and the hooks' state comes through, so the minute job still publishes the post
 * that fell due while PocketBase was down. Each stop is checked to have landed where it was meant
 * to, from the folder's database as PocketBase reads it (through its WAL).
 */
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { dataFolderKind } from '../../tools/local/pocketbase/dataFolder.ts';
import { startPocketBase } from '../../tools/local/pocketbase/serverProcess.ts';
import { superuserClient } from '../../tools/local/pocketbase/superuser.ts';
import { upgradeRecordPath } from '../../tools/local/pocketbase/upgrade.ts';
import { listFiles } from '../support/files';
import { clockedHooksDir } from '../support/pocketbase';
import {
  copiesBeside,
  expectCopyOfFixture,
  expectDueRebuildAtNextTick,
  expectHookStateKept,
  FIXTURE,
  readFixture,
  startEndpoint,
  upgradeCommand,
  startLocalOnUpgrade,
} from '../support/pocketbaseUpgrade';
import {
  stoppingPocketBase,
  upgradeStoppedDuringCopy,
  type StopPoint,
} from '../support/upgradeStops';

const fixture = readFixture();
const superuser = { email: 'stopped-upgrade@test.local', password: 'stopped-upgrade-password' };
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

/** A copy of the fixture in a folder of its own, where the upgrade puts its copy beside it. */
async function fixtureCopy(name = 'pb_data') {
  const work = await mkdtemp(path.join(tmpdir(), 'lw-pb-stopped-'));
  cleanups.push(() => rm(work, { recursive: true, force: true }));
  const dataDir = path.join(work, name);
  await cp(FIXTURE, dataDir, { recursive: true, preserveTimestamps: true });
  return dataDir;
}

/** The upgrade, with PocketBase SIGKILLed at `at` together with the upgrade that ran it. */
async function stopUpgrade(dataDir: string, at: StopPoint) {
  const pocketbase = await stoppingPocketBase(at);
  cleanups.push(pocketbase.remove);
  const run = await upgradeCommand(dataDir, { POCKETBASE_BIN: pocketbase.bin });
  expect(run.exitCode, run.all).not.toBe(0);
  expect(run.all).not.toMatch(/^Upgraded/m);
  expect(existsSync(upgradeRecordPath(dataDir))).toBe(true);
}

/** The folder's tables and `hook_state` rows, read as PocketBase reads them. */
function readFolder(dataDir: string) {
  const db = new DatabaseSync(path.join(dataDir, 'data.db'), { readOnly: true });
  try {
    const names = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all();
    const tables = names.map((row) => String(row.name));
    const rows = tables.includes('hook_state')
      ? db.prepare('SELECT key, value FROM hook_state').all()
      : [];
    const state = Object.fromEntries(rows.map((row) => [row.key, JSON.parse(String(row.value))]));
    return { tables, state };
  } finally {
    db.close();
  }
}

/** The upgrade's last line: what it did (`done`), and the hooks' state it kept. */
const lastLine = (done: string) =>
  new RegExp(
    `^${done} \\S+ to PocketBase [\\d.]+; hook state kept: ledgerwise\\.rebuild\\.pending, ledgerwise\\.scheduledPostsCutoff\\.$`,
    'm',
  );

/**
 * Runs the upgrade again: it says `told`, then what it did, keeping the hooks' state; one copy is
 * left beside the folder, the fixture byte for byte, and no record of an upgrade under way.
 */
async function expectFinishedAgain(
  dataDir: string,
  told: RegExp,
  done = 'Finished the upgrade of',
) {
  const rerun = await upgradeCommand(dataDir);
  expect(rerun.exitCode, rerun.all).toBe(0);
  expect(rerun.all).toMatch(told);
  expect(rerun.all).toMatch(lastLine(done));
  const copies = await copiesBeside(dataDir);
  expect(copies).toHaveLength(1);
  await expectCopyOfFixture(path.join(path.dirname(dataDir), copies[0]));
  expect(existsSync(upgradeRecordPath(dataDir))).toBe(false);
  return rerun.all;
}

/**
 * PocketBase on the upgraded folder, its minute job on the test clock: the cutoff and the pending
 * rebuild are 0.22's, and the next tick sends the rebuild for the post that fell due.
 */
async function expectHooksCarriedOver(dataDir: string) {
  const endpoint = await startEndpoint();
  const hooks = await clockedHooksDir();
  try {
    const server = await startPocketBase({
      dataDir,
      hooksDir: hooks.dir,
      env: { SITE_REBUILD_HOOK_URL: endpoint.url },
      superuser,
    });
    try {
      const admin = await superuserClient(server.url, superuser);
      await expectHookStateKept(admin, fixture);
      await expectDueRebuildAtNextTick(admin, endpoint, fixture);
    } finally {
      await server.stop();
    }
  } finally {
    await hooks.remove();
    await endpoint.close();
  }
}

const FINISHING =
  /^An upgrade of \S+ did not finish after it copied the folder to \S+\.before-\S+: finishing it\.$/m;

describe('npm run pocketbase:upgrade stopped by SIGKILL, then run again', () => {
  it("after PocketBase converted the folder, before the hooks' state was written: finishes it", async () => {
    const dataDir = await fixtureCopy();
    await stopUpgrade(dataDir, 'converted');
    // Converted and migrated, the cutoff that of the migration's run, the pending rebuild gone.
    const stopped = readFolder(dataDir);
    expect(stopped.tables).toContain('_superusers');
    expect(Object.keys(stopped.state)).toEqual(['ledgerwise.scheduledPostsCutoff']);
    expect(stopped.state['ledgerwise.scheduledPostsCutoff']).not.toEqual(
      fixture.hookState['ledgerwise.scheduledPostsCutoff'],
    );

    await expectFinishedAgain(dataDir, FINISHING);
    await expectHooksCarriedOver(dataDir);
  });

  it("in the middle of the project's migrations, PocketBase's own conversion committed: finishes them", async () => {
    const dataDir = await fixtureCopy();
    await stopUpgrade(dataDir, 'migrating');
    // The system tables converted (0.22's `_params` rows with them), none of the project's
    // migrations since 0.22 kept.
    const stopped = readFolder(dataDir);
    expect(stopped.tables).toContain('_superusers');
    expect(stopped.tables).not.toContain('_admins');
    expect(stopped.tables).not.toContain('hook_state');
    // The conversion is in the WAL alone (PocketBase never checkpointed it), and read there.
    expect(existsSync(path.join(dataDir, 'data.db-wal'))).toBe(true);
    expect(dataFolderKind(dataDir)).toBe('upgraded');

    await expectFinishedAgain(dataDir, FINISHING);
    await expectHooksCarriedOver(dataDir);
  });

  it('while copying the folder aside: removes the half-made copy, leaves the folder as it was, and upgrades it', async () => {
    const dataDir = await fixtureCopy();
    const run = await upgradeStoppedDuringCopy(dataDir, 8);
    expect(run.signal, run.all).toBe('SIGKILL');
    const [half] = await copiesBeside(dataDir);
    const copied = await listFiles(path.join(path.dirname(dataDir), half));
    expect(copied.length).toBeGreaterThan(0);
    expect(copied.length).toBeLessThan((await listFiles(FIXTURE)).length);
    // The folder itself untouched.
    const [database, original] = await Promise.all(
      [dataDir, FIXTURE].map((dir) => readFile(path.join(dir, 'data.db'))),
    );
    expect(database.equals(original)).toBe(true);

    const output = await expectFinishedAgain(
      dataDir,
      /^Removed \S+, the copy an unfinished upgrade left half-made \(\S+ was untouched\): upgrading it again\.$/m,
      'Upgraded',
    );
    expect(output).toMatch(/^Copied \S+ to \S+ /m);
    expect(output).toContain(`Removed ${path.join(path.dirname(dataDir), half)},`);
    expect(await copiesBeside(dataDir)).not.toContain(half);
    await expectHooksCarriedOver(dataDir);
  });

  it('when the folder is no PocketBase folder any more: puts the copy back, keeping what was there, and upgrades it', async () => {
    const dataDir = await fixtureCopy();
    await stopUpgrade(dataDir, 'converted');
    await writeFile(path.join(dataDir, 'data.db'), 'not a database');

    const output = await expectFinishedAgain(
      dataDir,
      /^\S+ was no PocketBase data folder any more \(what was there is now \S+\/pb_data\.replaced-\S+\): put back \S+\/pb_data\.before-\S+, the copy an unfinished upgrade kept, to upgrade it again\.$/m,
    );
    const replaced = /what was there is now (\S+)\)/.exec(output)![1];
    expect(await readFile(path.join(replaced, 'data.db'), 'utf8')).toBe('not a database');
    await expectHooksCarriedOver(dataDir);
  });

  it('after its copy was put back by hand, as the docs roll back: upgrades the folder anew', async () => {
    const dataDir = await fixtureCopy();
    await stopUpgrade(dataDir, 'converted');
    const [copy] = await copiesBeside(dataDir);
    await rename(dataDir, `${dataDir}.failed`);
    await rename(path.join(path.dirname(dataDir), copy), dataDir);

    await expectFinishedAgain(
      dataDir,
      /^\S+\/pb_data\.before-\S+, the copy of an unfinished upgrade, is gone and \S+ is still PocketBase 0\.22's: upgrading it again\.$/m,
      'Upgraded',
    );
    await expectHooksCarriedOver(dataDir);
  });
});

describe('startLocalPocketBase on a .pocketbase/ whose upgrade was stopped', () => {
  const saved = { ...process.env };
  afterAll(() => {
    process.env = saved;
  });

  it("finishes the upgrade before it starts, with the hooks' state", async () => {
    const dataDir = await fixtureCopy('.pocketbase');
    await stopUpgrade(dataDir, 'converted');
    // The minute job would move the cutoff on: the state is read before its next run.
    const { local, said } = await startLocalOnUpgrade(dataDir);
    try {
      expect(said()).toMatch(FINISHING);
      expect(existsSync(upgradeRecordPath(dataDir))).toBe(false);
      const pb = await superuserClient(local.url, local.superuser);
      await expectHookStateKept(pb, fixture);
    } finally {
      await local.stop();
    }
  });
});
