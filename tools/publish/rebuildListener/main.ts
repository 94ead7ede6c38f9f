/**
 * `npm run rebuild-listener`, the rebuild listener: the self-hosted alternative to a Netlify build
 * hook. PocketBase's hook POSTs to its endpoint, http://127.0.0.1:<port>/rebuild (endpoint.ts);
 * its build queue (buildQueue.ts) runs one build at a time (build.ts) and publishes each atomically
 * at REBUILD_PUBLISH_PATH, a symbolic link a static server can use as its root. This file reads
 * the environment and wires the parts; its variables (REBUILD_*, POCKETBASE_URL) are explained in
 * .env.example.
 */
// First: the Node check and the .env files, before anything reads them.
import { buildEnv, toolEnv } from '../../shared/env.ts';
import path from 'node:path';
import { SECRET_VARIABLE, startListenerEndpoint } from './endpoint.ts';
import { listenerBuild } from './build.ts';
import { createBuildQueue } from './buildQueue.ts';
import { startStaticServer } from '../../serve/staticServer.ts';
import { PROJECT_ROOT } from '../../shared/paths.ts';
import type { ListeningServer } from '../../serve/http.ts';

function log(message: string): void {
  console.log(`[rebuild-listener ${new Date().toISOString()}] ${message}`);
}

function fail(message: string): never {
  console.error(`rebuild-listener: ${message}`);
  process.exit(1);
}

async function main() {
  const env = toolEnv();
  const { POCKETBASE_URL } = buildEnv();
  const secret = env.REBUILD_LISTENER_SECRET ?? '';
  // Nothing this process starts (the builds) needs the secret: it stays in this process only.
  delete process.env[SECRET_VARIABLE];
  if (!secret) {
    fail(
      `${SECRET_VARIABLE} is not set. Refusing to start without a shared secret (e.g. \`openssl rand -hex 32\`).`,
    );
  }
  if (!POCKETBASE_URL) {
    fail('POCKETBASE_URL is not set: the listener builds the site from that PocketBase.');
  }
  const port = env.REBUILD_LISTENER_PORT;
  const servePort = env.REBUILD_SERVE_PORT;
  const timeoutSeconds = env.REBUILD_TIMEOUT_SECONDS;
  const workDir = path.resolve(PROJECT_ROOT, env.REBUILD_DIR);
  const publishPath = path.resolve(
    PROJECT_ROOT,
    env.REBUILD_PUBLISH_PATH ?? path.join(workDir, 'current'),
  );

  const queue = createBuildQueue({
    publishPath,
    buildsDir: path.join(workDir, 'builds'),
    build: listenerBuild({ cacheDir: path.join(workDir, 'cache'), timeoutSeconds }),
    log,
  });
  await queue.prepare();
  const listener = await startListenerEndpoint({ secret, queue, port, log });
  log(
    `listening on ${listener.url}/rebuild; publishing to ${publishPath} (PocketBase ${POCKETBASE_URL}; builds stopped after ${timeoutSeconds} s)`,
  );
  log(
    `PocketBase: SITE_REBUILD_HOOK_URL=${listener.url}/rebuild with SITE_REBUILD_HOOK_SECRET set to the same secret`,
  );

  let site: ListeningServer | undefined;
  if (servePort !== undefined) {
    site = await startStaticServer({ root: publishPath, port: servePort });
    log(`serving the published site at ${site.url}`);
  }

  if (!(await queue.published())) queue.request('first build: nothing is published yet');
  else if (await queue.indexBehind()) {
    queue.request(
      "the live pages' search index was never written (it failed, or the listener stopped)",
    );
  }

  const stop = async (signal: NodeJS.Signals) => {
    log(
      `${signal}: stopping (a build under way is stopped; its folder is removed at the next start)`,
    );
    await listener.close();
    await queue.stop();
    await site?.close();
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error) => fail(error instanceof Error ? error.message : String(error)));
