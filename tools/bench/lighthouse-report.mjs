/**
 * The bench's Lighthouse tables: the scores and timings of every page (median run), and for each
 * page that misses a budget on mobile, its requests, main-thread work and long tasks.
 */
import { BUDGETS } from './budgets.mjs';
import { kb, ms, seconds, table } from './format.mjs';
import { header } from './report.mjs';

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
