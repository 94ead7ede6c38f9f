/**
 * The bench's printout and its history: the tables of one run, the budget verdicts, and one line
 * per run appended to .bench/history.jsonl (committed, so the figures of every commit stay).
 */
import { execFileSync } from 'node:child_process';
import { appendFile, mkdir } from 'node:fs/promises';
import { loadavg } from 'node:os';
import path from 'node:path';
import { BUDGETS, verdictLines } from './budgets.mjs';
import { kb, mb, ms, seconds, table } from './format.mjs';

export function header(title) {
  console.log(`\n=== ${title} ${'='.repeat(Math.max(0, 74 - title.length))}`);
}

/** Short name of a request for the tables: path on the site, full URL elsewhere. */
function shortUrl(url, origin) {
  try {
    const parsed = new URL(url);
    return parsed.origin === origin ? parsed.pathname + parsed.search : url;
  } catch {
    return url;
  }
}

function lighthouseMisses(summary) {
  const misses = [];
  for (const [category, value] of Object.entries(summary.scores)) {
    if (value !== BUDGETS.lighthouseScore) misses.push(`${category} ${value}`);
  }
  if (summary.cls == null || Number(summary.cls.toFixed(3)) > BUDGETS.cls)
    misses.push(`CLS ${summary.cls}`);
  if (summary.tbtMs == null || summary.tbtMs > BUDGETS.tbtMs)
    misses.push(`TBT ${ms(summary.tbtMs)}`);
  if (summary.lcpMs == null || summary.lcpMs > BUDGETS.lcpMs)
    misses.push(`LCP ${seconds(summary.lcpMs)}`);
  return misses;
}

export function printLighthouse(results, origin) {
  for (const preset of ['mobile', 'desktop']) {
    header(`Lighthouse 13, ${preset} preset (median of ${results[0]?.runs.length ?? 0} runs)`);
    const rows = results
      .filter((result) => result.preset === preset)
      .map(({ name, median: m }) => [
        name,
        m.scores.performance,
        m.scores.accessibility,
        m.scores['best-practices'],
        m.scores.seo,
        seconds(m.fcpMs),
        seconds(m.lcpMs),
        ms(m.tbtMs),
        m.cls == null ? 'n/a' : m.cls.toFixed(3),
        kb(m.transferBytes),
        kb(m.jsTransferBytes),
        m.requestCount,
      ]);
    console.log(
      table(
        [
          'page',
          'perf',
          'a11y',
          'bp',
          'seo',
          'FCP',
          'LCP',
          'TBT',
          'CLS',
          'bytes',
          'JS bytes',
          'requests',
        ],
        rows,
        {
          right: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
        },
      ),
    );
  }
  const missing = results.filter(
    (result) => result.preset === 'mobile' && lighthouseMisses(result.median).length,
  );
  for (const result of missing) {
    const m = result.median;
    header(
      `Requests of ${result.name} (${result.route}), mobile median run: misses ${lighthouseMisses(m).join(', ')}`,
    );
    const blocking = new Set(m.renderBlocking);
    console.log(
      table(
        ['request', 'type', 'transfer', 'size', 'start', 'end', 'priority', 'note'],
        m.requests.map((request) => [
          shortUrl(request.url, origin),
          request.resourceType,
          kb(request.transferSize),
          kb(request.resourceSize),
          ms(request.startMs),
          ms(request.endMs),
          request.priority,
          [
            blocking.has(request.url) ? 'render-blocking' : '',
            m.observedFcpMs != null &&
            request.resourceType === 'Script' &&
            request.startMs < m.observedFcpMs
              ? 'before first paint'
              : '',
            request.url.startsWith(origin) || !/^https?:/.test(request.url) ? '' : 'OTHER HOST',
          ]
            .filter(Boolean)
            .join(', '),
        ]),
        { right: [2, 3, 4, 5] },
      ),
    );
    if (m.failedAudits.length) console.log(`failed audits: ${m.failedAudits.join(', ')}`);
    console.log(
      `main thread: ${m.mainThread.map((item) => `${item.group} ${item.ms} ms`).join(', ')}; DOM elements ${m.domElements ?? 'n/a'}; non-composited animations ${m.nonCompositedAnimations}`,
    );
    console.log(
      `script cost: ${m.bootup.map((item) => `${shortUrl(item.url, origin)} ${item.totalMs} ms (scripting ${item.scriptingMs})`).join(', ')}`,
    );
    console.log(
      `long tasks: ${m.longTasks.map((item) => `${shortUrl(item.url, origin)} ${item.ms} ms @${item.startMs}`).join(', ') || 'none'}`,
    );
  }
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

/** The commit measured, marked "-dirty" when the work tree has uncommitted changes. */
export function currentCommit(root) {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { cwd: root })
      .toString()
      .trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], {
      cwd: root,
    })
      .toString()
      .trim();
    return dirty ? `${commit}-dirty` : commit;
  } catch {
    return 'unknown';
  }
}

/**
 * Appends one JSON line: the commit measured (read when the run started), the date, the machine's load when the run started and ended
 * (every figure is inflated by it), the options (what was left out), the figures and the verdicts.
 * @param {string} file
 * @param {{ commit: string, startedAt: Date, loadAtStart: number[], options: Record<string, unknown>,
 *   figures: import('./budgets.mjs').Figures, verdicts: import('./budgets.mjs').Verdict[] }} run
 */
export async function appendHistory(
  file,
  { commit, startedAt, loadAtStart, options, figures, verdicts },
) {
  const line = {
    commit,
    date: startedAt.toISOString(),
    load: { start: loadAtStart, end: loadavg().map((value) => Number(value.toFixed(2))) },
    options,
    figures,
    verdicts: verdicts.map(({ name, pass, figure }) => ({ name, pass, figure })),
  };
  await mkdir(path.dirname(file), { recursive: true });
  await appendFile(file, `${JSON.stringify(line)}\n`);
}
