/**
 * The local PocketBase for `npm start`, `npm run dev`, `npm run pocketbase` and `npm run bench`:
 * the server (pocketbase-process.mjs), its admin (pocketbase-admin.mjs) and the seed
 * (pocketbase-seed.mjs) in the project's own data folder.
 */
import path from 'node:path';
import { LOCAL_ADMIN_EMAIL, LOCAL_ADMIN_PASSWORD, ensureAdmin } from './admin.mjs';
import { buildEnv, toolEnv } from '../../shared/env.mjs';
import { PROJECT_ROOT } from '../../shared/paths.mjs';
import getPort from 'get-port';
import { startPocketBase } from './server.mjs';
import { seedPocketBase } from './seed.mjs';

/** @typedef {(message: string) => void} Logger */

const LOCAL_DATA_DIR = path.join(PROJECT_ROOT, '.pocketbase');

/**
 * The local PocketBase for `npm start`, `npm run dev`, `npm run pocketbase` and `npm run bench`
 * (used when POCKETBASE_URL is not set): data in the git-ignored `.pocketbase/`, port
 * POCKETBASE_PORT or 8090 (a free port if that one is taken), admin from
 * POCKETBASE_ADMIN_EMAIL / POCKETBASE_ADMIN_PASSWORD or the local-only defaults, seeded once.
 * Stops the server on exit, SIGINT and SIGTERM.
 *
 * @param {{ log?: Logger, dataDir?: string, seed?: boolean, hooksWatch?: boolean,
 *   env?: Record<string, string> }} [options] `env`: extra environment for the server (its hooks
 *   read it, e.g. SITE_REBUILD_HOOK_URL).
 * @returns {Promise<{ url: string, port: number, dataDir: string, stop: () => Promise<void>,
 *   adminEmail: string, adminPassword: string }>}
 */
export async function startLocalPocketBase({
  log = console.log,
  dataDir = LOCAL_DATA_DIR,
  seed = true,
  hooksWatch = false,
  env = {},
} = {}) {
  const wanted = toolEnv().POCKETBASE_PORT;
  // The wanted port, or, when it is taken, a free one (0: PocketBase's own choice).
  const port = wanted === 0 ? 0 : await getPort({ port: wanted, host: '127.0.0.1' });
  if (port !== wanted) {
    log(`Port ${wanted} is taken: the local PocketBase uses port ${port} instead.`);
  }
  const { POCKETBASE_ADMIN_EMAIL, POCKETBASE_ADMIN_PASSWORD } = buildEnv();
  const adminEmail = POCKETBASE_ADMIN_EMAIL ?? LOCAL_ADMIN_EMAIL;
  const adminPassword = POCKETBASE_ADMIN_PASSWORD ?? LOCAL_ADMIN_PASSWORD;

  const server = await startPocketBase({ dataDir, port, hooksWatch, env });
  const cleanup = registerCleanup(server.stop);
  try {
    await ensureAdmin({
      url: server.url,
      dataDir,
      email: adminEmail,
      password: adminPassword,
    });
    if (seed)
      await seedPocketBase({
        url: server.url,
        email: adminEmail,
        password: adminPassword,
        log,
      });
  } catch (error) {
    await cleanup();
    throw error;
  }
  return {
    url: server.url,
    port: server.port,
    dataDir,
    stop: cleanup,
    adminEmail,
    adminPassword,
  };
}

/**
 * Stop the server when this process ends or is interrupted; returns the idempotent stop.
 * @param {() => Promise<void>} stop
 * @returns {() => Promise<void>}
 */
function registerCleanup(stop) {
  let stopping = /** @type {Promise<void> | null} */ (null);
  const onSignal = (/** @type {NodeJS.Signals} */ signal) => {
    // A script with its own handler for this signal decides when to exit (it awaits the same
    // stop); alone, we exit as Node would have without a handler.
    const othersHandle = process.listenerCount(signal) > 0;
    const stopped = (stopping ??= stop());
    if (!othersHandle) void stopped.finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  // 'exit' cannot await: the module-level exit hook SIGKILLs any child still alive.
  return () => {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    return (stopping ??= stop());
  };
}
