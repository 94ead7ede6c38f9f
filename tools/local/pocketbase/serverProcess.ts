/**
 * Any PocketBase process, on any data folder and port: the local server's (localServer.ts), the
 * bench's and the tests'. The server process (through execa) and its health; the superuser is
 * created before `serve` starts when the folder has none (command.ts), so PocketBase never opens
 * its installer.
 */
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import path from 'node:path';
import { execa } from 'execa';
import type { Result } from 'execa';
import getPort from 'get-port';
import { PROJECT_ROOT } from '../../shared/paths.ts';
import { resolvePocketBaseBinary } from './binary.ts';
import type { SuperuserLogin } from './superuser.ts';
import { folderArgs, HOOKS_DIR, MIGRATIONS_DIR, writeSuperuser } from './command.ts';

export interface RunningPocketBase {
  /** Base URL, e.g. http://127.0.0.1:8090 (no trailing slash). */
  url: string;
  port: number;
  dataDir: string;
  pid: number;
  /** Everything the server printed so far. */
  output: () => string;
  /** SIGTERM, wait, then SIGKILL if needed. Safe to call twice. */
  stop: () => Promise<void>;
}

const HEALTH_TIMEOUT_MS = 30_000;
const STOP_GRACE_MS = 5_000;
const OUTPUT_LIMIT = 64 * 1024;
/** Lines PocketBase prints when a migration or a hook file fails. */
const MIGRATION_FAILURE =
  /failed to (apply|run|execute) (migration|\S+\.pb\.js)|registerMigrations/i;
const PORT_IN_USE = /address already in use/i;
const SETPRIV = '/usr/bin/setpriv';

/**
 * A free TCP port on 127.0.0.1 that this process has not handed out before (get-port's `reserve`):
 * fetch keeps idle keep-alive sockets per origin, and a new server on a stopped server's port could
 * be sent a request on one of those dead sockets ("fetch failed").
 */
export function getFreePort(): Promise<number> {
  return getPort({ host: '127.0.0.1', reserve: true });
}

export interface PocketBaseOptions {
  /** The data folder (created if missing). Always explicit. */
  dataDir: string;
  /** 0 (default) picks a free port. */
  port?: number;
  /** Defaults to pocketbase/pb_migrations. */
  migrationsDir?: string;
  /** Defaults to pocketbase/pb_hooks. */
  hooksDir?: string;
  /** Extra environment for the server (hooks read it). */
  env?: Record<string, string>;
  /**
   * Restart the server in place when a hook file changes. Default false: a test or build server
   * must not restart (and drop requests) because someone edited pocketbase/pb_hooks; `npm run
   * pocketbase` turns it on for hook authors.
   */
  hooksWatch?: boolean;
  /**
   * Created before the server starts when the folder has none with its address: without a
   * superuser, PocketBase would open its installer in a browser. An existing one is kept as it
   * is, its sessions with it (command.ts).
   */
  superuser: SuperuserLogin;
}

/**
 * Start `pocketbase serve` on 127.0.0.1 and resolve once `/api/health` answers.
 * Rejects with the server's output when it exits early, a migration fails, or it never gets healthy.
 */
export async function startPocketBase({
  dataDir,
  port = 0,
  migrationsDir = MIGRATIONS_DIR,
  hooksDir = HOOKS_DIR,
  env = {},
  hooksWatch = false,
  superuser,
}: PocketBaseOptions): Promise<RunningPocketBase> {
  if (!dataDir) throw new Error('startPocketBase: dataDir is required.');
  const bin = await resolvePocketBaseBinary();
  await mkdir(dataDir, { recursive: true });
  await writeSuperuser(dataDir, superuser, { migrationsDir, hooksDir });
  // A port picked by getFreePort can be taken before PocketBase binds it: retry a few times.
  const attempts = port === 0 ? 3 : 1;
  let lastError: unknown;
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    const chosen = port === 0 ? await getFreePort() : port;
    try {
      return await spawnServer({
        bin,
        dataDir,
        port: chosen,
        migrationsDir,
        hooksDir,
        env,
        hooksWatch,
      });
    } catch (error) {
      lastError = error;
      if (!(error instanceof Error && PORT_IN_USE.test(error.message))) throw error;
    }
  }
  throw lastError;
}

async function spawnServer({
  bin,
  dataDir,
  port,
  migrationsDir,
  hooksDir,
  env,
  hooksWatch,
}: Required<Omit<PocketBaseOptions, 'superuser'>> & { bin: string }): Promise<RunningPocketBase> {
  const url = `http://127.0.0.1:${port}`;
  const args = [
    'serve',
    '--http',
    `127.0.0.1:${port}`,
    '--dir',
    dataDir,
    // Without it PocketBase would look for (and could create) pb_public beside the binary.
    '--publicDir',
    path.join(dataDir, 'pb_public'),
    ...folderArgs({ migrationsDir, hooksDir }),
    `--hooksWatch=${hooksWatch}`,
  ];
  // setpriv (util-linux) sets the parent-death signal and then execs PocketBase in the same
  // process, so the PID is PocketBase's and even a SIGKILLed parent cannot leave it running.
  const [command, commandArgs] = existsSync(SETPRIV)
    ? [SETPRIV, ['--pdeathsig', 'TERM', '--', bin, ...args]]
    : [bin, args];
  const child = execa(command, commandArgs, {
    cwd: PROJECT_ROOT,
    env,
    stdin: 'ignore',
    // Its output is read as it arrives (the log, the failure patterns), never buffered whole: the
    // local server runs for hours.
    all: true,
    buffer: false,
    reject: false,
    // stop(): SIGTERM, then SIGKILL after the grace. execa's `cleanup` (on by default) kills it
    // when this process exits.
    forceKillAfterDelay: STOP_GRACE_MS,
  });

  let output = '';
  child.all.on('data', (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-OUTPUT_LIMIT);
  });
  /** Set when the server has ended, or never started (then `exitCode` is undefined). */
  // Declared with `as`: set in a callback, so the loop below must not see it narrowed to null.
  let exited = null as Result | null;
  const finished = child.then((result) => {
    exited = result;
  });
  const stop = async () => {
    if (exited) return;
    child.kill();
    await finished;
  };

  const fail = async (reason: string) => {
    await stop();
    const printed = output.trim() || '(no output)';
    return new Error(
      `PocketBase failed to start on ${url} (data: ${dataDir}): ${reason}\n--- server output ---\n${printed}`,
    );
  };

  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  for (;;) {
    if (MIGRATION_FAILURE.test(output)) throw await fail(`a migration in ${migrationsDir} failed`);
    if (exited) {
      const { exitCode, signal, shortMessage } = exited;
      throw await fail(
        exitCode === undefined && !signal
          ? `could not run ${bin}: ${shortMessage}`
          : `the server exited early (code ${exitCode}, signal ${signal})`,
      );
    }
    if (await isHealthy(url)) break;
    if (Date.now() > deadline)
      throw await fail(`/api/health did not answer within ${HEALTH_TIMEOUT_MS} ms`);
    await sleep(100);
  }
  // Migrations run before the server listens; a late failure line would still mean a broken schema.
  if (MIGRATION_FAILURE.test(output)) throw await fail(`a migration in ${migrationsDir} failed`);

  return {
    url,
    port,
    dataDir,
    pid: child.pid!,
    output: () => output,
    stop,
  };
}

async function isHealthy(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) })).ok;
  } catch {
    return false;
  }
}
