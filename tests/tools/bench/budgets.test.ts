import { describe, expect, it } from 'vitest';
import { judgeBudgets, verdictLines } from '../../../tools/bench/budgets.mjs';

const perfect = { performance: 100, accessibility: 100, 'best-practices': 100, seo: 100 };
const page = (name: string, overrides = {}) => ({
  name,
  scores: { ...perfect },
  tbtMs: 10,
  lcpMs: 900,
  cls: 0,
  ...overrides,
});
const REACT = 60 * 1024;
const passing = {
  lighthouse: [page('home'), page('blog')],
  jsBeforeInteraction: [
    { route: '/', toggleOnly: false, gzip: REACT + 15 * 1024, reactGzip: REACT },
    { route: '/contact', toggleOnly: false, gzip: REACT + 35 * 1024, reactGzip: REACT },
    { route: '/about', toggleOnly: true, gzip: 0, reactGzip: 0 },
  ],
  builds: {
    cold1000: { seconds: 60, peakBytes: 1.5e9 },
    warm1000: { seconds: 25, peakBytes: 1e9 },
    cold1000cards: { seconds: 90, peakBytes: 1e9 },
    warm1000cards: { seconds: 25, peakBytes: 1e9 },
    cold5000: { seconds: 300, peakBytes: 2e9 },
  },
  search: { query: 'reconcile ledger', scriptGzip: 30 * 1024, indexBytes: 90_000 },
  publish: { seedSeconds: 15, at1000Seconds: 30 },
  otherHosts: [],
};

const byName = (verdicts: ReturnType<typeof judgeBudgets>, start: string) => {
  const found = verdicts.filter((verdict) => verdict.name.startsWith(start));
  if (found.length !== 1) throw new Error(`${found.length} verdicts start with "${start}"`);
  return found[0];
};

describe('judgeBudgets', () => {
  it('passes every budget at exactly its limit, and names each figure', () => {
    const verdicts = judgeBudgets(passing);
    expect(verdicts.map((verdict) => verdict.pass)).toEqual(verdicts.map(() => true));
    expect(verdicts).toHaveLength(19);
    expect(byName(verdicts, 'Script of a first search').figure).toBe(
      '30.0 KB (and 87.9 KB of index parts) for "reconcile ledger"',
    );
    expect(byName(verdicts, 'Cold build, 1,000 posts with banners').figure).toBe(
      '60.0 s, peak 1500 MB',
    );
    expect(byName(verdicts, 'Home JavaScript').figure).toBe(
      'React 60.0 KB + 15.0 KB (total 75.0 KB)',
    );
  });

  it('fails one byte, one millisecond or one point over, naming the page', () => {
    const verdicts = judgeBudgets({
      ...passing,
      lighthouse: [
        page('home', { tbtMs: 31 }),
        page('post', { scores: { ...perfect, seo: 92 }, lcpMs: 1301, cls: 0.0004 }),
        page('blog', { cls: 0.002 }),
      ],
      jsBeforeInteraction: [
        { route: '/', toggleOnly: false, gzip: REACT + 15 * 1024 + 1, reactGzip: REACT },
        { route: '/about', toggleOnly: true, gzip: 1, reactGzip: 0 },
      ],
    });
    expect(byName(verdicts, 'Lighthouse mobile TBT')).toMatchObject({
      pass: false,
      figure: 'home 31 ms',
    });
    expect(byName(verdicts, 'Lighthouse mobile SEO')).toMatchObject({
      pass: false,
      figure: 'post 92',
    });
    expect(byName(verdicts, 'Lighthouse mobile performance').pass).toBe(true);
    expect(byName(verdicts, 'Lighthouse mobile LCP')).toMatchObject({
      pass: false,
      figure: 'post 1.30 s',
    });
    // 0.0004 rounds to 0.000, as Lighthouse reports it; 0.002 is a shift.
    expect(byName(verdicts, 'Lighthouse mobile CLS')).toMatchObject({
      pass: false,
      figure: 'blog 0.002',
    });
    expect(byName(verdicts, 'Home JavaScript').pass).toBe(false);
    expect(
      judgeBudgets({ ...passing, search: { ...passing.search, scriptGzip: 30 * 1024 + 1 } }).find(
        (verdict) => verdict.name.startsWith('Script of a first search'),
      )?.pass,
    ).toBe(false);
    expect(byName(verdicts, 'JavaScript before interaction on toggle-only')).toMatchObject({
      pass: false,
      figure: '/about 1 B',
    });
    // Not measured is neither a pass nor a fail.
    expect(byName(verdicts, 'Contact JavaScript').pass).toBeNull();
  });

  it('fails a build over its time or memory, a failed build, and an unreadable peak', () => {
    const verdicts = judgeBudgets({
      ...passing,
      builds: {
        cold1000: { seconds: 59, peakBytes: 1.5e9 + 1 },
        warm1000: { seconds: 25.1, peakBytes: null },
        cold5000: { failed: 'exit 1' },
      },
      publish: { seedSeconds: 15.2, at1000Seconds: { failed: 'no first build' } },
      otherHosts: ['https://api.emailjs.com/x'],
    });
    expect(byName(verdicts, 'No request')).toMatchObject({
      pass: false,
      figure: 'https://api.emailjs.com/x',
    });
    expect(byName(verdicts, 'Cold build, 1,000 posts with banners').pass).toBe(false);
    expect(byName(verdicts, 'Warm build, 1,000 posts with banners').pass).toBe(false);
    expect(byName(verdicts, 'Cold build, 5,000')).toMatchObject({
      pass: false,
      figure: 'failed: exit 1',
    });
    expect(byName(verdicts, 'Publish to live, seed')).toMatchObject({
      pass: false,
      figure: '15.2 s',
    });
    expect(byName(verdicts, 'Publish to live, 1,000').pass).toBe(false);
    const unread = judgeBudgets({
      ...passing,
      builds: { ...passing.builds, cold5000: { seconds: 1, peakBytes: null } },
    });
    expect(byName(unread, 'Cold build, 5,000').pass).toBe(false);
  });

  it('skips what was not measured, and never passes an empty measurement', () => {
    const none = judgeBudgets({});
    expect(none.every((verdict) => verdict.pass === null)).toBe(true);
    const empty = judgeBudgets({ lighthouse: [], jsBeforeInteraction: [] });
    expect(byName(empty, 'Lighthouse mobile TBT').pass).toBe(false);
    expect(byName(empty, 'JavaScript before interaction on toggle-only').pass).toBe(false);
  });

  it('prints one PASS, FAIL or SKIP line per verdict', () => {
    expect(
      verdictLines([
        { name: 'a', pass: true, figure: '1' },
        { name: 'b', pass: false, figure: '2' },
        { name: 'c', pass: null, figure: '3' },
      ]),
    ).toEqual(['PASS  a: 1', 'FAIL  b: 2', 'SKIP  c: 3']);
  });
});
