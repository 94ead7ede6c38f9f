#!/usr/bin/env node
/**
 * `npm start`: the whole publishing loop on this machine. Builds the site against PocketBase (the
 * local one unless POCKETBASE_URL is set) and serves it on http://localhost:4321 with production
 * headers; with the local PocketBase, a rebuild listener hears its hook and each change visitors
 * would see rebuilds the site (warm) and is served once published. Ctrl-C stops it all.
 */
// First: the Node check and the .env files, before anything reads them.
import { buildEnv, toolEnv } from '../shared/env.ts';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { resolveContentSource } from './source.ts';
import { PROJECT_ROOT } from '../shared/paths.ts';
import { startListenerEndpoint } from '../publish/rebuildListener/endpoint.ts';
import { listenerBuild } from '../publish/rebuildListener/build.ts';
import { createBuildQueue } from '../publish/rebuildListener/buildQueue.ts';
import { startStaticServer } from '../serve/staticServer.ts';
import type { ListeningServer } from '../serve/http.ts';

/** Builds and the published link (git-ignored), apart from `npm run rebuild-listener`'s. */
const WORK_DIR = path.join(PROJECT_ROOT, '.rebuild', 'start');
/** The cache `npm run build` uses too, so the first build and every rebuild are warm. */
const CACHE_DIR = path.resolve(PROJECT_ROOT, buildEnv().ASTRO_CACHE_DIR);

const log = (message: string) => console.log(`[npm start] ${message}`);

const local = !buildEnv().POCKETBASE_URL;
/** The build's environment; known once PocketBase runs, which needs the listener's URL first. */
let sourceEnv: Record<string, string> = {};
const queue = createBuildQueue({
  publishPath: path.join(WORK_DIR, 'current'),
  buildsDir: path.join(WORK_DIR, 'builds'),
  // A build for this machine: the contact form may be left unconfigured (it then says so).
  build: (options) =>
    listenerBuild({ cacheDir: CACHE_DIR, env: { ...sourceEnv, LOCAL_BUILD: 'true' } })(options),
  log,
});
await queue.prepare();

let listener: ListeningServer | undefined;
let firstBuildRequested = false;
let hookEnv: Record<string, string> = {};
if (local) {
  const secret = randomBytes(24).toString('hex');
  // Changes made before the first build (the seed of a new PocketBase) are all in it: the
  // listener hands requests on only from then on.
  const requests = {
    request: (reason: string) => (firstBuildRequested ? queue.request(reason) : { queued: true }),
  };
  listener = await startListenerEndpoint({ secret, queue: requests, port: 0, log });
  // A draft preview (PREVIEW_DRAFTS=1) rebuilds on every save, as the preview hook is told of
  // drafts too; the public site on the changes visitors see.
  const preview = buildEnv().PREVIEW_DRAFTS === '1';
  const [used, unused] = preview
    ? ['SITE_PREVIEW_HOOK', 'SITE_REBUILD_HOOK']
    : ['SITE_REBUILD_HOOK', 'SITE_PREVIEW_HOOK'];
  hookEnv = {
    [`${used}_URL`]: `${listener.url}/rebuild`,
    [`${used}_SECRET`]: secret,
    // Empty counts as not set: this PocketBase is a local copy and must not start real deploys.
    [`${unused}_URL`]: '',
    // Every change at once: the listener folds the changes made during a build into one more.
    SITE_REBUILD_MIN_INTERVAL_SECONDS: '0',
    SITE_PREVIEW_MIN_INTERVAL_SECONDS: '0',
  };
}
const source = await resolveContentSource({ hookEnv });
sourceEnv = source.env;

// Set once the first build is out; stop() may run before that, so it cannot be a const.
let server: ListeningServer | undefined = undefined;
let stopping = false;
const stop = async (signal?: NodeJS.Signals) => {
  if (stopping) return;
  stopping = true;
  if (signal) log(`${signal}: stopping PocketBase, the listener, any build and the server`);
  await listener?.close();
  await queue.stop();
  await server?.close();
  await source.stop();
};
process.once('SIGINT', () => void stop('SIGINT').then(() => process.exit(0)));
process.once('SIGTERM', () => void stop('SIGTERM').then(() => process.exit(0)));

firstBuildRequested = true;
queue.request('first build');
await queue.whenIdle();
// Interrupted during the first build: the signal's handler finishes the stop and exits.
if (stopping) await new Promise(() => {});
if (queue.stats.published === 0) {
  await stop();
  console.error('The build failed; see the output above.');
  process.exit(1);
}

const port = toolEnv().PORT;
server = await startStaticServer({ root: path.join(WORK_DIR, 'current'), port });
console.log(`\nLedgerwise is served at http://localhost:${server.port}  (Ctrl-C to stop)`);
if (listener) {
  log(
    `edits in the admin UI (${source.url}/_/) rebuild the site: listener ${listener.url}/rebuild`,
  );
} else {
  log(
    'POCKETBASE_URL is set: npm start does not hear its changes (its hook does not know this ' +
      'machine). Restart to rebuild, or see docs/publishing.md for a rebuild listener.',
  );
}
