import { describe, expect, it } from 'vitest';
import sizeLimits from '../../../.size-limit.json';
import lighthouserc from '../../../lighthouserc.json';
import {
  judgeBudgets,
  verdictLines,
  type Assertions,
  type Figures,
} from '../../../tools/bench/budgets.ts';

// The project's own budgets: the test fails when a budget stops being judged as documented.
const config = { assertions: lighthouserc.ci.assert.assertions, sizeLimits };
const judge = (figures: Figures) => judgeBudgets(figures, config);

const perfect = { performance: 100, accessibility: 100, 'best-practices': 100, seo: 100 };
const page = (name: string, overrides = {}) => ({
  name,
  scores: { ...perfect },
  tbtMs: 10,
  lcpMs: 900,
  cls: 0,
  ...overrides,
});
const HOME = 'Home: script before interaction beyond React';
const CONTACT = 'Contact: script before interaction beyond React';
const TOGGLE_ONLY = 'Toggle-only pages: script before interaction';
const FIRST_PAINT = 'Home: first paint, HTML and CSS';
const passing: Figures = {
  lighthouse: [page('home'), page('blog', { tbtMs: 30, lcpMs: 1300, cls: 0.0004 })],
  // As size-limit reports them: `passed` for each limited check, an empty one (toggle-only) too.
  sizes: [
    { name: HOME, size: 15 * 1024, passed: true },
    { name: FIRST_PAINT, size: 23 * 1024, passed: true },
    { name: CONTACT, size: 35 * 1024, passed: true },
    { name: TOGGLE_ONLY, size: 0, passed: true },
    { name: 'Blog: script of a first search', size: 30 * 1024, passed: true },
    { name: "React's runtime", size: 70_000 },
  ],
  builds: {
    cold1000: { seconds: 45, cpuSeconds: 70, peakBytes: 1.2e9 },
    warm1000: { seconds: 25, cpuSeconds: 30, peakBytes: 1e9 },
    edit1000: { seconds: 5, cpuSeconds: 6, peakBytes: 1e9 },
    cold1000cards: { seconds: 90, cpuSeconds: 120, peakBytes: 1.2e9 },
    warm1000cards: { seconds: 25, cpuSeconds: 30, peakBytes: 1e9 },
    cold100photos: { seconds: 30, cpuSeconds: 40, peakBytes: 1e9 },
    warm100photos: { seconds: 10, cpuSeconds: 12, peakBytes: 1e9 },
    cold5000: { seconds: 240, cpuSeconds: 400, peakBytes: 2e9 },
    edit5000: { seconds: 10, cpuSeconds: 12, peakBytes: 1.5e9 },
  },
  publish: { seedSeconds: 4, at1000Seconds: 8 },
  otherHosts: [],
};

const byName = (verdicts: ReturnType<typeof judge>, start: string) => {
  const found = verdicts.filter((verdict) => verdict.name.startsWith(start));
  if (found.length !== 1) throw new Error(`${found.length} verdicts start with "${start}"`);
  return found[0];
};

