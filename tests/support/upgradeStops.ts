/**
 * `npm run pocketbase:upgrade` stopped at a chosen point by SIGKILL, as a crash, a closed SSH
 * session or an impatient operator would stop it, so that the tests can prove the next run
 * finishes the upgrade. Each point is reached the same way on every run: nothing here waits for a
 * moment in time.
 */
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { resolvePocketBaseBinary } from '../../tools/local/pocketbase/binary.ts';
import { MIGRATIONS_DIR } from '../../tools/local/pocketbase/command.ts';
import { PROJECT_ROOT } from '../../tools/shared/paths.ts';

/**
 * Where PocketBase is stopped: `converted` once `migrate up` has converted the folder and run the
 * project's migrations (before the upgrade writes the hooks' state); `migrating` in the middle of
 * the project's migrations, after PocketBase has committed its conversion of the system tables.
 */
export type StopPoint = 'converted' | 'migrating';

/** Runs after 1795737603_rate_limits.js and before the project's last two migrations. */
const STOP_MIGRATION = '1795737604_0_stop_here.js';

/** `'…'` for sh; the paths here are the test's own temporary ones. */
const quoted = (text: string) => {
  if (text.includes("'")) throw new Error(`A path with a quote: ${text}`);
  return `'${text}'`;
};

/**
 * A stand-in for the PocketBase binary (for POCKETBASE_BIN) that runs the real one and, at `at`,
 * SIGKILLs the upgrade that ran it (its parent), PocketBase and itself.
 */
export async function stoppingPocketBase(
  at: StopPoint,
): Promise<{ bin: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'lw-pb-stop-'));
  const real = quoted(await resolvePocketBaseBinary());
  const reached = quoted(path.join(dir, 'reached'));
  const migrations = path.join(dir, 'pb_migrations');
  await cp(MIGRATIONS_DIR, migrations, { recursive: true });
  // PocketBase runs the project's migrations in one transaction: this one holds it open, half
  // done, and says so by making a folder.
  await writeFile(
    path.join(migrations, STOP_MIGRATION),
    `migrate(() => {\n  $os.mkdir(${reached}, 0o755);\n  sleep(60000);\n});\n`,
  );
  const stop = {
    converted: ['"$real" "$@"', 'kill -KILL "$upgrade" $$'],
    migrating: [
      // The same command, with the migrations that hold the stop.
      'for arg do',
      '  shift',
      `  [ "$previous" = --migrationsDir ] && arg=${quoted(migrations)}`,
      '  set -- "$@" "$arg"',
      '  previous=$arg',
      'done',
      '"$real" "$@" &',
      'pocketbase=$!',
      `while [ ! -d ${reached} ] && kill -0 "$pocketbase" 2>/dev/null; do sleep 0.05; done`,
      // PocketBase ended before the stop (a failing migration): its own exit, unchanged.
      `[ -d ${reached} ] || { wait "$pocketbase"; exit $?; }`,
      'kill -KILL "$upgrade" "$pocketbase" $$',
    ],
  }[at];
  const script = [
    '#!/bin/sh',
    `# Written by tests/support/upgradeStops.ts: PocketBase, stopped at "${at}".`,
    'upgrade=$PPID',
    `real=${real}`,
    '[ "$1" = migrate ] || exec "$real" "$@"',
    ...stop,
    '',
  ].join('\n');
  const bin = path.join(dir, 'pocketbase');
  await writeFile(bin, script, { mode: 0o755 });
  return { bin, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** The upgrade of `dataDir`, SIGKILLed once it has copied `entries` files and folders of it. */
export function upgradeStoppedDuringCopy(dataDir: string, entries: number) {
  return execa(
    process.execPath,
    [
      '--import',
      path.join(import.meta.dirname, 'stopUpgradeDuringCopy.ts'),
      'tools/local/pocketbase/upgrade.ts',
      dataDir,
    ],
    {
      cwd: PROJECT_ROOT,
      env: { STOP_AFTER_ENTRIES: String(entries) },
      all: true,
      reject: false,
    },
  );
}
