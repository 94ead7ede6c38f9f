/**
 * Runs Lighthouse 13 in headless Debian Chromium and keeps what the bench reports: the four
 * category scores, FCP, LCP, TBT, CLS, bytes and every network request.
 */
import { existsSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { CHROMIUM_FLAGS, findChromium } from '../shared/chromium.mjs';
import { ms, seconds } from './format.mjs';

/** Lighthouse drives Chromium itself: the project's flags, headless. */
const LIGHTHOUSE_CHROMIUM_FLAGS = ['--headless=new', ...CHROMIUM_FLAGS];

/** @typedef {'performance' | 'accessibility' | 'best-practices' | 'seo'} Category */
/** @type {Category[]} */
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

/**
 * Rows of the table audits read here, as Lighthouse 13's audits write them: its own types allow
 * any value in any cell, so each row's columns are named from the audit's source.
 * @typedef {{ url: string, resourceType?: string, mimeType?: string, statusCode: number,
 *   transferSize?: number, resourceSize?: number, networkRequestTime?: number,
 *   networkEndTime?: number, priority?: string }} NetworkRequestRow network-requests
 * @typedef {{ url: string }} RenderBlockingRow render-blocking-insight
 * @typedef {{ group: string, groupLabel?: string, duration: number }} MainThreadRow
 *   mainthread-work-breakdown
 * @typedef {{ url: string, total: number, scripting: number }} BootupRow bootup-time
 * @typedef {{ url: string, duration: number, startTime: number }} LongTaskRow long-tasks
 * @typedef {{ statistic: string, value: { type: 'numeric', value: number } }} DomSizeRow
 *   dom-size-insight
 */

/** CHROMIUM_PATH, else Debian's /usr/bin/chromium. */
export function chromiumPath() {
  const candidate = findChromium();
  if (!candidate || !existsSync(candidate)) {
    throw new Error(
      `No Chromium at ${candidate ?? '/usr/bin/chromium'}. Install it (sudo apt-get install -y chromium) or set CHROMIUM_PATH.`,
    );
  }
  return candidate;
}

/** @param {import('lighthouse').Result} lhr */
function summarize(lhr) {
  /** @param {string} id */
  const audit = (id) => lhr.audits[id]?.numericValue ?? null;
  /** @param {Category} id */
  const score = (id) => {
    const value = lhr.categories[id]?.score;
    return typeof value === 'number' ? Math.round(value * 100) : null;
  };
  /**
   * The rows of a table audit (every audit read below writes a table); none when it did not apply.
   * @param {string} id
   */
  const items = (id) => {
    const details = lhr.audits[id]?.details;
    return details?.type === 'table' ? details.items : [];
  };
  const requests = /** @type {NetworkRequestRow[]} */ (items('network-requests')).map((item) => ({
    url: item.url,
    resourceType: item.resourceType ?? 'Other',
    mimeType: item.mimeType ?? '',
    statusCode: item.statusCode,
    transferSize: item.transferSize ?? 0,
    resourceSize: item.resourceSize ?? 0,
    startMs: item.networkRequestTime ?? null,
    endMs: item.networkEndTime ?? null,
    priority: item.priority ?? '',
  }));
  // The metrics audit keeps its figures as debug data: the observed timings in its first item.
  const metrics = lhr.audits.metrics?.details;
  /** @type {{ observedFirstContentfulPaint?: number }} */
  const observed = (metrics?.type === 'debugdata' ? metrics.items?.[0] : undefined) ?? {};
  const failedAudits = Object.values(lhr.audits)
    .filter((item) => item.scoreDisplayMode === 'binary' && item.score === 0)
    .map((item) => item.id);
  const renderBlocking = /** @type {RenderBlockingRow[]} */ (items('render-blocking-insight')).map(
    (item) => item.url,
  );
  const bytes = (filter) =>
    requests.filter(filter).reduce((total, item) => total + item.transferSize, 0);
  return {
    // Object.fromEntries keeps no key names: these are the categories asked for.
    scores: /** @type {Record<Category, number | null>} */ (
      Object.fromEntries(CATEGORIES.map((id) => [id, score(id)]))
    ),
    fcpMs: audit('first-contentful-paint'),
    lcpMs: audit('largest-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    observedFcpMs: observed.observedFirstContentfulPaint ?? null,
    transferBytes: bytes(() => true),
    jsTransferBytes: bytes((item) => item.resourceType === 'Script'),
    requestCount: requests.length,
    renderBlocking,
    failedAudits,
    runWarnings: lhr.runWarnings ?? [],
    requests,
    // Where the main thread's time went: the causes behind TBT.
    mainThread: /** @type {MainThreadRow[]} */ (items('mainthread-work-breakdown')).map((item) => ({
      group: item.groupLabel ?? item.group,
      ms: Math.round(item.duration),
    })),
    bootup: /** @type {BootupRow[]} */ (items('bootup-time')).slice(0, 5).map((item) => ({
      url: item.url,
      totalMs: Math.round(item.total),
      scriptingMs: Math.round(item.scripting),
    })),
    longTasks: /** @type {LongTaskRow[]} */ (items('long-tasks')).slice(0, 10).map((item) => ({
      url: item.url,
      ms: Math.round(item.duration),
      startMs: Math.round(item.startTime),
    })),
    nonCompositedAnimations: items('non-composited-animations').length,
    domElements:
      /** @type {DomSizeRow[]} */ (items('dom-size-insight')).find(
        (item) => item.statistic === 'Total elements',
      )?.value?.value ?? null,
  };
}

/**
 * Starts one Chromium for a batch of runs; Lighthouse resets storage between runs.
 * @returns {Promise<{ run: (url: string, preset: 'mobile' | 'desktop') => Promise<ReturnType<typeof summarize>>, close: () => Promise<void> }>}
 */
async function startLighthouse() {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath(),
    chromeFlags: LIGHTHOUSE_CHROMIUM_FLAGS,
    logLevel: 'silent',
  });
  return {
    async run(url, preset) {
      /** @type {import('lighthouse').Flags} */
      const flags = {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: CATEGORIES,
      };
      const result = await lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined);
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
      if (result.lhr.runtimeError) {
        throw new Error(`Lighthouse failed on ${url}: ${result.lhr.runtimeError.message}`);
      }
      return summarize(result.lhr);
    },
    async close() {
      chrome.kill();
    },
  };
}

