/**
 * Where an `astro build`'s seconds go: its output, each line stamped with the seconds since the
 * build started (stampLines.ts), cut into phases at the lines that open each of them. A phase
 * whose opening line is missing (a failed build, another Astro's wording) is left out, its time
 * counted in the phase before.
 */

/** The line that opens each phase, in the order a build prints them. */
const PHASE_STARTS = [
  ['start-up', /^/],
  ['content sync and types', /\[content\] Syncing content/],
  ['collecting build info', /\[build\] Collecting build info/],
  ['Vite', /\[build\] Building static entrypoints/],
  ['pages (rendered or restored)', /^\s*generating static routes/],
  ['pictures', /^\s*generating optimized images/],
  ['sitemap', /\[build\] ✓ Completed in/],
  ['search index', /\[@astrojs\/sitemap\]/],
  ['CSP check and the rest', /\[ledgerwise-search-index\]/],
] as const;

export type Phases = { name: string; seconds: number }[];
export type PhaseReport = { phases: Phases; rendered: number; restored: number };

/** A stamped line: `  12.34 <the build's line>`. */
const STAMPED = /^\s*(\d+(?:\.\d+)?) (.*)$/;
/** A page of Astro's list of pages: `├─ /blog/x.html (+12ms)` or `… (restored)`. */
const PAGE_LINE = /[├└]─ \/\S*/;

/** The phases of one stamped build log, and how many pages it rendered and restored. */
export function readPhases(log: string): PhaseReport {
  const lines = log.split('\n').flatMap((line) => {
    const match = STAMPED.exec(line);
    return match ? [{ at: Number(match[1]), text: match[2] }] : [];
  });
  const end = lines.at(-1)?.at ?? 0;
  const starts: { name: string; at: number }[] = [];
  let from = 0;
  for (const [name, opening] of PHASE_STARTS) {
    const index =
      name === 'start-up'
        ? 0
        : lines.findIndex((line, at) => at >= from && opening.test(line.text));
    if (index < 0) continue;
    starts.push({ name, at: name === 'start-up' ? 0 : lines[index].at });
    from = index;
  }
  const phases = starts.map(({ name, at }, index) => ({
    name,
    seconds: Number(((starts[index + 1]?.at ?? end) - at).toFixed(2)),
  }));
  const pages = lines.filter((line) => PAGE_LINE.test(line.text));
  const restored = pages.filter((line) => /\(restored\)\s*$/.test(line.text)).length;
  return { phases, rendered: pages.length - restored, restored };
}

/** A table of builds' phases side by side, one column per build. */
export function phaseTable(builds: Record<string, PhaseReport>): string {
  const labels = Object.keys(builds);
  const names = [
    ...new Set(Object.values(builds).flatMap((build) => build.phases.map((phase) => phase.name))),
  ];
  const cell = (build: PhaseReport, name: string) =>
    build.phases.find((phase) => phase.name === name)?.seconds.toFixed(2) ?? '–';
  const rows = [
    ['phase', ...labels],
    ...names.map((name) => [name, ...labels.map((label) => cell(builds[label], name))]),
    [
      'total',
      ...labels.map((label) =>
        builds[label].phases.reduce((sum, phase) => sum + phase.seconds, 0).toFixed(2),
      ),
    ],
    [
      'pages rendered / restored',
      ...labels.map((label) => `${builds[label].rendered} / ${builds[label].restored}`),
    ],
  ];
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  return rows
    .map((row) =>
      row
        .map((text, column) =>
          column === 0 ? text.padEnd(widths[0]) : text.padStart(widths[column]),
        )
        .join('  '),
    )
    .join('\n');
}
