/**
 * The local PocketBase: the project's own server, data in `.pocketbase/`, for `npm start`,
 * `npm run dev`, `npm run pocketbase` (cli.ts) and `npm run bench`. A PocketBase process
 * (serverProcess.ts) with its superuser (superuser.ts), the draft preview's account
 * (previewReader.ts) and the seed (seed.ts) in that folder.
 */
import path from 'node:path';
import {
  LOCAL_SUPERUSER_EMAIL,
  LOCAL_SUPERUSER_PASSWORD,
  superuserClient,
  type SuperuserLogin,
} from './superuser.ts';
import {
  LOCAL_PREVIEW_EMAIL,
  LOCAL_PREVIEW_PASSWORD,
  upsertPreviewReader,
  type PreviewReaderLogin,
} from './previewReader.ts';
import { buildEnv, toolEnv } from '../../shared/env.ts';
import { PROJECT_ROOT } from '../../shared/paths.ts';
import getPort from 'get-port';
import { ClientResponseError } from 'pocketbase';
import { setSuperuserPassword } from './command.ts';
import { startPocketBase } from './serverProcess.ts';
import { seedPocketBase } from './seed.ts';
import { upgradePending, upgradePocketBase } from './upgrade.ts';

const LOCAL_DATA_DIR = path.join(PROJECT_ROOT, '.pocketbase');

/**
 * The superuser's client. A folder keeps its superuser across restarts, sessions included; when
 * PocketBase refuses the password (changed in the environment since the last start), the new one
 * is set, which ends the superuser's sessions as a changed password should, and tried again.
 */
async function signInSuperuser(url: string, dataDir: string, superuser: SuperuserLogin) {
  try {
    return await superuserClient(url, superuser);
  } catch (error) {
    const { cause } = error as { cause?: unknown };
    if (!(cause instanceof ClientResponseError && cause.status === 400)) throw error;
    await setSuperuserPassword(dataDir, superuser);
    return superuserClient(url, superuser);
  }
}

/**
 * The local PocketBase for `npm start`, `npm run dev`, `npm run pocketbase` and `npm run bench`
 * (used when POCKETBASE_URL is not set): data in the git-ignored `.pocketbase/`, port
 * POCKETBASE_PORT or 8090 (a free port if that one is taken), superuser from
 * POCKETBASE_SUPERUSER_EMAIL / POCKETBASE_SUPERUSER_PASSWORD and the preview's account from
 * POCKETBASE_PREVIEW_EMAIL / POCKETBASE_PREVIEW_PASSWORD, or the local-only defaults; seeded once.
 * A restart keeps both accounts' sessions; a changed password ends them.
 * The server dies with this process (execa's cleanup, and setpriv's parent-death signal); a script
 * that wants it stopped gracefully on Ctrl-C awaits `stop()` in its own signal handler. `env`:
 * extra environment for the server (its hooks read it, e.g. SITE_REBUILD_HOOK_URL).
 */
export async function startLocalPocketBase({
  log = console.log,
  dataDir = LOCAL_DATA_DIR,
  seed = true,
  hooksWatch = false,
  env = {},
}: {
  log?: (message: string) => void;
  dataDir?: string;
  seed?: boolean;
  hooksWatch?: boolean;
  env?: Record<string, string>;
} = {}): Promise<{
  url: string;
  port: number;
  dataDir: string;
  stop: () => Promise<void>;
  superuser: SuperuserLogin;
  previewReader: PreviewReaderLogin;
}> {
  const wanted = toolEnv().POCKETBASE_PORT;
  // The wanted port, or, when it is taken, a free one (0: PocketBase's own choice).
  const port = wanted === 0 ? 0 : await getPort({ port: wanted, host: '127.0.0.1' });
  if (port !== wanted) {
    log(`Port ${wanted} is taken: the local PocketBase uses port ${port} instead.`);
  }
  const { POCKETBASE_SUPERUSER_EMAIL, POCKETBASE_SUPERUSER_PASSWORD } = toolEnv();
  const superuser = {
    email: POCKETBASE_SUPERUSER_EMAIL ?? LOCAL_SUPERUSER_EMAIL,
    password: POCKETBASE_SUPERUSER_PASSWORD ?? LOCAL_SUPERUSER_PASSWORD,
  };
  const { POCKETBASE_PREVIEW_EMAIL, POCKETBASE_PREVIEW_PASSWORD } = buildEnv();
  const previewReader = {
    email: POCKETBASE_PREVIEW_EMAIL ?? LOCAL_PREVIEW_EMAIL,
    password: POCKETBASE_PREVIEW_PASSWORD ?? LOCAL_PREVIEW_PASSWORD,
  };

  // A folder PocketBase 0.22 made, or one whose upgrade was stopped: upgraded (or finished) as
  // `npm run pocketbase:upgrade` would, since PocketBase would otherwise convert it silently and
  // drop the hooks' state.
  if (upgradePending(dataDir)) await upgradePocketBase(dataDir, { log });
  const server = await startPocketBase({ dataDir, port, hooksWatch, env, superuser });
  try {
    const pb = await signInSuperuser(server.url, dataDir, superuser);
    await upsertPreviewReader(pb, previewReader);
    if (seed) await seedPocketBase({ pb, log });
  } catch (error) {
    await server.stop();
    throw error;
  }
  return {
    url: server.url,
    port: server.port,
    dataDir,
    stop: server.stop,
    superuser,
    previewReader,
  };
}
