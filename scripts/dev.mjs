#!/usr/bin/env node
/**
 * `npm run dev`: astro dev against PocketBase (the local one unless POCKETBASE_URL is set).
 * `PREVIEW_DRAFTS=1 npm run dev` shows drafts and scheduled posts too, as the preview site does.
 */
import './lib/env.mjs'; // first: the Node check and the .env files, before anything reads them
import { spawn } from 'node:child_process';
import path from 'node:path';
import { resolveContentSource } from './lib/content-source.mjs';
import { PROJECT_ROOT } from './lib/paths.mjs';

const source = await resolveContentSource();
const astro = spawn(
  process.execPath,
  [path.join(PROJECT_ROOT, 'node_modules/astro/astro.js'), 'dev', ...process.argv.slice(2)],
  { cwd: PROJECT_ROOT, stdio: 'inherit', env: { ...process.env, ...source.env } },
);

const stop = async () => {
  astro.kill('SIGTERM');
  await source.stop();
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
astro.once('exit', async (code) => {
  await source.stop();
  process.exit(code ?? 0);
});
