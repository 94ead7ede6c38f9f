#!/usr/bin/env node
/**
 * `npm run bench`: the speed and size budgets, in one run (never part of `npm test`). This file
 * runs the measurements; budgets.mjs judges them (pure), report.mjs and lighthouse-report.mjs
 * print them and history.mjs appends the run to .bench/history.jsonl.
 *
 * 1. Builds the site against the local PocketBase with the seed content (or POCKETBASE_URL) and
 *    serves it as the CDN would (netlify.toml headers, brotli/gzip).
 * 2. Watches each page in Chromium without interacting (load, idle, scroll to the bottom): the
 *    script files it loads before any interaction, weighed gzip from the built files.
 * 3. Lighthouse 13, mobile and desktop presets, 3 runs a page; the median run is judged.
 * 4. Builds at scale in a temporary PocketBase: 1,000 posts with their own banners (a third with
 *    a picture in the body) cold, then warm; 5,000 posts cold.
 * 5. Publish to live through the rebuild listener (tools/bench/publish.mjs): the seed, and
 *    1,000 more posts with banners.
 * Writes everything to .bench/ as JSON and ends with one PASS, FAIL or SKIP line per budget.
 *
 * Options: --quick skips the 5,000-post build; --runs N (default 3);
 * --no-lighthouse; --no-scale; --no-publish.
 */
import '../shared/env.mjs'; // first: the Node check and the .env files, before anything reads them
import { execFile } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { runAstroBuild } from '../publish/build.mjs';
import { BUDGETS, judgeBudgets } from './budgets.mjs';
import { measureBuildScale } from './scale.mjs';
import { watchIslandLoading, weighJsBeforeInteraction } from './islands.mjs';
import { runLighthouse } from './lighthouse.mjs';
import { weighPage } from './weight.mjs';
import { appendHistory, currentCommit, historyFigures, referenceSeconds } from './history.mjs';
import { printLighthouse } from './lighthouse-report.mjs';
import {
  header,
  printIslands,
  printJsBeforeInteraction,
  printScale,
  printVerdicts,
  printWeights,
} from './report.mjs';
import { resolveContentSource } from '../local/source.mjs';
import { startStaticServer } from '../serve/staticServer.mjs';
import { PROJECT_ROOT } from '../shared/paths.mjs';
import { measuredPages, NOT_FOUND_ROUTES, pickPostRoute } from './pages.mjs';

const BENCH_DIR = path.join(PROJECT_ROOT, '.bench');
/** One line per run: committed, so the figures of every commit stay comparable. */
const HISTORY_FILE = path.join(BENCH_DIR, 'history.jsonl');

/** The command line: `--quick`, `--runs N`, `--no-lighthouse`, `--no-scale`, `--no-publish`. */
function readOptions(args) {
  const { values } = parseArgs({
    args,
    options: {
      quick: { type: 'boolean', default: false },
      runs: { type: 'string', default: '3' },
      'no-lighthouse': { type: 'boolean', default: false },
      'no-scale': { type: 'boolean', default: false },
      'no-publish': { type: 'boolean', default: false },
    },
  });
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs needs a whole number ≥ 1');
  return {
    quick: values.quick,
    runs,
    lighthouse: !values['no-lighthouse'],
    scale: !values['no-scale'],
    publish: !values['no-publish'],
  };
}

/** tools/bench/publish.mjs in a child process: seconds from the save to the page served. */
async function measurePublish(args) {
  try {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [path.join(PROJECT_ROOT, 'tools', 'bench', 'publish.mjs'), ...args],
      { cwd: PROJECT_ROOT, maxBuffer: 64 * 2 ** 20 },
    );
    const match = /publish→served=([\d.]+) s/.exec(stdout);
    if (!match) return { failed: `no RESULT line in: ${stdout.slice(-500)}` };
    console.log(`  ${stdout.trim().split('\n').at(-1)}`);
    return Number(match[1]);
  } catch (error) {
    const output = `${error.stdout ?? ''}${error.stderr ?? ''}`.trim().slice(-500);
    return { failed: output || String(error) };
  }
}

