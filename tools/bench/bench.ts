/**
 * `npm run bench` (docs/benchmark.md): builds and serves the seed site, weighs each page's script
 * before interaction with size-limit, runs Lighthouse on every page, times the scale builds with
 * hyperfine and publish to live, then prints a verdict per budget (budgets.ts) and appends the run
 * to .bench/history.jsonl. Options: --quick, --runs N, --pages a,b (Lighthouse on those pages
 * only), --no-lighthouse, --no-scale, --no-publish.
 */
import '../shared/env.ts'; // first: the Node check and the .env files, before anything reads them
import { execFileSync } from 'node:child_process';
import { appendFile, readFile, rm } from 'node:fs/promises';
import { loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { resolveContentSource } from '../local/source.ts';
import { runAstroBuild } from '../publish/astroBuild.ts';
import { startStaticServer } from '../serve/staticServer.ts';
import { PROJECT_ROOT } from '../shared/paths.ts';
import { judgeBudgets, verdictLines, type Figures } from './budgets.ts';
import { runLighthouse } from './lighthouse.ts';
import { measurePublish } from './publish.ts';
import { measureBuildScale } from './scale.ts';
import { weighPages } from './sizes.ts';
import lighthouserc from '../../lighthouserc.json' with { type: 'json' };
import sizeLimits from '../../.size-limit.json' with { type: 'json' };

const BENCH_DIR = path.join(PROJECT_ROOT, '.bench');
const SITE_DIR = path.join(BENCH_DIR, 'site');

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    runs: { type: 'string', default: String(lighthouserc.ci.collect.numberOfRuns) },
    // Lighthouse on these pages only (names from PAGES, comma-separated), to follow one change.
    pages: { type: 'string' },
    'no-lighthouse': { type: 'boolean', default: false },
    'no-scale': { type: 'boolean', default: false },
    'no-publish': { type: 'boolean', default: false },
    // Fewer posts than 1,000 (and 5 times as many for 5,000), to try the bench on a busy machine.
    posts: { type: 'string', default: '1000' },
  },
});
const options = {
  quick: values.quick,
  runs: Number(values.runs),
  lighthouse: !values['no-lighthouse'],
  scale: !values['no-scale'],
  publish: !values['no-publish'],
  ...(values.posts !== '1000' && { posts: Number(values.posts) }),
  ...(values.pages && { pages: values.pages.split(',').map((name) => name.trim()) }),
};
if (!(options.runs >= 1)) throw new Error('--runs needs a whole number ≥ 1');

/** The pages Lighthouse scores (not the 404 pages: its SEO audit fails any 404 answer). */
const PAGES = Object.entries({
  home: '/',
  about: '/about',
  pricing: '/pricing',
  faq: '/faq',
  blog: '/blog',
  post: '', // the post that leads /blog, picked from the build
  topic: '/blog/topic/tax',
  contact: '/contact',
  bringspark: '/bringspark',
  policies: '/policies',
  privacy: '/privacy-policy',
  terms: '/terms-of-service',
})
  .map(([name, route]) => ({ name, route }))
  .filter(({ name }) => !options.pages || options.pages.includes(name));
const unknownPages = options.pages?.filter((name) => !PAGES.some((page) => page.name === name));
if (unknownPages?.length)
  throw new Error(`--pages: no page named ${unknownPages.join(', ')} (the names are in PAGES)`);

/**
 * Seconds a fixed piece of JavaScript (sorting and JSON, as a build does) takes now: the load
 * average misses a slower host, so two runs compare through this one.
 */
function referenceSeconds() {
  const started = performance.now();
  for (let round = 0; round < 5; round += 1) {
    const items = Array.from({ length: 100_000 }, (_, i) => ({
      id: (i * 7919) % 100_003,
      title: `Post ${i}`,
      topics: [i % 7, i % 11],
    }));
    items.sort((a, b) => a.id - b.id);
    JSON.parse(JSON.stringify(items));
  }
  return Number(((performance.now() - started) / 1000).toFixed(2));
}

const load = () => loadavg().map((value) => Number(value.toFixed(2)));
const git = (...args: string[]) =>
  execFileSync('git', args, { cwd: PROJECT_ROOT }).toString().trim();
const header = (title: string) => console.log(`\n=== ${title}`);