/**
 * The median of an odd number of runs, ranked by performance score (best first) then LCP.
 * @template {{ scores: { performance: number | null }, lcpMs: number | null }} T
 * @param {T[]} runs
 * @returns {T}
 */
export function medianRun(runs) {
  const ranked = [...runs].sort(
    (a, b) =>
      (b.scores.performance ?? -1) - (a.scores.performance ?? -1) ||
      (a.lcpMs ?? Infinity) - (b.lcpMs ?? Infinity),
  );
  return ranked[Math.floor((ranked.length - 1) / 2)];
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART…): such a run is redone. */
const LIGHTHOUSE_ATTEMPTS = 3;

/**
 * Every page, mobile then desktop, `runs` times each in a fresh Chromium; the median run is kept.
 * @param {{ name: string, route: string }[]} pages
 * @param {string} baseUrl
 * @param {number} runs
 */
export async function runLighthouse(pages, baseUrl, runs) {
  const results = [];
  for (const preset of /** @type {const} */ (['mobile', 'desktop'])) {
    for (const page of pages) {
      const url = new URL(page.route, baseUrl).href;
      const all = [];
      const retried = [];
      for (let run = 0; run < runs; run += 1) {
        for (let attempt = 1; ; attempt += 1) {
          // A fresh Chromium for every run: no state carries over between runs.
          const lighthouse = await startLighthouse();
          try {
            all.push(await lighthouse.run(url, preset));
            break;
          } catch (error) {
            const message = error instanceof Error ? error.message : String(error);
            if (attempt >= LIGHTHOUSE_ATTEMPTS) throw error;
            retried.push(message);
            console.log(
              `  ${preset} ${page.name}: run ${run + 1} failed (${message}); running it again`,
            );
          } finally {
            await lighthouse.close();
          }
        }
      }
      const median = medianRun(all);
      results.push({ preset, name: page.name, route: page.route, median, runs: all, retried });
      console.log(
        `  ${preset.padEnd(7)} ${page.name.padEnd(8)} perf ${all.map((run) => run.scores.performance).join('/')} → median ${median.scores.performance}, LCP ${seconds(median.lcpMs)}, TBT ${ms(median.tbtMs)}`,
      );
    }
  }
  return results;
}
