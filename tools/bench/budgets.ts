/**
 * The bench's judge, pure: a run's figures in, one verdict per budget out (PASS, FAIL, or SKIP when
 * not measured). Lighthouse's budgets are lighthouserc.json's assertions, the sizes' are
 * .size-limit.json's limits (size-limit judges them), the builds' and publish's are in
 * judgeBudgets.
 */
/** The median run of a page, as history lines have always kept it (scores out of 100). */
export type LighthousePage = {
  name: string;
  scores: Record<string, number | null>;
  tbtMs: number | null;
  lcpMs: number | null;
  cls: number | null;
};
/** One check of size-limit's --json output (no `passed` for a check without a limit). */
export type SizeCheck = { name: string; size: number; passed?: boolean };
export type BuildFigure =
  | {
      seconds: number;
      cpuSeconds: number;
      peakBytes: number | null;
      /** Where the seconds went, and the pages rendered and restored (phases.ts). */
      phases?: { name: string; seconds: number }[];
      rendered?: number;
      restored?: number;
    }
  | { failed: string };
export type PublishFigure = number | { failed: string };
export type Figures = {
  lighthouse?: LighthousePage[] | null;
  sizes?: SizeCheck[] | null;
  builds?: Partial<
    Record<
      | 'cold1000'
      | 'warm1000'
      | 'edit1000'
      | 'cold1000cards'
      | 'warm1000cards'
      | 'cold100photos'
      | 'warm100photos'
      | 'cold5000'
      | 'edit5000',
      BuildFigure
    >
  > | null;
  publish?: { seedSeconds?: PublishFigure; at1000Seconds?: PublishFigure } | null;
  otherHosts?: string[] | null;
};
export type Verdict = { name: string; pass: boolean | null; figure: string };
type Limits = { minScore?: number; maxNumericValue?: number };
/** lighthouserc.json's: `"audit-id": ["error", { "maxNumericValue": 30 }]`. */
export type Assertions = Record<string, readonly (string | Limits)[]>;
export type SizeLimits = { name: string; limit?: string }[];

/** The audits whose figures a history line keeps. */
const AUDIT_FIGURES = {
  'total-blocking-time': 'tbtMs',
  'largest-contentful-paint': 'lcpMs',
  'cumulative-layout-shift': 'cls',
} as const;

