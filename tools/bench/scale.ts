/**
 * The scale builds against temporary PocketBases, each timed by hyperfine with its process tree's
 * peak memory sampled and its phases read from its stamped output (phases.ts): 1,000 posts without
 * banners (1,000 share cards), then 100 with phone photos as banners, then 1,000 with banners,
 * each cold then warm into the same folders (as the listener builds), then the newest post's title
 * edited and built again; then 5,000 cold and edited (not --quick).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { superuserClient } from '../local/pocketbase/superuser.ts';
import { createPosts } from '../local/pocketbase/posts.ts';
import { startPocketBase } from '../local/pocketbase/serverProcess.ts';
import { PROJECT_ROOT } from '../shared/paths.ts';
import type { BuildFigure, Figures } from './budgets.ts';
import type PocketBase from 'pocketbase';
import { benchPost, createPostsWithPhotos, createPostsWithPictures } from './fixture.ts';
import { samplePeakMemory } from './memory.ts';
import { phaseTable, readPhases, type PhaseReport } from './phases.ts';

const ASTRO = path.join(PROJECT_ROOT, 'node_modules', 'astro', 'bin', 'astro.mjs');
const STAMP = path.join(PROJECT_ROOT, 'tools', 'bench', 'stampLines.ts');
const quote = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

/** One `astro build` with `dir`'s output and cache folders, as hyperfine times it. */
async function timedBuild(label: string, pocketbaseUrl: string, dir: string): Promise<BuildFigure> {
  const json = path.join(dir, 'hyperfine.json');
  const log = path.join(dir, 'build.log');
  const build = [
    process.execPath,
    STAMP,
    process.execPath,
    ASTRO,
    'build',
    '--outDir',
    path.join(dir, 'dist'),
  ];
  const hyperfine = spawn(
    'hyperfine',
    [
      ...['--runs=1', '--style=basic', `--command-name=${label}`],
      // hyperfine's --output keeps stdout only; Astro writes its errors to stderr.
      ...[`--export-json=${json}`, `--output=${log}`, `${build.map(quote).join(' ')} 2>&1`],
    ],
    {
      cwd: PROJECT_ROOT,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: {
        ...process.env,
        ASTRO_CACHE_DIR: path.join(dir, 'cache'),
        ASTRO_TELEMETRY_DISABLED: '1',
        NODE_ENV: 'production',
        POCKETBASE_URL: pocketbaseUrl,
        LOCAL_BUILD: 'true',
      },
    },
  );
  // The build's processes: `astro build` and what it starts, not hyperfine and the stamper.
  const memory = samplePeakMemory(hyperfine.pid ?? 0, ASTRO);
  const [code] = await once(hyperfine, 'exit');
  const peakBytes = await memory.stop();
  if (code !== 0) {
    const output = await readFile(log, 'utf8').catch(() => '');
    return { failed: output.trim().split('\n').slice(-3).join(' ') || `hyperfine exit ${code}` };
  }
  const [result] = JSON.parse(await readFile(json, 'utf8')).results;
  const { phases, rendered, restored } = readPhases(await readFile(log, 'utf8'));
  return {
    seconds: result.mean,
    cpuSeconds: result.user + result.system,
    peakBytes,
    phases,
    rendered,
    restored,
  };
}

/** Edits the newest live post's title, as an editor fixing a typo would. */
async function editNewestTitle(pb: PocketBase) {
  const [newest] = (
    await pb.collection('blogs').getList(1, 1, {
      filter: 'published = true && published_at <= @now',
      sort: '-published_at',
    })
  ).items;
  await pb.collection('blogs').update(newest.id, { title: `${newest.title} (edited)` });
}

/** A PocketBase in `work` with a superuser client, stopped by measureBuildScale. */
async function benchPocketBase(work: string, name: string) {
  const superuser = {
    email: 'bench@ledgerwise.local',
    password: randomBytes(18).toString('base64url'),
  };
  const server = await startPocketBase({ dataDir: path.join(work, name), port: 0, superuser });
  return { server, pb: await superuserClient(server.url, superuser) };
}

/** `posts` is 1,000 but for trying the bench (the hidden --posts). */
export async function measureBuildScale({ quick, posts }: { quick: boolean; posts: number }) {
  const work = await mkdtemp(path.join(tmpdir(), 'lw-bench-scale-'));
  const servers: { stop: () => Promise<unknown> }[] = [];
  const builds: NonNullable<Figures['builds']> = {};
  const build = async (name: keyof typeof builds, label: string, url: string, dir: string) => {
    await mkdir(dir, { recursive: true });
    const figure = await timedBuild(label, url, dir);
    builds[name] = figure;
    if ('failed' in figure) console.log(`  ${label} FAILED: ${figure.failed}`);
    else console.log(`  peak memory ${((figure.peakBytes ?? NaN) / 1e6).toFixed(0)} MB`);
  };
  try {
    const cards = await benchPocketBase(work, 'pb_cards');
    servers.push(cards.server);
    console.log(`  creating ${posts} posts without banners (each draws its share card)…`);
    await createPosts(cards.pb, posts, benchPost);
    const cardsUrl = cards.server.url;
    await build(
      'cold1000cards',
      `cold build, ${posts} posts, cards`,
      cardsUrl,
      path.join(work, 'cards'),
    );
    await build(
      'warm1000cards',
      `warm build, ${posts} posts, cards`,
      cardsUrl,
      path.join(work, 'cards'),
    );
    await cards.server.stop();

    const photos = await benchPocketBase(work, 'pb_photos');
    servers.push(photos.server);
    const photoPosts = Math.max(1, Math.round(posts / 10));
    console.log(`  creating ${photoPosts} posts with 12-megapixel phone photos as banners…`);
    await createPostsWithPhotos(photos.pb, photoPosts);
    for (const [name, when] of [
      ['cold100photos', 'cold'],
      ['warm100photos', 'warm'],
    ] as const) {
      const label = `${when} build, ${photoPosts} posts with phone photos`;
      await build(name, label, photos.server.url, path.join(work, 'photos'));
    }
    await photos.server.stop();

    const { server, pb } = await benchPocketBase(work, 'pb_data');
    servers.push(server);
    console.log(`  creating ${posts} posts with banners (a third with a picture in the body)…`);
    await createPostsWithPictures(pb, posts);
    await build('cold1000', `cold build, ${posts} posts`, server.url, path.join(work, 'small'));
    await build('warm1000', `warm build, ${posts} posts`, server.url, path.join(work, 'small'));
    await editNewestTitle(pb);
    await build(
      'edit1000',
      `the newest post's title edited, ${posts} posts`,
      server.url,
      path.join(work, 'small'),
    );
    if (!quick) {
      await createPosts(pb, 4 * posts, (index: number) => benchPost(posts + index));
      const large = path.join(work, 'large');
      await build('cold5000', `cold build, ${5 * posts} posts`, server.url, large);
      await editNewestTitle(pb);
      await build(
        'edit5000',
        `the newest post's title edited, ${5 * posts} posts`,
        server.url,
        large,
      );
    }
    const measured = Object.entries(builds).flatMap(([name, figure]) =>
      'phases' in figure ? [[name, figure] as [string, PhaseReport]] : [],
    );
    console.log(
      `\n  Phases, seconds (phases.ts):\n${phaseTable(Object.fromEntries(measured)).replace(/^/gm, '  ')}`,
    );
  } finally {
    await Promise.all(servers.map((running) => running.stop()));
    await rm(work, { recursive: true, force: true });
  }
  return builds;
}
