/**
 * Lighthouse 13 (mobile, its default) on each page in headless Debian Chromium, a fresh one a run,
 * with lighthouserc.json's settings; the median run is Lighthouse's own (computeMedianRun, as
 * Lighthouse CI picks it), and its HTML report goes to .bench/lighthouse/<page>.html.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { CHROMIUM_FLAGS, findChromium } from '../shared/chromium.ts';
import type { LighthousePage } from './budgets.ts';

/** Lighthouse now and then fails to record a trace (NO_NAVSTART…): such a run is redone. */
const ATTEMPTS = 3;

async function run(url: string, settings: Flags) {
  for (let attempt = 1; ; attempt += 1) {
    const chrome = await launch({
      chromePath: findChromium(),
      chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
      logLevel: 'silent',
    });
    try {
      const result = await lighthouse(url, { ...settings, port: chrome.port, output: 'html' });
      if (result?.lhr.runtimeError) throw new Error(result.lhr.runtimeError.message);
      if (!result) throw new Error('no result');
      return { lhr: result.lhr, report: String(result.report) };
    } catch (error) {
      if (attempt === ATTEMPTS) throw new Error(`Lighthouse failed on ${url}`, { cause: error });
      console.log(`  ${url}: ${(error as Error).message}; running it again`);
    } finally {
      chrome.kill();
    }
  }
}

/** Every page's median run, and the hosts other than the site's that any run requested. */
export async function runLighthouse(
  pages: { name: string; route: string }[],
  {
    baseUrl,
    runs,
    settings,
    reportDir,
  }: { baseUrl: string; runs: number; settings: Flags; reportDir: string },
) {
  await mkdir(reportDir, { recursive: true });
  const results: LighthousePage[] = [];
  const otherHosts = new Set<string>();
  for (const { name, route } of pages) {
    const all = [];
    for (let index = 0; index < runs; index += 1)
      all.push(await run(new URL(route, baseUrl).href, settings));
    const lhrs = all.map((item) => item.lhr);
    const median: Result = computeMedianRun(lhrs);
    await writeFile(path.join(reportDir, `${name}.html`), all[lhrs.indexOf(median)].report);
    for (const lhr of lhrs) {
      const details = lhr.audits['network-requests']?.details;
      for (const { url } of details?.type === 'table' ? details.items : []) {
        if (/^https?:/.test(String(url)) && new URL(String(url)).origin !== new URL(baseUrl).origin)
          otherHosts.add(String(url));
      }
    }
    const numeric = (id: string) => median.audits[id]?.numericValue ?? null;
    const score = (value: number | null) => (value === null ? null : Math.round(value * 100));
    const page = {
      name,
      scores: Object.fromEntries(
        Object.entries(median.categories).map(([id, c]) => [id, score(c.score)]),
      ),
      tbtMs: numeric('total-blocking-time'),
      lcpMs: numeric('largest-contentful-paint'),
      cls: numeric('cumulative-layout-shift'),
    };
    results.push(page);
    const performance = lhrs.map((lhr) => score(lhr.categories.performance?.score ?? null));
    console.log(
      `  ${name}: performance ${performance.join('/')}; median run ${Object.values(page.scores).join('/')}, ` +
        `TBT ${page.tbtMs?.toFixed(0)} ms, LCP ${page.lcpMs?.toFixed(0)} ms, CLS ${page.cls?.toFixed(3)}`,
    );
  }
  return { pages: results, otherHosts: [...otherHosts] };
}