async function main() {
  const options = readOptions(process.argv.slice(2));
  const startedAt = new Date();
  const loadAtStart = loadavg().map((value) => Number(value.toFixed(2)));
  const referenceAtStart = referenceSeconds();
  console.log(`Load ${loadAtStart.join(', ')}; reference work ${referenceAtStart} s (history.mjs)`);
  // The code measured is the code at the start: the work tree may change during a long run.
  const commit = currentCommit(PROJECT_ROOT);
  const pages = measuredPages();

  header('Building the site with the seed content');
  const source = await resolveContentSource({ log: (message) => console.log(`  ${message}`) });
  const distDir = path.join(BENCH_DIR, 'site');
  const cacheDir = path.join(BENCH_DIR, 'site-cache');
  let server;
  try {
    await rm(distDir, { recursive: true, force: true });
    await rm(cacheDir, { recursive: true, force: true });
    const buildStarted = Date.now();
    const build = await runAstroBuild({
      outDir: distDir,
      cacheDir,
      // Built and served on this machine only (LOCAL_BUILD). The EmailJS values are placeholders
      // so that both forms render as in production; the bench never sends them.
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
    console.log(
      `  built in ${((Date.now() - buildStarted) / 1000).toFixed(1)} s into ${path.relative(PROJECT_ROOT, distDir)}`,
    );
  } finally {
    await source.stop();
  }

  const postRoute = await pickPostRoute(distDir);
  if (!postRoute) throw new Error('The build has no blog post: is the seed content loaded?');
  pages.find((page) => page.name === 'post').route = postRoute;

  server = await startStaticServer({ root: distDir });
  const origin = new URL(server.url).origin;
  console.log(`  serving at ${server.url} (netlify.toml headers, brotli/gzip)`);
  let lighthouse = null;
  let watch;
  const weights = [];
  try {
    const cache = new Map();
    for (const page of pages)
      weights.push({ name: page.name, ...(await weighPage(distDir, page.route, cache)) });

    header('Watching what each page loads before any interaction, in Chromium');
    watch = await watchIslandLoading(server.url, [
      ...pages.map((page) => page.route),
      ...NOT_FOUND_ROUTES,
    ]);

    if (options.lighthouse) {
      header(`Lighthouse: ${pages.length} pages × mobile/desktop × ${options.runs} runs`);
      lighthouse = await runLighthouse(pages, server.url, options.runs);
    }
  } finally {
    await server.close();
  }
  const jsBeforeInteraction = await weighJsBeforeInteraction(distDir, watch);

  let scale = null;
  if (options.scale) {
    header(
      `Builds at scale: 1,000 posts with banners, cold and warm${options.quick ? '' : '; 5,000 posts cold'}`,
    );
    scale = await measureBuildScale({ quick: options.quick, log: console.log });
  }

  let publish = null;
  if (options.publish) {
    header('Publish to live through the rebuild listener (tools/bench/publish.mjs)');
    publish = {
      seedSeconds: await measurePublish([]),
      at1000Seconds: await measurePublish(['--posts', '1000', '--banners']),
    };
  }

  console.log(`\nLedgerwise bench, ${startedAt.toISOString()}, post page ${postRoute}`);
  if (lighthouse) printLighthouse(lighthouse, origin);
  printWeights(weights);
  printIslands(watch);
  printJsBeforeInteraction(jsBeforeInteraction);
  if (scale) printScale(scale);

  const figures = historyFigures({ lighthouse, jsBeforeInteraction, scale, publish, watch });
  const verdicts = judgeBudgets(figures);
  printVerdicts(verdicts);

  await mkdir(BENCH_DIR, { recursive: true });
  const stamp = startedAt.toISOString().replace(/[:.]/g, '-');
  const report = {
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    options,
    budgets: BUDGETS,
    pages,
    lighthouse,
    weights,
    islandLoading: watch,
    jsBeforeInteraction,
    buildScale: scale,
    publish,
    verdicts,
  };
  const file = path.join(BENCH_DIR, `bench-${stamp}.json`);
  await writeFile(file, JSON.stringify(report, null, 2));
  await writeFile(path.join(BENCH_DIR, 'latest.json'), JSON.stringify(report, null, 2));
  await appendHistory(HISTORY_FILE, {
    commit,
    startedAt,
    loadAtStart,
    referenceAtStart,
    options,
    figures,
    verdicts,
  });
  console.log(
    `\nFull results: ${path.relative(PROJECT_ROOT, file)} (also .bench/latest.json); figures appended to ${path.relative(PROJECT_ROOT, HISTORY_FILE)}`,
  );
  process.exitCode = verdicts.some((verdict) => verdict.pass === false) ? 1 : 0;
}

main().catch((error) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
