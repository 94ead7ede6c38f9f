/**
 * The bench's printout: the tables of one run and the budget verdicts (the Lighthouse tables:
 * lighthouse-report.mjs; the line each run leaves in .bench/history.jsonl: history.mjs).
 */
import path from 'node:path';
import { verdictLines } from './budgets.mjs';
import { kb, mb, table } from './format.mjs';

export function header(title) {
  console.log(`\n=== ${title} ${'='.repeat(Math.max(0, 74 - title.length))}`);
}

export function printWeights(weights) {
  header('Built files (gzip): first paint and JavaScript per page');
  console.log(
    table(
      [
        'page',
        'HTML',
        'CSS',
        'HTML+CSS',
        'blocking JS',
        'JS total',
        'React',
        'JS beyond React',
        'islands',
      ],
      weights.map((weight) => [
        weight.name,
        kb(weight.htmlGzip),
        kb(weight.cssGzip),
        kb(weight.firstPaintGzip),
        weight.blockingScripts.length,
        kb(weight.js.totalGzip),
        kb(weight.js.reactGzip),
        kb(weight.js.beyondReactGzip),
        weight.islands.map((island) => `${island.component}:${island.client}`).join(' ') || '-',
      ]),
      { right: [1, 2, 3, 4, 5, 6, 7] },
    ),
  );
  const chunks = new Map();
  for (const weight of weights) for (const chunk of weight.js.chunks) chunks.set(chunk.url, chunk);
  console.log(
    '\nJavaScript chunks (React runtime = a React chunk name with a "@license React" banner):',
  );
  console.log(
    table(
      ['chunk', 'gzip', 'raw', 'React runtime'],
      [...chunks.values()]
        .sort((a, b) => b.gzip - a.gzip)
        .map((chunk) => [
          chunk.url,
          kb(chunk.gzip),
          kb(chunk.raw),
          chunk.react
            ? 'yes'
            : chunk.mixed
              ? 'no: React code merged into it, counted beyond React'
              : '',
        ]),
      { right: [1, 2] },
    ),
  );
  console.log(
    "(JS beyond React includes inline scripts: Astro's island loader and the theme script.)",
  );
}

export function printIslands(watch) {
  header('Island loading in Chromium at 412×823 (before and after scrolling)');
  console.log(
    table(
      [
        'page',
        'JS before paint',
        'JS before scroll',
        'JS after scroll',
        'out of view, loaded early',
        'other hosts',
      ],
      watch.map((item) => [
        item.route,
        item.scriptsBeforePaint.length,
        item.jsBeforeScroll.length,
        item.jsAfterScroll.map((url) => path.basename(url)).join(' ') || '-',
        item.loadedTooEarly.map((url) => path.basename(url)).join(' ') || '-',
        item.otherHosts.join(' ') || '-',
      ]),
      { right: [1, 2] },
    ),
  );
}

/** "content 7 s · bundle 13 s · …" from buildPhases (n/a where the log did not say). */
function phaseSummary(phases) {
  if (!phases) return '-';
  const value = (seconds) => (seconds == null ? 'n/a' : `${Number(seconds.toFixed(1))} s`);
  return [
    ['content', phases.contentSeconds],
    ['bundle', phases.bundleSeconds],
    ['render', phases.renderSeconds],
    ['images', phases.imageSeconds],
    ['sitemap', phases.sitemapSeconds],
    ['search', phases.searchSeconds],
    ['CSP', phases.cspSeconds],
  ]
    .map(([name, seconds]) => `${name} ${value(seconds)}`)
    .join(' · ');
}

export function printScale(scale) {
  header('Builds at scale (temporary PocketBase)');
  console.log(
    table(
      ['build', 'pages', 'wall', 'CPU', 'peak memory', 'where the time went'],
      scale.map((item) => [
        item.label,
        item.pages,
        item.ok ? `${item.wallSeconds.toFixed(1)} s` : 'FAILED',
        item.cpuSeconds == null ? 'n/a' : `${item.cpuSeconds.toFixed(1)} s`,
        mb(item.peakMemoryBytes),
        phaseSummary(item.phases),
      ]),
      { right: [1, 2, 3, 4] },
    ),
  );
  for (const item of scale.filter((entry) => entry.ok))
    console.log(`${item.label}: ${item.loaded}`);
  for (const item of scale.filter((entry) => !entry.ok))
    console.log(`${item.label} failed:\n${item.error}`);
}

export function printJsBeforeInteraction(pages) {
  header('Script files loaded before any interaction (gzip, from the built files)');
  console.log(
    table(
      ['page', 'toggle-only', 'total', 'React runtime', 'beyond React', 'files'],
      pages.map((page) => [
        page.route,
        page.toggleOnly ? 'yes' : '',
        kb(page.gzip),
        kb(page.reactGzip),
        kb(page.gzip - page.reactGzip),
        page.files.map((file) => path.basename(file)).join(' ') || '-',
      ]),
      { right: [2, 3, 4] },
    ),
  );
}

export function printVerdicts(verdicts) {
  header('Budgets');
  for (const line of verdictLines(verdicts)) console.log(line);
}
