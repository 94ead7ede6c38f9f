/**
 * Where the site's content comes from for `npm start`, `npm run dev` and `npm run bench`: the
 * PocketBase named by POCKETBASE_URL, or else a local one that the project starts and seeds.
 */
import { startLocalPocketBase } from './pocketbase.mjs';

/** @returns {Promise<{ url: string, local: boolean, stop: () => Promise<void> }>} */
export async function resolveContentSource({ log = console.log } = {}) {
  if (process.env.POCKETBASE_URL) {
    log(`Using the PocketBase at ${process.env.POCKETBASE_URL} (POCKETBASE_URL).`);
    return { url: process.env.POCKETBASE_URL, local: false, stop: async () => {} };
  }
  log('POCKETBASE_URL is not set: starting the local PocketBase (.pocketbase/, seeded once)…');
  const local = await startLocalPocketBase({ log });
  log(`Local PocketBase: ${local.url} (admin UI ${local.url}/_/, ${local.adminEmail})`);
  return { url: local.url, local: true, stop: local.stop };
}
