/**
 * The bench's budgets and their judge. The judge is pure: it turns the figures a bench run
 * measured into one verdict per budget (PASS, FAIL, or SKIP when the figure was not measured),
 * each with the figure it judged. Loosening a budget here does not make the site faster.
 */
import { kb, mb, ms, seconds } from './format.mjs';

export const BUDGETS = {
  /** Lighthouse mobile, median of 3, every page. */
  lighthouseScore: 100,
  tbtMs: 30,
  lcpMs: 1300,
  cls: 0,
  /** JavaScript files loaded before any interaction, gzip. */
  toggleOnlyJsGzip: 0,
  homeJsBeyondReactGzip: 15 * 1024,
  /** Script a reader's first search loads on /blog at 1,000 posts (Pagefind's index parts apart). */
  searchJsGzip: 30 * 1024,
  contactJsBeyondReactGzip: 35 * 1024,
  /** 1,000 posts, each with its own 1200×630 banner, a third with a picture in the body. GB = 10⁹ bytes. */
  cold1000Seconds: 60,
  cold1000PeakBytes: 1.5e9,
  warm1000Seconds: 25,
  /** The same 1,000 posts without banners: 1,000 share cards drawn cold, none redrawn warm. */
  cold1000CardsSeconds: 90,
  cold5000Seconds: 300,
  cold5000PeakBytes: 2e9,
  /** Save in PocketBase → the new page served, through the rebuild listener. */
  publishSeedSeconds: 15,
  publish1000Seconds: 30,
};

const CATEGORIES = [
  ['performance', 'performance'],
  ['accessibility', 'accessibility'],
  ['best-practices', 'best practices'],
  ['seo', 'SEO'],
];

/**
 * @typedef {{ name: string, scores: Record<string, number | null>, tbtMs: number | null,
 *   lcpMs: number | null, cls: number | null }} LighthousePage  median mobile run of one page
 * @typedef {{ route: string, toggleOnly: boolean, gzip: number, reactGzip: number }} JsBeforeInteraction
 *   script files a page loaded before any interaction (gzip bytes, React's runtime among them)
 * @typedef {{ seconds: number, peakBytes: number | null } | { failed: string }} BuildFigure
 * @typedef {{
 *   lighthouse?: LighthousePage[] | null,
 *   jsBeforeInteraction?: JsBeforeInteraction[] | null,
 *   builds?: { cold1000?: BuildFigure, warm1000?: BuildFigure, cold1000cards?: BuildFigure,
 *     warm1000cards?: BuildFigure, cold5000?: BuildFigure } | null,
 *   search?: { query: string, scriptGzip: number, indexBytes: number } | null,
 *   publish?: { seedSeconds?: number | { failed: string }, at1000Seconds?: number | { failed: string } } | null,
 *   otherHosts?: string[] | null,
 * }} Figures
 * @typedef {{ name: string, pass: boolean | null, figure: string }} Verdict
 */

/** Lighthouse budgets: one verdict per budget, naming every page that misses it. */
function judgeLighthouse(pages, budgets) {
  if (!pages) return [{ name: 'Lighthouse mobile budgets', pass: null, figure: 'not measured' }];
  const verdict = (name, misses, all) => ({
    name,
    pass: pages.length > 0 && misses.length === 0,
    figure: pages.length === 0 ? 'no page measured' : misses.join('; ') || all,
  });
  const verdicts = CATEGORIES.map(([key, label]) =>
    verdict(
      `Lighthouse mobile ${label} ${budgets.lighthouseScore} on every page`,
      pages
        .filter((page) => page.scores[key] !== budgets.lighthouseScore)
        .map((page) => `${page.name} ${page.scores[key] ?? 'n/a'}`),
      `all ${budgets.lighthouseScore}`,
    ),
  );
  const worst = (key, format) => {
    const values = pages.map((page) => page[key]).filter((value) => value != null);
    return values.length ? `worst ${format(Math.max(...values))}` : 'n/a';
  };
  verdicts.push(
    verdict(
      `Lighthouse mobile TBT ≤ ${budgets.tbtMs} ms`,
      pages
        .filter((page) => page.tbtMs == null || page.tbtMs > budgets.tbtMs)
        .map((page) => `${page.name} ${ms(page.tbtMs)}`),
      worst('tbtMs', ms),
    ),
    verdict(
      `Lighthouse mobile LCP ≤ ${budgets.lcpMs / 1000} s`,
      pages
        .filter((page) => page.lcpMs == null || page.lcpMs > budgets.lcpMs)
        .map((page) => `${page.name} ${seconds(page.lcpMs)}`),
      worst('lcpMs', seconds),
    ),
    verdict(
      `Lighthouse mobile CLS ${budgets.cls}`,
      pages
        // Lighthouse reports CLS to three decimals; below that it is noise, not a shift.
        .filter((page) => page.cls == null || Number(page.cls.toFixed(3)) > budgets.cls)
        .map((page) => `${page.name} ${page.cls == null ? 'n/a' : page.cls.toFixed(3)}`),
      worst('cls', (value) => value.toFixed(3)),
    ),
  );
  return verdicts;
}

