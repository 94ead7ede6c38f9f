/**
 * Runs PocketBase 0.22 for `npm start`, `npm run dev`, `npm run pocketbase`, `npm run bench` and
 * the test harness: the server process (through execa), its health, its CLI (which binary:
 * tools/local/pocketbase/binary.ts). The admin account lives in admin.ts, the seed
 * content in seed.ts, the local server that combines them in local.ts.
 *
 * PocketBase 0.22 exits with code 0 when a migration fails and `admin create` exits 0 on every
 * error, so success is judged by the server's output and `/api/health`, never by the exit code
 * alone.
 */
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import path from 'node:path';
import { execa } from 'execa';
import getPort from 'get-port';
import { PROJECT_ROOT } from '../../shared/paths.ts';
import { resolvePocketBaseBinary } from './binary.ts';

/**
 * @typedef {object} RunningPocketBase
 * @property {string} url Base URL, e.g. http://127.0.0.1:8090 (no trailing slash).
 * @property {number} port
 * @property {string} dataDir
 * @property {number} pid
 * @property {() => string} output Everything the server printed so far.
 * @property {() => Promise<void>} stop SIGTERM, wait, then SIGKILL if needed. Safe to call twice.
 */

/** The project root (three levels above tools/local/pocketbase), so nothing depends on the cwd. */
export const MIGRATIONS_DIR = path.join(PROJECT_ROOT, 'pocketbase', 'pb_migrations');
export const HOOKS_DIR = path.join(PROJECT_ROOT, 'pocketbase', 'pb_hooks');

const HEALTH_TIMEOUT_MS = 30_000;
const STOP_GRACE_MS = 5_000;
const OUTPUT_LIMIT = 64 * 1024;
/** Lines PocketBase prints when a migration fails (it still exits 0). */
const MIGRATION_FAILURE = /failed to (apply|run) migration|registerMigrations/i;
const PORT_IN_USE = /address already in use/i;
const SETPRIV = '/usr/bin/setpriv';

/**
 * A free TCP port on 127.0.0.1 that this process has not handed out before (get-port's `reserve`):
 * fetch keeps idle keep-alive sockets per origin, and a new server on a stopped server's port could
 * be sent a request on one of those dead sockets ("fetch failed").
 * @returns {Promise<number>}
 */
export function getFreePort() {
  return getPort({ host: '127.0.0.1', reserve: true });
}

/**
 * Start `pocketbase serve` on 127.0.0.1 and resolve once `/api/health` answers.
 * Rejects with the server's output when it exits early, a migration fails, or it never gets healthy.
 *
 * @param {object} options
 * @param {string} options.dataDir The data folder (created if missing). Always explicit.
 * @param {number} [options.port] 0 (default) picks a free port.
 * @param {string} [options.migrationsDir] Defaults to pocketbase/pb_migrations.
 * @param {string} [options.hooksDir] Defaults to pocketbase/pb_hooks.
 * @param {Record<string, string>} [options.env] Extra environment for the server (hooks read it).
 * @param {boolean} [options.hooksWatch] Restart the server in place when a hook file changes.
 *   Default false: a test or build server must not restart (and drop requests) because someone
 *   edited pocketbase/pb_hooks; `npm run pocketbase` turns it on for hook authors.
 * @returns {Promise<RunningPocketBase>}
 */
export async function startPocketBase({
  dataDir,
  port = 0,
  migrationsDir = MIGRATIONS_DIR,
  hooksDir = HOOKS_DIR,
  env = {},
  hooksWatch = false,
}) {
  if (!dataDir) throw new Error('startPocketBase: dataDir is required.');
  const bin = await resolvePocketBaseBinary();
  await mkdir(dataDir, { recursive: true });
  // A port picked by getFreePort can be taken before PocketBase binds it: retry a few times.
  const attempts = port === 0 ? 3 : 1;
  let lastError;
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

/**
 * @param {{ bin: string, dataDir: string, port: number, migrationsDir: string, hooksDir: string,
 *   env: Record<string, string>, hooksWatch: boolean }} options
 * @returns {Promise<RunningPocketBase>}
 */
async function spawnServer({ bin, dataDir, port, migrationsDir, hooksDir, env, hooksWatch }) {
  const url = `http://127.0.0.1:${port}`;
  const args = [
    'serve',
    '--http',
    `127.0.0.1:${port}`,
    '--dir',
    dataDir,
    '--migrationsDir',
    migrationsDir,
    '--hooksDir',
    hooksDir,
    // Without it PocketBase would look for (and could create) pb_public inside node_modules.
    '--publicDir',
    path.join(dataDir, 'pb_public'),
    '--dev=false',
    '--automigrate=false',
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
  child.all.on('data', (/** @type {Buffer} */ chunk) => {
    output = (output + chunk.toString()).slice(-OUTPUT_LIMIT);
  });
  /** Set when the server has ended, or never started (then `exitCode` is undefined). */
  /** @type {import('execa').Result | null} */
  let exited = null;
  const finished = child.then((result) => {
    exited = result;
  });
  const stop = async () => {
    if (exited) return;
    child.kill();
    await finished;
  };

  /** @param {string} reason */
  const fail = async (reason) => {
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
      const { exitCode, signal, shortMessage } = /** @type {import('execa').Result} */ (exited);
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
    pid: /** @type {number} */ (child.pid),
    output: () => output,
    stop,
  };
}

/**
 * @param {string} url
 * @returns {Promise<boolean>}
 */
async function isHealthy(url) {
  try {
    return (await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) })).ok;
  } catch {
    return false;
  }
}

/**
 * Run a PocketBase CLI command and return its combined output (its exit code says nothing).
 * @param {string[]} args
 * @returns {Promise<string>}
 */
export async function runCli(args) {
  const result = await execa(await resolvePocketBaseBinary(), args, {
    cwd: PROJECT_ROOT,
    stdin: 'ignore',
    all: true,
    reject: false,
    timeout: 30_000,
  });
  const text = String(result.all ?? '').trim();
  // A non-zero code or a timeout is still a failure worth reporting with its output.
  if (result.failed && !text) throw new Error(result.message);
  return text;
}
