/**
 * `npm run pocketbase`: run the local PocketBase (data in .pocketbase/, seeded once) until Ctrl-C.
 */
import '../shared/env.ts'; // first: the Node check and the .env files, before anything reads them
import { startLocalPocketBase } from './pocketbase/local.ts';

try {
  const local = await startLocalPocketBase({
    log: console.log,
    // Hook authors edit pocketbase/pb_hooks while this runs: reload them in place.
    hooksWatch: true,
  });
  console.log(`PocketBase API:      ${local.url}/api/`);
  console.log(`PocketBase admin UI: ${local.url}/_/  (${local.adminEmail})`);
  console.log(`Data folder:         ${local.dataDir}`);
  console.log('Press Ctrl-C to stop.');
  // The running server keeps this process alive; on Ctrl-C (or SIGTERM) stop it gracefully, then
  // exit as Node would have without a handler.
  process.once('SIGINT', () => void local.stop().finally(() => process.exit(130)));
  process.once('SIGTERM', () => void local.stop().finally(() => process.exit(143)));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
