/**
 * Where the site's content comes from for `npm start`, `npm run dev` and `npm run bench`: the
 * PocketBase named by POCKETBASE_URL, or else a local one that the project starts and seeds.
 */
import { buildEnv } from '../shared/env.ts';
import { startLocalPocketBase } from './pocketbase/localServer.ts';

/**
 * `env` is what the build or dev server needs to read it: POCKETBASE_URL, and for the local one
 * its preview account's login too, so PREVIEW_DRAFTS=1 (a draft preview) works without further
 * setup.
 * `hookEnv` goes to the local PocketBase only (its hooks read it): where content changes are sent.
 */
export async function resolveContentSource({
  log = console.log,
  hookEnv = {},
}: { log?: (message: string) => void; hookEnv?: Record<string, string> } = {}): Promise<{
  url: string;
  local: boolean;
  env: Record<string, string>;
  stop: () => Promise<void>;
}> {
  const { POCKETBASE_URL } = buildEnv();
  if (POCKETBASE_URL) {
    log(`Using the PocketBase at ${POCKETBASE_URL} (POCKETBASE_URL).`);
    return {
      url: POCKETBASE_URL,
      local: false,
      env: { POCKETBASE_URL },
      stop: async () => {},
    };
  }
  log('POCKETBASE_URL is not set: starting the local PocketBase (.pocketbase/, seeded once)…');
  const local = await startLocalPocketBase({ log, env: hookEnv });
  log(`Local PocketBase: ${local.url} (admin UI ${local.url}/_/, ${local.superuser.email})`);
  return {
    url: local.url,
    local: true,
    env: {
      POCKETBASE_URL: local.url,
      POCKETBASE_PREVIEW_EMAIL: local.previewReader.email,
      POCKETBASE_PREVIEW_PASSWORD: local.previewReader.password,
    },
    stop: local.stop,
  };
}