/** JavaScript before interaction: none on toggle-only pages; React plus a margin elsewhere. */
function judgeJavaScript(pages, budgets) {
  if (!pages)
    return [{ name: 'JavaScript before interaction', pass: null, figure: 'not measured' }];
  const verdicts = [];
  const toggleOnly = pages.filter((page) => page.toggleOnly);
  verdicts.push({
    name: `JavaScript before interaction on toggle-only pages ≤ ${budgets.toggleOnlyJsGzip} B`,
    pass:
      toggleOnly.length > 0 && toggleOnly.every((page) => page.gzip <= budgets.toggleOnlyJsGzip),
    figure:
      toggleOnly.map((page) => `${page.route} ${page.gzip} B`).join(', ') ||
      'no toggle-only page measured',
  });
  for (const [route, limit, label] of [
    ['/', budgets.homeJsBeyondReactGzip, 'Home'],
    ['/contact', budgets.contactJsBeyondReactGzip, 'Contact'],
  ]) {
    const page = pages.find((item) => item.route === route);
    const beyond = page ? page.gzip - page.reactGzip : null;
    verdicts.push({
      name: `${label} JavaScript before interaction ≤ React + ${kb(limit)} gzip`,
      pass: page ? beyond <= limit : null,
      figure: page
        ? `React ${kb(page.reactGzip)} + ${kb(beyond)} (total ${kb(page.gzip)})`
        : 'not measured',
    });
  }
  return verdicts;
}

/** A build's time (and peak memory) against its limits. */
function judgeBuild(name, figure, limitSeconds, limitBytes) {
  const title = `${name} ≤ ${limitSeconds} s${limitBytes ? ` and ≤ ${(limitBytes / 1e9).toFixed(1)} GB peak` : ''}`;
  if (!figure) return { name: title, pass: null, figure: 'not measured' };
  if ('failed' in figure) return { name: title, pass: false, figure: `failed: ${figure.failed}` };
  const fast = figure.seconds <= limitSeconds;
  // A peak that could not be read (no /proc) fails a memory budget rather than pass unseen.
  const small = limitBytes ? figure.peakBytes != null && figure.peakBytes <= limitBytes : true;
  const peak = limitBytes ? `, peak ${mb(figure.peakBytes)}` : '';
  return { name: title, pass: fast && small, figure: `${figure.seconds.toFixed(1)} s${peak}` };
}

function judgePublish(name, figure, limitSeconds) {
  const title = `${name} ≤ ${limitSeconds} s`;
  if (figure == null) return { name: title, pass: null, figure: 'not measured' };
  if (typeof figure === 'object')
    return { name: title, pass: false, figure: `failed: ${figure.failed}` };
  return { name: title, pass: figure <= limitSeconds, figure: `${figure.toFixed(1)} s` };
}

/**
 * @param {Figures} figures
 * @param {typeof BUDGETS} [budgets]
 * @returns {Verdict[]}
 */
export function judgeBudgets(figures, budgets = BUDGETS) {
  const builds = figures.builds ?? {};
  const publish = figures.publish ?? {};
  return [
    ...judgeLighthouse(figures.lighthouse, budgets),
    ...judgeJavaScript(figures.jsBeforeInteraction, budgets),
    judgeBuild(
      'Cold build, 1,000 posts with banners',
      builds.cold1000,
      budgets.cold1000Seconds,
      budgets.cold1000PeakBytes,
    ),
    judgeBuild('Warm build, 1,000 posts with banners', builds.warm1000, budgets.warm1000Seconds),
    judgeBuild(
      'Cold build, 1,000 posts without banners (1,000 share cards)',
      builds.cold1000cards,
      budgets.cold1000CardsSeconds,
    ),
    judgeBuild(
      'Warm build, 1,000 posts without banners (no card redrawn)',
      builds.warm1000cards,
      budgets.warm1000Seconds,
    ),
    {
      name: `Script of a first search at 1,000 posts ≤ ${kb(budgets.searchJsGzip)} gzip`,
      pass: figures.search ? figures.search.scriptGzip <= budgets.searchJsGzip : null,
      figure: figures.search
        ? `${kb(figures.search.scriptGzip)} (and ${kb(figures.search.indexBytes)} of index parts) for "${figures.search.query}"`
        : 'not measured',
    },
    judgeBuild(
      'Cold build, 5,000 posts',
      builds.cold5000,
      budgets.cold5000Seconds,
      budgets.cold5000PeakBytes,
    ),
    judgePublish('Publish to live, seed content', publish.seedSeconds, budgets.publishSeedSeconds),
    judgePublish(
      'Publish to live, 1,000 posts with banners',
      publish.at1000Seconds,
      budgets.publish1000Seconds,
    ),
    {
      name: 'No request to any other host',
      pass: figures.otherHosts ? figures.otherHosts.length === 0 : null,
      figure: figures.otherHosts ? figures.otherHosts.join(', ') || 'none' : 'not measured',
    },
  ];
}

/** "PASS  name: figure", one line per verdict (SKIP for what was not measured). */
export function verdictLines(verdicts) {
  return verdicts.map(
    ({ name, pass, figure }) =>
      `${pass === null ? 'SKIP' : pass ? 'PASS' : 'FAIL'}  ${name}: ${figure}`,
  );
}
