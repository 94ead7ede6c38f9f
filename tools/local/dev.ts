#!/usr/bin/env node
/**
 * `npm run dev`: astro dev against PocketBase (the local one unless POCKETBASE_URL is set);
 * `PREVIEW_DRAFTS=1` shows drafts and scheduled posts too. The local PocketBase's hook POSTs each
 * change to the dev server (src/integrations/liveContent.ts), which reloads the content layer: the
 * public hook carries what visitors would see, the preview hook every save. A new secret each run.
 */
// First: the Node check and the .env files, before anything reads them.
import { buildEnv } from '../shared/env.ts';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import getPort from 'get-port';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { resolveContentSource } from './source.ts';
import { PROJECT_ROOT } from '../shared/paths.ts';
import {
  CONTENT_CHANGED_PATH,
  SECRET_VARIABLE as REFRESH_SECRET_VARIABLE,
} from '../../src/integrations/liveContent.ts';

const DEFAULT_DEV_PORT = 4321;

/** The port astro dev is told to use: --port from the command line, else 4321 or a free one. */
async function choosePort(args: string[]): Promise<{ port: number; args: string[] }> {
  // Only --port is read here; every argument goes on to astro dev as it was given.
  const { values } = parseArgs({
    args,
    options: { port: { type: 'string' } },
    strict: false,
    allowPositionals: true,
  });
  if (typeof values.port === 'string') return { port: Number(values.port), args };
  // Chosen here rather than by astro (which moves on by itself when a port is taken), because
  // PocketBase's hook needs the dev server's address before either starts.
  const port = await getPort({ port: DEFAULT_DEV_PORT });
  return { port, args: [...args, '--port', String(port)] };
}

const { port, args } = await choosePort(process.argv.slice(2));
const secret = randomBytes(24).toString('hex');
const preview = buildEnv().PREVIEW_DRAFTS === '1';
// localhost: astro dev listens there, on IPv4 or IPv6 depending on the machine.
const endpoint = `http://localhost:${port}${CONTENT_CHANGED_PATH}`;
const live = preview
  ? { url: 'SITE_PREVIEW_HOOK_URL', secret: 'SITE_PREVIEW_HOOK_SECRET' }
  : { url: 'SITE_REBUILD_HOOK_URL', secret: 'SITE_REBUILD_HOOK_SECRET' };
const other = preview ? 'SITE_REBUILD_HOOK_URL' : 'SITE_PREVIEW_HOOK_URL';

const source = await resolveContentSource({
  hookEnv: {
    [live.url]: endpoint,
    [live.secret]: secret,
    // Empty counts as not set: this PocketBase is a local copy and must not start real deploys.
    [other]: '',
    // Every save at once: the dev server folds a burst into one reload itself.
    SITE_REBUILD_MIN_INTERVAL_SECONDS: '0',
    SITE_PREVIEW_MIN_INTERVAL_SECONDS: '0',
  },
});
if (source.local) {
  console.log(`Live content: the local PocketBase's edits reload the dev server (${endpoint}).`);
} else {
  console.log(
    'Live content: off with POCKETBASE_URL (its hook does not know this dev server); ' +
      'type s + enter in this terminal to reload the content.',
  );
}

const astro = spawn(
  process.execPath,
  [path.join(PROJECT_ROOT, 'node_modules/astro/bin/astro.mjs'), 'dev', ...args],
  {
    cwd: PROJECT_ROOT,
    stdio: 'inherit',
    env: {
      ...process.env,
      ...source.env,
      [REFRESH_SECRET_VARIABLE]: source.local ? secret : '',
    },
  },
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