describe('judgeBudgets', () => {
  it('passes every budget at exactly its limit, and names each figure', () => {
    const verdicts = judge(passing);
    expect(verdicts.filter((verdict) => verdict.pass !== true)).toEqual([]);
    expect(verdicts).toHaveLength(24);
    expect(byName(verdicts, 'Cold build, 1,000 posts with banners').figure).toBe(
      '45.0 s, CPU 70.0 s, peak 1200 MB',
    );
    expect(byName(verdicts, HOME).figure).toBe('15.0 KB (React 68.4 KB besides)');
    expect(byName(verdicts, FIRST_PAINT)).toMatchObject({
      name: `${FIRST_PAINT} ≤ 23 KiB gzip`,
      figure: '23.0 KB',
    });
    expect(byName(verdicts, TOGGLE_ONLY)).toMatchObject({
      name: `${TOGGLE_ONLY} ≤ 0 B gzip`,
      figure: '0 B',
    });
    expect(byName(verdicts, 'Lighthouse mobile total-blocking-time').figure).toBe('worst 30');
  });

  it('fails one point, one millisecond or a shift over, naming the page', () => {
    const verdicts = judge({
      ...passing,
      lighthouse: [
        page('home', { tbtMs: 31 }),
        page('post', { scores: { ...perfect, seo: 92 }, lcpMs: 1301, cls: 0.0004 }),
        page('blog', { cls: 0.002, scores: { ...perfect, accessibility: null } }),
      ],
    });
    expect(byName(verdicts, 'Lighthouse mobile total-blocking-time')).toMatchObject({
      pass: false,
      figure: 'home 31',
    });
    expect(byName(verdicts, 'Lighthouse mobile categories:seo')).toMatchObject({
      pass: false,
      figure: 'post 92',
    });
    expect(byName(verdicts, 'Lighthouse mobile categories:performance').pass).toBe(true);
    expect(byName(verdicts, 'Lighthouse mobile largest-contentful-paint').figure).toBe('post 1301');
    // 0.0004 is 0.000 to Lighthouse's three decimals; 0.002 is a shift.
    expect(byName(verdicts, 'Lighthouse mobile cumulative-layout-shift')).toMatchObject({
      pass: false,
      figure: 'blog 0.002',
    });
    // A score Lighthouse could not give fails.
    expect(byName(verdicts, 'Lighthouse mobile categories:accessibility').figure).toBe('blog n/a');
  });

  it("fails a script check size-limit fails, and a toggle-only page's first script", () => {
    const verdicts = judge({
      ...passing,
      sizes: [
        { name: HOME, size: 15 * 1024 + 1, passed: false },
        { name: TOGGLE_ONLY, size: 1, passed: false },
      ],
    });
    expect(byName(verdicts, HOME).pass).toBe(false);
    expect(byName(verdicts, TOGGLE_ONLY)).toMatchObject({ pass: false, figure: '1 B' });
    // Not reported by size-limit is not measured, neither a pass nor a fail.
    expect(byName(verdicts, CONTACT).pass).toBeNull();
  });

  it('fails a build or publish over its time or memory, a failure, and an unreadable peak', () => {
    const verdicts = judge({
      ...passing,
      builds: {
        cold1000: { seconds: 44, cpuSeconds: 80, peakBytes: 1.2e9 + 1 },
        edit1000: { seconds: 5.1, cpuSeconds: 6, peakBytes: 1e9 },
        warm1000: { seconds: 25.1, cpuSeconds: 30, peakBytes: null },
        cold1000cards: { seconds: 90.1, cpuSeconds: 100, peakBytes: 1e9 },
        // The originals' cost before the image cache kept photos at 800 px.
        cold100photos: { seconds: 11, cpuSeconds: 15, peakBytes: 1.152e9 },
        cold5000: { failed: 'exit 1' },
      },
      publish: { seedSeconds: 4.2, at1000Seconds: { failed: 'no first build' } },
      otherHosts: ['https://api.emailjs.com/x'],
    });
    expect(byName(verdicts, 'No request')).toMatchObject({
      pass: false,
      figure: 'https://api.emailjs.com/x',
    });
    expect(byName(verdicts, 'Cold build, 1,000 posts with banners').pass).toBe(false);
    expect(byName(verdicts, 'Warm build, 1,000 posts with banners').pass).toBe(false);
    expect(byName(verdicts, 'Cold build, 1,000 posts without').pass).toBe(false);
    expect(byName(verdicts, 'Warm build, 1,000 posts without').pass).toBeNull();
    expect(byName(verdicts, 'Cold build, 100 posts with 12-megapixel photos')).toMatchObject({
      name: 'Cold build, 100 posts with 12-megapixel photos ≤ 30 s and ≤ 1 GB peak',
      pass: false,
      figure: '11.0 s, CPU 15.0 s, peak 1152 MB',
    });
    expect(byName(verdicts, 'Warm build, 100 posts with 12-megapixel photos').pass).toBeNull();
    expect(byName(verdicts, "The newest post's title edited, 1,000")).toMatchObject({
      pass: false,
      figure: '5.1 s, CPU 6.0 s',
    });
    expect(byName(verdicts, "The newest post's title edited, 5,000").pass).toBeNull();
    expect(byName(verdicts, 'Cold build, 5,000')).toMatchObject({
      pass: false,
      figure: 'failed: exit 1',
    });
    expect(byName(verdicts, 'Publish to live, seed')).toMatchObject({
      pass: false,
      figure: '4.2 s',
    });
    expect(byName(verdicts, 'Publish to live, 1,000').pass).toBe(false);
    const unread = judge({
      builds: { cold5000: { seconds: 1, cpuSeconds: 1, peakBytes: null } },
    });
    expect(byName(unread, 'Cold build, 5,000')).toMatchObject({
      pass: false,
      figure: expect.stringContaining('peak n/a'),
    });
  });

  it('skips what was not measured, and never passes an empty measurement', () => {
    expect(judge({}).every((verdict) => verdict.pass === null)).toBe(true);
    const empty = judge({ lighthouse: [], sizes: [] });
    expect(byName(empty, 'Lighthouse mobile total-blocking-time').pass).toBe(false);
    expect(byName(empty, HOME).pass).toBeNull();
  });

  it('refuses an assertion whose figure the bench does not keep', () => {
    const assertions = { 'speed-index': ['error', { maxNumericValue: 1 }] } as Assertions;
    expect(() => judgeBudgets(passing, { assertions, sizeLimits })).toThrow('speed-index');
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
