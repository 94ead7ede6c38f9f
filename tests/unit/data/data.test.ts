/**
 * What the pages cannot show whole: the job titles past the tenth, the logo files, the legal
 * documents' anchors. Every text a page shows is asserted on that page (tests/e2e).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GRID_JOBS, JOB_TITLES, LISTED_JOBS } from '@/data/jobs';
import { LOGOS } from '@/data/logos';
import { TERMS_AND_CONDITIONS } from '@/data/termsAndConditions';
import { PRIVACY_POLICY } from '@/data/privacy';
import { TERMS_OF_SERVICE } from '@/data/termsOfService';

describe('job titles', () => {
  it('14, of which the page lists the first 10 and shows the first 9 in its grid', () => {
    // The first ten are asserted where the home page shows them (home.spec.ts).
    expect(JOB_TITLES.map((job) => job.title).slice(10)).toEqual([
      'Forensic Accountant',
      'Treasury Manager',
      'Corporate Finance Specialist',
      'Financial Consultant',
    ]);
    expect(LISTED_JOBS).toEqual(JOB_TITLES.slice(0, 10));
    expect(GRID_JOBS).toEqual(JOB_TITLES.slice(0, 9));
  });
});

describe('logos', () => {
  it('each an SVG in public/ with the size the marquee reserves, small and self-contained', () => {
    for (const logo of LOGOS) {
      const svg = readFileSync(path.join('public', logo.logo), 'utf8');
      expect(svg).toMatch(/^<svg /);
      expect(svg).toContain(`width="${logo.width}"`);
      expect(svg).toContain(`height="${logo.height}"`);
      expect(svg.length).toBeLessThan(2048);
      expect(svg).not.toMatch(/href=|url\(/);
    }
  });
});

describe('legal texts', () => {
  it('every legal document has unique anchors and no empty section', () => {
    for (const document of [TERMS_AND_CONDITIONS, PRIVACY_POLICY, TERMS_OF_SERVICE]) {
      const ids = document.sections.map((section) => section.id);
      expect(new Set(ids).size).toBe(ids.length);
      for (const section of document.sections) {
        expect(section.id).toMatch(/^[a-z][a-z-]*$/);
        expect(section.blocks.length).toBeGreaterThan(0);
      }
    }
  });
});
