import { describe, expect, it } from 'vitest';
import { phaseTable, readPhases } from '../../../tools/bench/phases.ts';

/** An incremental build's output as stampLines.ts prints it (Astro 7's wording). */
const STAMPED = `
   1.62 09:51:11 [content] Syncing content
   1.83 09:51:11 [ledgerwise-pocketbase-blogs] Loaded 1008 blog posts (incremental: fetched 1 new or changed, removed 0)
   2.06 09:51:11 [content] Synced content
   2.06 09:51:11 [build] Collecting build info...
   2.43 09:51:12 [build] Building static entrypoints...
   4.90 09:51:14 [vite] ✓ built in 2.45s
   5.19  generating static routes 
   5.70 09:51:15   ├─ /404.html (+36ms) 
   5.72 09:51:15   ├─ /blog/a.html (restored) 
   5.73 09:51:15   └─ /blog/b.html (restored) 
   6.97 09:51:16 ✓ Completed in 1.79s.
   6.97  generating optimized images 
   7.10 09:51:17   ▶ /_astro/a.webp (reused cache entry) (+4ms) (1/2)
   9.24 09:51:19 ✓ Completed in 2.16s.
   9.24 09:51:19 [build] ✓ Completed in 6.82s.
   9.49 09:51:19 [@astrojs/sitemap] \`sitemap-index.xml\` created at \`dist\`
  12.55 09:51:22 [ledgerwise-search-index] Search index: 1008 posts indexed in 3.1 s
  12.80 09:51:22 [ledgerwise-inline-script-check] Content-Security-Policy checked in 3 pages
  12.80 09:51:22 [build] Complete!
`;

describe('readPhases', () => {
  it('cuts a stamped build into its phases, which add up to the whole, and counts its pages', () => {
    const report = readPhases(STAMPED);
    expect(report.phases).toEqual([
      { name: 'start-up', seconds: 1.62 },
      { name: 'content sync and types', seconds: 0.44 },
      { name: 'collecting build info', seconds: 0.37 },
      { name: 'Vite', seconds: 2.76 },
      { name: 'pages (rendered or restored)', seconds: 1.78 },
      { name: 'pictures', seconds: 2.27 },
      { name: 'sitemap', seconds: 0.25 },
      { name: 'search index', seconds: 3.06 },
      { name: 'CSP check and the rest', seconds: 0.25 },
    ]);
    const total = report.phases.reduce((sum, phase) => sum + phase.seconds, 0);
    expect(total).toBeCloseTo(12.8, 5);
    expect(report).toMatchObject({ rendered: 1, restored: 2 });
  });

  it('counts a phase whose opening line is missing in the phase before, losing no second', () => {
    const failed = STAMPED.split('\n').filter((line) => !/generating optimized images/.test(line));
    const report = readPhases(failed.join('\n'));
    expect(report.phases.map((phase) => phase.name)).not.toContain('pictures');
    expect(report.phases.find((phase) => phase.name === 'pages (rendered or restored)')).toEqual({
      name: 'pages (rendered or restored)',
      seconds: 4.05,
    });
    expect(report.phases.reduce((sum, phase) => sum + phase.seconds, 0)).toBeCloseTo(12.8, 5);
  });
});

describe('phaseTable', () => {
  it('sets builds side by side, with their totals and pages', () => {
    const edit = readPhases(STAMPED);
    const table = phaseTable({ before: edit, after: { ...edit, phases: edit.phases.slice(0, 2) } });
    const lines = table.split('\n');
    expect(lines[0]).toMatch(/^phase\s+before\s+after$/);
    expect(lines).toContainEqual(expect.stringMatching(/^Vite\s+2\.76\s+–$/));
    expect(lines).toContainEqual(expect.stringMatching(/^total\s+12\.80\s+2\.06$/));
    expect(lines.at(-1)).toMatch(/^pages rendered \/ restored\s+1 \/ 2\s+1 \/ 2$/);
  });
});
