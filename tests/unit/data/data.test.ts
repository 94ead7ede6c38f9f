/**
 * What the pages cannot show whole: the job titles past the tenth, the logo files, the legal
 * documents' anchors, and the plan cards of a build on either side of the Free plan's last day
 * (the e2e sites are built on one side each). Every text a page shows is asserted on that page
 * (tests/e2e).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GRID_JOBS, JOB_TITLES, LISTED_JOBS } from '@/data/jobs';
import { LOGOS } from '@/data/logos';
import { TERMS_AND_CONDITIONS } from '@/data/termsAndConditions';
import { PRIVACY_POLICY } from '@/data/privacy';
import { TERMS_OF_SERVICE } from '@/data/termsOfService';
import { buildPlans, describePricing } from '@/data/plans';
import { LINKS } from '@/config/env';
import { resolveFreePlanTerm } from '@/lib/freePlan';

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

describe('plan cards', () => {
  const term = (now: string) => resolveFreePlanTerm('2025-07-21', 'unused', new Date(now));
  const before = term('2025-07-21T23:59:59+02:00');
  const after = term('2025-07-22T00:00:00+02:00');

  it('before the Free plan ends: Free as the spec gives it, then Professional and Enterprise', () => {
    const plans = buildPlans(before);
    expect(plans.map((plan) => plan.name)).toEqual(['Free', 'Professional', 'Enterprise']);
    expect(plans[0]).toMatchObject({
      description: 'Free to all users until 21 July 2025.',
      price: 'R0',
      period: 'until 21 July 2025',
      features: ['Basic bots', 'System advisor', 'Legal updates (coming soon)'],
      ctaLabel: 'Get Started',
      ctaLink: LINKS.chatApp,
      priceZar: 0,
      validThrough: '2025-07-21T23:59:59+02:00',
    });
    expect(plans[0]).not.toHaveProperty('trialDays');
    expect(describePricing(before)).toMatch(/^Ledgerwise plans: Free for all users until 21 July/);
  });

  it('after it: the first card is the 30-day free trial of every Professional feature', () => {
    const plans = buildPlans(after);
    expect(plans.map((plan) => plan.name)).toEqual(['Free Trial', 'Professional', 'Enterprise']);
    const [trial, professional] = plans;
    expect(trial).toMatchObject({
      price: 'R0',
      period: 'for 30 days',
      ctaLabel: 'Start 30-day free trial',
      ctaLink: LINKS.chatApp,
      highlight: false,
      priceZar: 0,
      trialDays: 30,
    });
    expect(trial.features).toEqual([
      'Every Professional feature for 30 days',
      'No credit card needed',
      'Sign-up takes 30 seconds',
      'Your conversations and documents stay in your account',
    ]);
    expect(trial).not.toHaveProperty('validThrough');
    expect(JSON.stringify(trial)).not.toMatch(/ended|until/i);
    // The trial is of the highlighted plan, started by the same button.
    expect(professional).toMatchObject({ highlight: true, ctaLabel: trial.ctaLabel });
    expect(professional.ctaLink).toBe(trial.ctaLink);
    expect(describePricing(after)).toBe(
      'Ledgerwise plans: a 30-day free trial of every Professional feature with no credit card, Professional at R200 per month excluding VAT, and Enterprise on request.',
    );
  });
});
