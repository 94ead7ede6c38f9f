/**
 * Publish to live through the self-hosted path, in temporary folders: an editor ticks "published"
 * on the seed's draft → the project's hook → the rebuild listener → `astro build` → the page served.
 * The first (cold) build runs before, as on a running site. On its own:
 * `node tools/bench/publish.ts [--posts N]` (N more bench posts with banners).
 */
import '../shared/env.ts'; // first: the Node check and the .env files, before anything reads them
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { superuserClient } from '../local/pocketbase/superuser.ts';
import { seedPocketBase } from '../local/pocketbase/seed.ts';
import { startPocketBase } from '../local/pocketbase/serverProcess.ts';
import { listenerBuild } from '../publish/rebuildListener/build.ts';
import { createBuildQueue } from '../publish/rebuildListener/buildQueue.ts';
import { startListenerEndpoint } from '../publish/rebuildListener/endpoint.ts';
import { startStaticServer } from '../serve/staticServer.ts';
import { createPostsWithPictures } from './fixture.ts';

/** Seconds from the save to the page served, with `posts` bench posts beside the seed. */
export async function measurePublish(posts: number) {
  const work = await mkdtemp(path.join(tmpdir(), 'lw-bench-publish-'));
  const secret = `bench-${Date.now()}-0123456789`;
  const log = (message: string) => console.log(`  [listener] ${message.split('\n')[0]}`);
  // Filled in once PocketBase runs: the builder reads it at each build.
  const env = { POCKETBASE_URL: '', LOCAL_BUILD: 'true' };
  const queue = createBuildQueue({
    publishPath: path.join(work, 'current'),
    buildsDir: path.join(work, 'builds'),
    build: listenerBuild({ cacheDir: path.join(work, 'cache'), env }),
    log,
  });
  await queue.prepare();
  const listener = await startListenerEndpoint({ secret, queue, log });
  const superuser = { email: 'bench@ledgerwise.local', password: 'bench-only-password' };
  const pocketbase = await startPocketBase({
    dataDir: path.join(work, 'pb'),
    env: {
      SITE_REBUILD_HOOK_URL: `${listener.url}/rebuild`,
      SITE_REBUILD_HOOK_SECRET: secret,
      SITE_REBUILD_MIN_INTERVAL_SECONDS: '0',
    },
    superuser,
  });
  env.POCKETBASE_URL = pocketbase.url;
  const site = await startStaticServer({ root: path.join(work, 'current') });
  try {
    const pb = await superuserClient(pocketbase.url, superuser);
    // Seeding goes through the API, so the hook fires: those builds finish first.
    await seedPocketBase({ pb });
    await createPostsWithPictures(pb, posts);
    await queue.whenIdle();
    if (!(await queue.published())) throw new Error('The first build failed; see above.');
    const [draft] = await pb.collection('blogs').getFullList({ filter: 'published = false' });
    if (!draft) throw new Error('The seed has no draft to publish.');
    const page = `${site.url}/blog/${draft.slug}`;
    if ((await fetch(page)).status !== 404) throw new Error('The draft is served unpublished.');
    const saved = Date.now();
    await pb.collection('blogs').update(draft.id, { published: true });
    while ((await fetch(page)).status !== 200) {
      if (Date.now() - saved > 30 * 60_000) throw new Error('Not published within 30 minutes.');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return (Date.now() - saved) / 1000;
  } finally {
    await queue.whenIdle();
    await site.close();
    await listener.close();
    await pocketbase.stop();
    await rm(work, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const { values } = parseArgs({ options: { posts: { type: 'string', default: '0' } } });
  console.log(`publish→served ${(await measurePublish(Number(values.posts))).toFixed(1)} s`);
}
