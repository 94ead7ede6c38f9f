/**
 * Measures publish-to-live through the self-hosted path: an editor ticks "published" on a draft
 * in PocketBase → the project's hook → the rebuild listener → `astro build` → the post's page
 * served by the static server. Everything runs on this machine in temporary folders.
 *
 *   node tools/bench/publish.mjs                 # the seed content (its draft has a banner)
 *   node tools/bench/publish.mjs --posts 1000    # the seed plus 1,000 more published posts
 *   node tools/bench/publish.mjs --posts 1000 --banners   # … each with its own banner
 *
 * The first build (a cold cache) runs before the measurement, as it would on a running site: the
 * measured build is a warm one.
 */
import '../shared/env.mjs'; // first: the Node check and the .env files, before anything reads them
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createPostsWithPictures } from './pictures.mjs';
import { ensureAdmin } from '../local/pocketbase/admin.mjs';
import { startPocketBase } from '../local/pocketbase/server.mjs';
import { seedPocketBase } from '../local/pocketbase/seed.mjs';
import { startRebuildListener } from '../publish/webhook.mjs';
import { astroBuilder } from '../publish/build.mjs';
import { createRebuilder } from '../publish/queue.mjs';
import { createPosts } from '../local/pocketbase/posts.mjs';
import { startStaticServer } from '../serve/staticServer.mjs';

const { values } = parseArgs({
  options: {
    posts: { type: 'string', default: '0' },
    banners: { type: 'boolean', default: false },
  },
});
const extraPosts = Number(values.posts);
if (!Number.isInteger(extraPosts) || extraPosts < 0)
  throw new Error('--posts needs a whole number ≥ 0');
const withBanners = values.banners;
const SECRET = `measure-${Date.now()}-0123456789`;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

async function main() {
  const work = await mkdtemp(path.join(tmpdir(), 'lw-measure-'));
  const log = (message) => console.log(`  [listener] ${message.split('\n')[0]}`);
  let pocketbaseUrl = '';
  const rebuilder = createRebuilder({
    publishPath: path.join(work, 'current'),
    buildsDir: path.join(work, 'builds'),
    build: (options) =>
      astroBuilder({
        cacheDir: path.join(work, 'cache'),
        // A build for this machine only: the contact form may be left unconfigured.
        env: { POCKETBASE_URL: pocketbaseUrl, LOCAL_BUILD: 'true' },
      })(options),
    log,
  });
  await rebuilder.prepare();
  const listener = await startRebuildListener({ secret: SECRET, rebuilder, log });
  const server = await startPocketBase({
    dataDir: path.join(work, 'pb'),
    env: {
      SITE_REBUILD_HOOK_URL: `${listener.url}/rebuild`,
      SITE_REBUILD_HOOK_SECRET: SECRET,
      SITE_REBUILD_MIN_INTERVAL_SECONDS: '0',
    },
  });
  const site = await startStaticServer({ root: path.join(work, 'current') });
  try {
    pocketbaseUrl = server.url;
    const admin = { email: 'measure@ledgerwise.local', password: 'measure-only-password' };
    const pb = await ensureAdmin({ url: server.url, dataDir: path.join(work, 'pb'), ...admin });
    // Seeding goes through the API, so the hook fires: let those builds finish first.
    await seedPocketBase({ pb });
    if (extraPosts > 0) {
      const started = Date.now();
      const archive = (index) => ({
        title: `Archive post ${index + 1}`,
        content: `<h2>Part ${index + 1}</h2><p>Notes on provisional tax and VAT, number ${index + 1}.</p>`,
        published: true,
      });
      if (withBanners)
        await createPostsWithPictures(pb, extraPosts, {
          title: (index) => archive(index).title,
          content: (index) => archive(index).content,
        });
      else await createPosts(pb, extraPosts, archive);
      console.log(`created ${extraPosts} more posts in ${seconds(Date.now() - started)}`);
    }
    await rebuilder.whenIdle();
    if (!(await rebuilder.published()))
      throw new Error('The first build failed; see the log above.');
    const drafts = await pb.collection('blogs').getFullList({ filter: 'published = false' });
    if (drafts.length === 0) throw new Error('The seed has no draft to publish.');
    const draft = drafts[0];
    const before = await fetch(`${site.url}/blog/${draft.id}`);
    if (before.status !== 404) throw new Error(`The draft is served before it is published.`);
    // What visitors see (the seed also holds a post scheduled for later).
    const total = (
      await pb
        .collection('blogs')
        .getList(1, 1, { filter: 'published = true && published_at <= @now' })
    ).totalItems;
    console.log(
      `${total} posts published; builds so far: ${rebuilder.stats.builds}. ` +
        `Publishing the draft "${draft.title}"${draft.banner_image ? ' (with a banner)' : ''}…`,
    );

    const saved = Date.now();
    await pb.collection('blogs').update(draft.id, { published: true });
    const saveMs = Date.now() - saved;
    for (;;) {
      const response = await fetch(`${site.url}/blog/${draft.id}`);
      if (response.status === 200) break;
      if (Date.now() - saved > 30 * 60_000) throw new Error('Not published within 30 minutes.');
      await sleep(200);
    }
    const liveMs = Date.now() - saved;
    console.log(
      `RESULT posts=${total + 1} save=${saveMs} ms publish→served=${seconds(liveMs)} ` +
        `(builds: ${rebuilder.stats.builds}, failed: ${rebuilder.stats.failed})`,
    );
  } finally {
    await rebuilder.whenIdle();
    await site.close();
    await listener.close();
    await server.stop();
    await rm(work, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
