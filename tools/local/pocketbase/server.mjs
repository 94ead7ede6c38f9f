/**
 * Runs PocketBase 0.22 for `npm start`, `npm run dev`, `npm run pocketbase`, `npm run bench` and
 * the test harness: the server process, its health, its CLI (which binary:
 * tools/local/pocketbase/binary.mjs). The admin account lives in admin.mjs, the seed
 * content in seed.mjs, the local server that combines them in local.mjs.
 *
 * PocketBase 0.22 exits with code 0 when a migration fails and `admin create` exits 0 on every
 * error, so success is judged by the server's output and `/api/health`, never by the exit code
 * alone.
 */
import { spawn, execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { PROJECT_ROOT } from '../../shared/paths.mjs';
import { resolvePocketBaseBinary } from './binary.mjs';

/** @typedef {(message: string) => void} Logger */

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
const HOOKS_DIR = path.join(PROJECT_ROOT, 'pocketbase', 'pb_hooks');

const HEALTH_TIMEOUT_MS = 30_000;
const STOP_GRACE_MS = 5_000;
const OUTPUT_LIMIT = 64 * 1024;
/** Lines PocketBase prints when a migration fails (it still exits 0). */
const MIGRATION_FAILURE = /failed to (apply|run) migration|registerMigrations/i;
const PORT_IN_USE = /address already in use/i;
const SETPRIV = '/usr/bin/setpriv';

/** @type {Set<import('node:child_process').ChildProcess>} */
const liveChildren = new Set();
let exitHookInstalled = false;

/** The children must never outlive this process: kill what is left when Node exits. */
function installExitHook() {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const child of liveChildren) {
      try {
        child.kill('SIGKILL');
      } catch {
        // already gone
      }
    }
  });
}

/** Ports this process already handed out (see getFreePort). */
const usedPorts = new Set();

/** @returns {Promise<number>} */
function listenOnAnyPort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * A free TCP port on 127.0.0.1 (listen on port 0, read it back, close) that this process has not
 * used before: fetch keeps idle keep-alive sockets per origin, and a new server on a stopped
 * server's port could be sent a request on one of those dead sockets ("fetch failed").
 * @returns {Promise<number>}
 */
export async function getFreePort() {
  let port = await listenOnAnyPort();
  for (let tries = 0; usedPorts.has(port) && tries < 20; tries += 1) port = await listenOnAnyPort();
  usedPorts.add(port);
  return port;
}

/**
 * Whether a port on 127.0.0.1 can be listened on right now.
 * @param {number} port
 * @returns {Promise<boolean>}
 */
export function isPortFree(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

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
 * @param {Logger} [options.log] Receives the server's output lines, prefixed.
 * @param {number} [options.timeoutMs] How long to wait for health (default 30 s).
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
  log,
  timeoutMs = HEALTH_TIMEOUT_MS,
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
        log,
        timeoutMs,
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
 *   env: Record<string, string>, log?: Logger, timeoutMs: number, hooksWatch: boolean }} options
 * @returns {Promise<RunningPocketBase>}
 */
async function spawnServer({
  bin,
  dataDir,
  port,
  migrationsDir,
  hooksDir,
  env,
  log,
  timeoutMs,
  hooksWatch,
}) {
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
  const child = spawn(command, commandArgs, {
    cwd: PROJECT_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  installExitHook();
  liveChildren.add(child);

  let output = '';
  /** @param {Buffer} chunk */
  const collect = (chunk) => {
    const text = chunk.toString();
    output = (output + text).slice(-OUTPUT_LIMIT);
    if (log) {
      for (const line of text.split('\n')) if (line.trim()) log(`[pocketbase] ${line}`);
    }
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

  /** @type {{ code: number | null, signal: NodeJS.Signals | null } | null} */
  let exited = null;
  /** @type {Promise<void>} */
  const exitPromise = new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      exited = { code, signal };
      liveChildren.delete(child);
      resolve();
    });
  });
  /** @type {Error | null} */
  let spawnError = null;
  child.once('error', (error) => {
    spawnError = error;
  });

  /** @param {number} ms */
  const exitedWithin = (ms) =>
    Promise.race([exitPromise.then(() => true), sleep(ms).then(() => false)]);
  const stop = async () => {
    // No pid: the binary never ran, so there is nothing to stop (and no 'exit' will come).
    if (exited || child.pid === undefined) return;
    child.kill('SIGTERM');
    if (await exitedWithin(STOP_GRACE_MS)) return;
    child.kill('SIGKILL');
    await exitedWithin(STOP_GRACE_MS);
  };

  /** @param {string} reason */
  const fail = async (reason) => {
    await stop();
    const printed = output.trim() || '(no output)';
    return new Error(
      `PocketBase failed to start on ${url} (data: ${dataDir}): ${reason}\n--- server output ---\n${printed}`,
    );
  };

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (spawnError)
      throw await fail(`could not run ${bin}: ${/** @type {Error} */ (spawnError).message}`);
    if (MIGRATION_FAILURE.test(output)) throw await fail(`a migration in ${migrationsDir} failed`);
    if (exited) {
      const { code, signal } = exited;
      throw await fail(`the server exited early (code ${code}, signal ${signal})`);
    }
    if (await isHealthy(url)) break;
    if (Date.now() > deadline)
      throw await fail(`/api/health did not answer within ${timeoutMs} ms`);
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
    const response = await fetch(`${url}/api/health`, {
      signal: AbortSignal.timeout(2_000),
    });
    return response.ok;
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
  const bin = await resolvePocketBaseBinary();
  return new Promise((resolve, reject) => {
    execFile(bin, args, { cwd: PROJECT_ROOT, timeout: 30_000 }, (error, stdout, stderr) => {
      const text = `${stdout}${stderr}`.trim();
      // A non-zero code or a timeout is still a failure worth reporting with its output.
      if (error && !text) reject(error);
      else resolve(text);
    });
  });
}