const kb = (bytes: number) => (bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`);
const notMeasured = (name: string): Verdict => ({ name, pass: null, figure: 'not measured' });

/** One verdict per assertion, naming every page whose median run misses it. */
function judgeLighthouse(pages: LighthousePage[], assertions: Assertions): Verdict[] {
  return Object.entries(assertions).map(([id, [level, limits]]) => {
    if (level !== 'error' || typeof limits !== 'object')
      throw new Error(
        `lighthouserc.json asserts ${id}: the bench judges ["error", { limits }] only`,
      );
    const { minScore, maxNumericValue } = limits;
    const category = id.startsWith('categories:') ? id.slice('categories:'.length) : null;
    const audit = AUDIT_FIGURES[id as keyof typeof AUDIT_FIGURES];
    if (!category && !audit) throw new Error(`lighthouserc.json asserts ${id}: no figure for it`);
    const value = (page: LighthousePage) =>
      category ? (page.scores[category] ?? null) : (page[audit] ?? null);
    const misses = pages.filter((page) => {
      const figure = value(page);
      if (figure === null) return true;
      return category ? figure / 100 < (minScore ?? 0) : figure > (maxNumericValue ?? Infinity);
    });
    const format = (figure: number | null) =>
      figure === null ? 'n/a' : figure >= 10 ? Math.round(figure) : Number(figure.toFixed(3));
    const known = pages.map(value).filter((figure) => figure !== null);
    const worst = category ? Math.min(...known) : Math.max(...known);
    return {
      name: `Lighthouse mobile ${id} ${category ? `≥ ${minScore}` : `≤ ${maxNumericValue}`}, median run, every page`,
      pass: pages.length > 0 && misses.length === 0,
      figure:
        misses.map((page) => `${page.name} ${format(value(page))}`).join('; ') ||
        (pages.length ? `worst ${format(worst)}` : 'no page measured'),
    };
  });
}

/** size-limit's verdict on each limited check (sizes.ts fails a check it found no page for). */
function judgeSizes(checks: SizeCheck[], limits: SizeLimits): Verdict[] {
  const react = checks.find((check) => !limits.find((item) => item.name === check.name)?.limit);
  return limits.flatMap(({ name, limit }) => {
    if (!limit) return [];
    const check = checks.find((item) => item.name === name);
    if (!check) return [notMeasured(`${name} ≤ ${limit} gzip`)];
    const besides = react && /beyond React/.test(name) ? ` (React ${kb(react.size)} besides)` : '';
    return [
      {
        name: `${name} ≤ ${limit} gzip`,
        pass: check.passed ?? false,
        figure: `${kb(check.size)}${besides}`,
      },
    ];
  });
}

function judgeTimed([name, figure, seconds, bytes]: [
  string,
  BuildFigure | PublishFigure | undefined,
  number,
  number?,
]): Verdict {
  const title = `${name} ≤ ${seconds} s${bytes ? ` and ≤ ${bytes / 1e9} GB peak` : ''}`;
  if (figure === undefined) return notMeasured(title);
  if (typeof figure === 'object' && 'failed' in figure)
    return { name: title, pass: false, figure: `failed: ${figure.failed}` };
  const took = typeof figure === 'number' ? { seconds: figure } : figure;
  // A peak that could not be read (no /proc) fails a memory budget rather than pass unseen.
  const peak = 'peakBytes' in took ? took.peakBytes : null;
  const shown = [`${took.seconds.toFixed(1)} s`];
  if ('cpuSeconds' in took) shown.push(`CPU ${took.cpuSeconds.toFixed(1)} s`);
  if (bytes) shown.push(`peak ${peak === null ? 'n/a' : `${(peak / 1e6).toFixed(0)} MB`}`);
  return {
    name: title,
    pass: took.seconds <= seconds && (!bytes || (peak !== null && peak <= bytes)),
    figure: shown.join(', '),
  };
}

export function judgeBudgets(
  figures: Figures,
  { assertions, sizeLimits }: { assertions: Assertions; sizeLimits: SizeLimits },
): Verdict[] {
  const {
    cold1000,
    warm1000,
    edit1000,
    cold1000cards,
    warm1000cards,
    cold100photos,
    warm100photos,
    cold5000,
    edit5000,
  } = figures.builds ?? {};
  const publish = figures.publish ?? {};
  const otherHosts = 'No request to any other host';
  return [
    ...(figures.lighthouse
      ? judgeLighthouse(figures.lighthouse, assertions)
      : [notMeasured('Lighthouse mobile budgets')]),
    ...(figures.sizes
      ? judgeSizes(figures.sizes, sizeLimits)
      : [notMeasured('Script before interaction and first paint')]),
    // Wall seconds and peak memory (GB = 10⁹ bytes); publish: the save to the new page served.
    ...(
      [
        ['Cold build, 1,000 posts with banners', cold1000, 45, 1.2e9],
        ['Warm build, 1,000 posts with banners', warm1000, 25],
        ["The newest post's title edited, 1,000 posts with banners, build", edit1000, 5],
        ['Cold build, 1,000 posts without banners (1,000 share cards)', cold1000cards, 90],
        ['Warm build, 1,000 posts without banners (no card redrawn)', warm1000cards, 25],
        // Not the issue's: kept under what the originals cost before the cache kept them at 800
        // px (1.15 and 1.04 GB), so the build's memory cannot grow with editors' photos again.
        ['Cold build, 100 posts with 12-megapixel photos', cold100photos, 30, 1e9],
        ['Warm build, 100 posts with 12-megapixel photos', warm100photos, 10, 1e9],
        ['Cold build, 5,000 posts', cold5000, 240, 2e9],
        ["The newest post's title edited, 5,000 posts, build", edit5000, 10],
        ['Publish to live, seed content', publish.seedSeconds, 4],
        ['Publish to live, 1,000 posts with banners', publish.at1000Seconds, 8],
      ] as const
    ).map((budget) => judgeTimed([...budget])),
    figures.otherHosts
      ? {
          name: otherHosts,
          pass: figures.otherHosts.length === 0,
          figure: figures.otherHosts.join(', ') || 'none',
        }
      : notMeasured(otherHosts),
  ];
}

/** "PASS  name: figure", one line per verdict (SKIP for what was not measured). */
export const verdictLines = (verdicts: Verdict[]) =>
  verdicts.map(
    ({ name, pass, figure }) =>
      `${pass === null ? 'SKIP' : pass ? 'PASS' : 'FAIL'}  ${name}: ${figure}`,
  );
