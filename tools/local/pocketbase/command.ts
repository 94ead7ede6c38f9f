/**
 * PocketBase's CLI, as every tool of ours runs it: the project's migrations and hooks, the binary
 * binary.ts picks, and the superuser created before `serve` (so PocketBase never opens its
 * installer in a browser).
 */
import path from 'node:path';
import { execa } from 'execa';
import { PROJECT_ROOT } from '../../shared/paths.ts';
import { resolvePocketBaseBinary } from './binary.ts';
import { hasSuperuser } from './dataFolder.ts';
import type { SuperuserLogin } from './superuser.ts';

/** The project's migrations and hooks, from its root, so nothing depends on the cwd. */
export const MIGRATIONS_DIR = path.join(PROJECT_ROOT, 'pocketbase', 'pb_migrations');
export const HOOKS_DIR = path.join(PROJECT_ROOT, 'pocketbase', 'pb_hooks');

/**
 * Creates the superuser in a data folder that has none with its address, before `serve` (without
 * a superuser, PocketBase opens its installer in a browser). An existing one is left as it is:
 * setting a password, even the same one, ends every session of the superuser, and an editor
 * signed in to the admin UI would be signed out by every restart. A changed password is set once
 * PocketBase refuses the old one (localServer.ts).
 */
export async function writeSuperuser(
  dataDir: string,
  login: SuperuserLogin,
  folders: { migrationsDir?: string; hooksDir?: string } = {},
): Promise<void> {
  if (!hasSuperuser(dataDir, login.email)) await upsertSuperuser(dataDir, login, folders);
}

/**
 * Creates the superuser in a data folder, or sets its password when it exists (which ends its
 * sessions): the folder belongs to this project (local or test).
 */
export async function upsertSuperuser(
  dataDir: string,
  { email, password }: SuperuserLogin,
  folders: { migrationsDir?: string; hooksDir?: string } = {},
): Promise<void> {
  // `--` ends the flags, so a password that starts with "-" is not read as one.
  await runCli([
    'superuser',
    'upsert',
    '--dir',
    dataDir,
    ...folderArgs(folders),
    '--',
    email,
    password,
  ]);
}

/**
 * Sets an existing superuser's password, which ends its sessions: for a password changed in the
 * environment. PocketBase may be serving the folder meanwhile.
 */
export async function setSuperuserPassword(
  dataDir: string,
  { email, password }: SuperuserLogin,
): Promise<void> {
  await runCli(['superuser', 'update', '--dir', dataDir, ...folderArgs(), '--', email, password]);
}

/**
 * The project's migrations and hooks, and the flags every command of ours passes: no dev mode (a
 * binary under /tmp would think it runs under `go run`), and no migration files written for
 * changes made in the admin UI.
 */
export function folderArgs({
  migrationsDir = MIGRATIONS_DIR,
  hooksDir = HOOKS_DIR,
}: { migrationsDir?: string; hooksDir?: string } = {}): string[] {
  return [
    '--migrationsDir',
    migrationsDir,
    '--hooksDir',
    hooksDir,
    '--dev=false',
    '--automigrate=false',
  ];
}

/** Runs a PocketBase CLI command; resolves to its output, or rejects with it when it fails. */
export async function runCli(args: string[]): Promise<string> {
  const result = await execa(await resolvePocketBaseBinary(), args, {
    cwd: PROJECT_ROOT,
    stdin: 'ignore',
    all: true,
    reject: false,
    timeout: 60_000,
  });
  const text = String(result.all ?? '').trim();
  if (result.failed) {
    // The command's first two words only: a password may follow them.
    const command = ['pocketbase', ...args.slice(0, 2)].join(' ');
    throw new Error(`\`${command} …\` failed (${result.shortMessage}):\n${text}`);
  }
  return text;
}