/** The seed site, built as production builds it (EmailJS placeholders: the bench sends nothing). */
async function buildSite() {
  const source = await resolveContentSource({
    log: (message: string) => console.log(`  ${message}`),
  });
  try {
    await rm(SITE_DIR, { recursive: true, force: true });
    const build = await runAstroBuild({
      outDir: SITE_DIR,
      cacheDir: path.join(BENCH_DIR, 'site-cache'),
      env: {
        POCKETBASE_URL: source.url,
        LOCAL_BUILD: 'true',
        PUBLIC_EMAILJS_SERVICE_ID: 'service_bench',
        PUBLIC_EMAILJS_TEMPLATE_ID: 'template_bench',
        PUBLIC_EMAILJS_NEWSLETTER_TEMPLATE_ID: 'template_newsletter_bench',
        PUBLIC_EMAILJS_PUBLIC_KEY: 'key_bench',
      },
    });
    if (build.code !== 0)
      throw new Error(`astro build failed (exit ${build.code}):\n${build.output}`);
  } finally {
    await source.stop();
  }
}

const started = new Date();
const loadAtStart = load();
const referenceAtStart = referenceSeconds();
// The code measured is the code at the start: the work tree may change during a long run.
const commit =
  git('rev-parse', '--short=12', 'HEAD') +
  (git('status', '--porcelain', '--untracked-files=no') ? '-dirty' : '');
console.log(`Load ${loadAtStart.join(', ')}; reference work ${referenceAtStart} s`);
// The scale builds need hyperfine (apt-get install hyperfine): a missing one fails now, not in an hour.
if (options.scale) execFileSync('hyperfine', ['--version']);

header('Building the seed site');
await buildSite();
const figures: Figures = {};

header(
  "Script before interaction and home's first paint, weighed by size-limit (.size-limit.json)",
);
figures.sizes = await weighPages(SITE_DIR);
console.log(figures.sizes.map(({ name, size }) => `  ${name}: ${size} B gzip`).join('\n'));

if (options.lighthouse) {
  header(`Lighthouse, mobile: ${PAGES.length} pages × ${options.runs} runs (lighthouserc.json)`);
  const blog = await readFile(path.join(SITE_DIR, 'blog.html'), 'utf8');
  // The first card's link: the post's own address, not one that answers 301.
  const post = /data-post-card="[^"]+"[\s\S]*?<a href="(\/blog\/[^"]+)"/.exec(blog)?.[1];
  if (!post) throw new Error('/blog shows no post: is the seed content loaded?');
  // --pages may leave the post out.
  const postPage = PAGES.find((page) => page.name === 'post');
  if (postPage) postPage.route = post;
  const server = await startStaticServer({ root: SITE_DIR });
  try {
    const lighthouse = await runLighthouse(PAGES, {
      baseUrl: server.url,
      runs: options.runs,
      settings: lighthouserc.ci.collect.settings,
      reportDir: path.join(BENCH_DIR, 'lighthouse'),
    });
    figures.lighthouse = lighthouse.pages;
    figures.otherHosts = lighthouse.otherHosts;
  } finally {
    await server.close();
  }
}

const posts = options.posts ?? 1000;
if (options.scale) {
  header(
    `Builds at scale: ${posts} posts cold and warm${options.quick ? '' : `; ${5 * posts} cold`}`,
  );
  figures.builds = await measureBuildScale({ quick: options.quick, posts });
}

if (options.publish) {
  header('Publish to live through the rebuild listener');
  const publish = (count: number) =>
    measurePublish(count).then(
      (seconds) => (console.log(`  ${count} more posts: publish→served ${seconds} s`), seconds),
      (error: Error) => ({ failed: error.message }),
    );
  figures.publish = { seedSeconds: await publish(0), at1000Seconds: await publish(posts) };
}

header(`Budgets (commit ${commit}; Lighthouse reports in .bench/lighthouse/)`);
const verdicts = judgeBudgets(figures, {
  assertions: lighthouserc.ci.assert.assertions,
  sizeLimits,
});
console.log(verdictLines(verdicts).join('\n'));
const line = {
  commit,
  date: started.toISOString(),
  load: { start: loadAtStart, end: load() },
  referenceSeconds: { start: referenceAtStart, end: referenceSeconds() },
  options,
  figures,
  verdicts,
};
// One line per run, committed: the figures of every commit stay comparable.
await appendFile(path.join(BENCH_DIR, 'history.jsonl'), `${JSON.stringify(line)}\n`);
process.exitCode = verdicts.some((verdict) => verdict.pass === false) ? 1 : 0;
