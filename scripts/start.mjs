#!/usr/bin/env node
/**
 * `npm start`: builds the whole site against PocketBase (the local one unless POCKETBASE_URL is
 * set) and serves dist/ on http://localhost:4321 with the production headers. Ctrl-C stops it all.
 */
import './lib/env.mjs'; // first: the Node check and the .env files, before anything reads them
import { defaultOutDir, runAstroBuild } from './lib/astro-build.mjs';
import { resolveContentSource } from './lib/content-source.mjs';
import { startStaticServer } from './lib/static-server.mjs';

const source = await resolveContentSource();
// A build for this machine: the contact form may be left unconfigured (it then says so).
const { code } = await runAstroBuild({
  env: { ...source.env, LOCAL_BUILD: 'true' },
  stdio: 'inherit',
});
if (code !== 0) {
  await source.stop();
  console.error(`The build failed (exit ${code}); see the output above.`);
  process.exit(code ?? 1);
}

const port = Number(process.env.PORT || 4321);
const server = await startStaticServer({ root: defaultOutDir(), port });
console.log(`\nLedgerwise is served at http://localhost:${server.port}  (Ctrl-C to stop)`);

const stop = async () => {
  await server.close();
  await source.stop();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
