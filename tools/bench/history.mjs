/**
 * The line each bench run appends to .bench/history.jsonl (committed, so the figures of every
 * commit stay comparable): the commit, the date, the machine's load, the options, the figures
 * the budgets judge and the verdicts.
 */
import { execFileSync } from 'node:child_process';
import { appendFile, mkdir } from 'node:fs/promises';
import { loadavg } from 'node:os';
import path from 'node:path';

/**
 * What the budgets judge, from one run's measurements (undefined where a step was left out).
 * @returns {import('./budgets.mjs').Figures}
 */
export function historyFigures({ lighthouse, jsBeforeInteraction, scale, publish, watch }) {
  const buildFigure = (name) => {
    const item = scale?.find((entry) => entry.name === name);
    if (!item) return undefined;
    return item.ok
      ? { seconds: item.wallSeconds, peakBytes: item.peakMemoryBytes }
      : { failed: item.error?.split('\n')[0] ?? 'failed' };
  };
  return {
    lighthouse: lighthouse
      ?.filter((result) => result.preset === 'mobile')
      .map(({ name, median }) => ({
        name,
        scores: median.scores,
        tbtMs: median.tbtMs,
        lcpMs: median.lcpMs,
        cls: median.cls,
      })),
    jsBeforeInteraction: jsBeforeInteraction.map(({ route, toggleOnly, gzip, reactGzip }) => ({
      route,
      toggleOnly,
      gzip,
      reactGzip,
    })),
    builds: scale && {
      cold1000: buildFigure('cold1000'),
      warm1000: buildFigure('warm1000'),
      cold1000cards: buildFigure('cold1000cards'),
      warm1000cards: buildFigure('warm1000cards'),
      cold5000: buildFigure('cold5000'),
    },
    search: scale?.find((entry) => entry.name === 'cold1000')?.search ?? null,
    publish,
    otherHosts: [...new Set(watch.flatMap((item) => item.otherHosts))],
  };
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
 * Seconds a fixed piece of JavaScript work (sorting and JSON, as a build does) takes now. The
 * load average misses a slower host: figures of two runs compare through this one.
 */
export function referenceSeconds() {
  const started = performance.now();
  for (let round = 0; round < 5; round += 1) {
    const items = Array.from({ length: 100_000 }, (_, i) => ({
      id: (i * 7919) % 100_003,
      title: `Post ${i}`,
      tags: [i % 7, i % 11],
    }));
    items.sort((a, b) => a.id - b.id);
    JSON.parse(JSON.stringify(items));
  }
  return Number(((performance.now() - started) / 1000).toFixed(2));
}

/**
 * Appends one JSON line: the commit measured (read when the run started), the date, the machine's load when the run started and ended
 * (every figure is inflated by it), the options (what was left out), the figures and the verdicts.
 * @param {string} file
 * @param {{ commit: string, startedAt: Date, loadAtStart: number[], referenceAtStart: number,
 *   options: Record<string, unknown>,
 *   figures: import('./budgets.mjs').Figures, verdicts: import('./budgets.mjs').Verdict[] }} run
 */
export async function appendHistory(
  file,
  { commit, startedAt, loadAtStart, referenceAtStart, options, figures, verdicts },
) {
  const line = {
    commit,
    date: startedAt.toISOString(),
    load: { start: loadAtStart, end: loadavg().map((value) => Number(value.toFixed(2))) },
    referenceSeconds: { start: referenceAtStart, end: referenceSeconds() },
    options,
    figures,
    verdicts: verdicts.map(({ name, pass, figure }) => ({ name, pass, figure })),
  };
  await mkdir(path.dirname(file), { recursive: true });
  await appendFile(file, `${JSON.stringify(line)}\n`);
}
