import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FEATURES, FEATURES_HEADING } from '@/data/features';
import { BENEFITS } from '@/data/benefits';
import { AUDIENCE, GRID_JOBS, JOB_TITLES, LISTED_JOBS } from '@/data/jobs';
import { LOGOS } from '@/data/logos';
import { FAQS } from '@/data/faqs';
import { PRICING_FAQS, freePlanAnswer } from '@/data/pricingFaqs';
import { buildPlans, describePricing, PRICING_NOTES } from '@/data/plans';
import { resolveFreePlanTerm } from '@/lib/freePlan';
import { CTA_BANDS } from '@/data/cta';
import { HERO } from '@/data/home';
import { TEAM, VALUES } from '@/data/about';
import { GETTING_STARTED_STEPS } from '@/data/steps';
import { TERMS_AND_CONDITIONS } from '@/data/termsAndConditions';
import { PRIVACY_POLICY } from '@/data/privacy';
import { TERMS_OF_SERVICE } from '@/data/termsOfService';
import type { LegalDocument } from '@/data/legal';
import { CONTACT, HERO_PHRASES, SITE } from '@/config/site';
import { LINKS } from '@/config/env';

/** All the text of a legal document, one string. */
function legalText(document: LegalDocument): string {
  return [
    ...document.intro,
    ...document.sections.flatMap((section) =>
      section.blocks.flatMap((block) => (typeof block === 'string' ? [block] : block.items)),
    ),
  ].join('\n');
}

describe('home copy', () => {
  it('hero: badge, heading, benefits, the three example prompts and the status line', () => {
    expect(HERO.badge).toBe('AI-Powered Automation');
    expect(HERO.headingLead).toBe('AI Automation for');
    expect(HERO.headingSpoken).toBe(
      `AI Automation for ${HERO_PHRASES.slice(0, -1).join(', ')} and Audit`,
    );
    expect(HERO.bullets).toEqual([
      'Save hours on research and document analysis',
      'Reduce administrative time',
      'Focus on high-value client interactions',
    ]);
    expect(HERO.primaryCta).toBe('Start Your Free Trial');
    expect(HERO.secondaryCta).toBe('See How It Works');
    expect(HERO.chat.prompts).toHaveLength(3);
    expect(HERO.chat.prompts[0]).toMatch(/tax treaty between/i);
    expect(HERO.chat.prompts[1]).toMatch(/action items.*SARS.*PDF/i);
    expect(HERO.chat.prompts[2]).toMatch(/client email.*tax deadline/i);
    expect(HERO.chat.status.toLowerCase()).toContain('analyzing your request');
  });

  it('6 features, 8 benefits, 14 job titles (10 listed, 9 in the grid)', () => {
    expect(FEATURES_HEADING.title).toBe('Powerful Features to Help with Your Finance Work');
    expect(FEATURES).toHaveLength(6);
    expect(BENEFITS).toHaveLength(8);
    expect(JOB_TITLES.map((job) => job.title)).toEqual([
      'Financial Analyst',
      'Accountant',
      'Auditor',
      'Tax Advisor',
      'Compliance Officer',
      'Risk Professional',
      'Financial Manager',
      'CFO Support',
      'Debtors/Creditors Manager',
      'Payroll Specialist',
      'Forensic Accountant',
      'Treasury Manager',
      'Corporate Finance Specialist',
      'Financial Consultant',
    ]);
    expect(LISTED_JOBS).toEqual(JOB_TITLES.slice(0, 10));
    expect(GRID_JOBS).toEqual(JOB_TITLES.slice(0, 9));
    expect(AUDIENCE.title).toBe('Who Is This For?');
    expect(AUDIENCE.groups).toEqual(['Advisors', 'Tax Practitioners', 'Accountants', 'Lawyers']);
    for (const item of [...FEATURES, ...BENEFITS, ...JOB_TITLES]) {
      // lucide-react icons are forwardRef components.
      expect(item.icon).toBeTruthy();
    }
  });

  it('the call-to-action bands point at the chat app in a new tab, or at /contact and /pricing', () => {
    const home = CTA_BANDS.home;
    expect(home.actions.map((a) => [a.label, a.href, a.external])).toEqual([
      ['Get Started For Free Today', LINKS.chatApp, true],
      ['See How It Works For Free', LINKS.chatApp, true],
    ]);
    expect(home.links.map((a) => [a.label, a.href, a.external])).toEqual([
      ['Request a Demo', '/contact', false],
      ['See pricing', '/pricing', false],
    ]);
    expect(CTA_BANDS.pricing.actions[0]).toMatchObject({
      label: 'Start 30-day free trial',
      href: LINKS.chatApp,
      external: true,
    });
    expect(CTA_BANDS.about.actions[0]).toMatchObject({
      label: 'Get Started',
      href: LINKS.chatApp,
      external: true,
    });
  });
});

describe('logos', () => {
  it('8 logos, each an SVG in public/ with alt text and the size the marquee reserves', () => {
    expect(LOGOS).toHaveLength(8);
    expect(new Set(LOGOS.map((logo) => logo.name)).size).toBe(8);
    for (const logo of LOGOS) {
      expect(logo.alt.trim()).not.toBe('');
      const svg = readFileSync(path.join('public', logo.logo), 'utf8');
      expect(svg).toMatch(/^<svg /);
      expect(svg).toContain(`width="${logo.width}"`);
      expect(svg).toContain(`height="${logo.height}"`);
      // Small, and self-contained: no external references.
      expect(svg.length).toBeLessThan(2048);
      expect(svg).not.toMatch(/href=|url\(/);
    }
  });
});

describe('faqs', () => {
  it('8 questions; one answer gives the support address, one states a free trial of a month', () => {
    expect(FAQS).toHaveLength(8);
    expect(new Set(FAQS.map((faq) => faq.question)).size).toBe(8);
    expect(FAQS.filter((faq) => faq.answer.includes(CONTACT.supportEmail))).toHaveLength(1);
    expect(FAQS.filter((faq) => faq.answer.includes('free trial of a month'))).toHaveLength(1);
  });

  it('the pricing FAQ covers VAT, annual discounts and Enterprise changes', () => {
    const text = PRICING_FAQS.map((faq) => `${faq.question} ${faq.answer}`).join('\n');
    expect(text).toContain('R200 per month excluding VAT');
    expect(text).toMatch(/annual discounts/i);
    expect(text).toContain('next billing cycle');
  });
});

describe('plans', () => {
  const OPEN = resolveFreePlanTerm(undefined, '2025-07-21', new Date('2025-07-21T21:59:00Z'));
  const ENDED = resolveFreePlanTerm(undefined, '2025-07-21', new Date('2025-07-21T22:00:00Z'));

  it('Free, Professional and Enterprise with their texts while the Free plan runs', () => {
    const plans = buildPlans(OPEN);
    expect(plans.map((plan) => plan.name)).toEqual(['Free', 'Professional', 'Enterprise']);
    const [free, pro, enterprise] = plans;

    expect(free.description).toBe('Free to all users until 21 July 2025.');
    expect(free.period).toBe('until 21 July 2025');
    expect(free.features).toEqual(['Basic bots', 'System advisor', 'Legal updates (coming soon)']);
    expect(free).toMatchObject({
      priceZar: 0,
      highlight: false,
      ctaLink: LINKS.chatApp,
      validThrough: '2025-07-21T23:59:59+02:00',
    });

    expect(pro).toMatchObject({
      price: 'R200',
      priceZar: 200,
      highlight: true,
      ctaLabel: 'Start 30-day free trial',
      ctaLink: LINKS.chatApp,
    });
    expect(pro.period).toMatch(/per month.*excl\. VAT/);
    expect(pro.features).toEqual([
      'Advanced features',
      'Internet research',
      'Action item extractor',
      'Report writer',
      'Email writer',
      'Priority support',
    ]);

    expect(enterprise).toMatchObject({
      price: 'Custom',
      priceZar: null,
      highlight: false,
      ctaLabel: 'Contact Us',
      ctaLink: '/contact',
    });
    expect(enterprise.note).toContain('next billing cycle');
    expect(PRICING_NOTES.join(' ')).toMatch(/Annual discounts are offered/);
  });

  it('once the Free plan has ended, its card says when, offers the trial instead and lists nothing', () => {
    const plans = buildPlans(ENDED);
    expect(plans.map((plan) => plan.name)).toEqual(['Free', 'Professional', 'Enterprise']);
    const [free, pro] = plans;
    expect(free).toMatchObject({
      ended: true,
      price: 'R0',
      period: 'ended 21 July 2025',
      features: [],
      // The same action, label and destination as the Professional plan's free trial.
      ctaLabel: pro.ctaLabel,
      ctaLink: pro.ctaLink,
    });
    expect(free.description).toBe(
      'Free access ended on 21 July 2025. Try every Professional feature free for 30 days instead.',
    );
    expect(free).not.toHaveProperty('validThrough');
    expect(JSON.stringify(free)).not.toMatch(/until|free to all users/i);
    expect(plans.filter((plan) => plan.ended)).toEqual([free]);
    expect(buildPlans(OPEN).some((plan) => plan.ended)).toBe(false);
  });

  it('the pricing FAQ and the page description tell the truth in both states', () => {
    expect(freePlanAnswer(OPEN)).toBe(
      'The Free plan is free to all users until 21 July 2025. It includes basic bots and a system advisor, with legal updates coming soon.',
    );
    expect(freePlanAnswer(ENDED)).toMatch(/^The Free plan ended on 21 July 2025\./);
    expect(freePlanAnswer(ENDED)).not.toContain('free to all users');
    expect(describePricing(OPEN)).toBe(
      'Ledgerwise plans: Free for all users until 21 July 2025, Professional at R200 per month excluding VAT with a 30-day free trial, and Enterprise on request.',
    );
    expect(describePricing(ENDED)).toBe(
      'Ledgerwise plans: Professional at R200 per month excluding VAT with a 30-day free trial, and Enterprise on request.',
    );
  });
});

describe('about', () => {
  it('team of two, four values, three steps', () => {
    expect(TEAM.map((member) => member.role)).toEqual([
      'Founder & CEO',
      'Co-founder & Lead Engineer',
    ]);
    expect(TEAM[0].bio).toContain('19+ years of finance experience');
    expect(VALUES.map((value) => value.title)).toEqual([
      'Accuracy First',
      'Client-Centric',
      'Innovation',
      'Security',
    ]);
    expect(GETTING_STARTED_STEPS).toHaveLength(3);
    const [signUp, upload, answers] = GETTING_STARTED_STEPS.map(
      (s) => `${s.title} ${s.description}`,
    );
    expect(signUp).toContain('30-day free trial');
    expect(signUp).toContain('No credit card');
    expect(signUp).toContain('30 seconds');
    expect(upload).toMatch(/upload/i);
    expect(answers).toMatch(/cited answers.*task list/is);
  });
});

describe('legal texts', () => {
  it('Terms & Conditions: 19 sections in order, last updated 1 July 2025', () => {
    expect(TERMS_AND_CONDITIONS.title).toBe('Terms & Conditions');
    expect(TERMS_AND_CONDITIONS.lastUpdated).toBe('2025-07-01');
    expect(TERMS_AND_CONDITIONS.sections.map((section) => section.id)).toEqual([
      'introduction',
      'eligibility',
      'account',
      'acceptable-use',
      'fees',
      'data-protection',
      'content-and-ip',
      'ai-output',
      'third-parties',
      'security',
      'suspension',
      'disclaimers',
      'liability',
      'arbitration',
      'governing-law',
      'export-control',
      'changes',
      'contact',
      'entire-agreement',
    ]);
  });

  it('Terms & Conditions state every key figure', () => {
    const text = legalText(TERMS_AND_CONDITIONS);
    for (const figure of [
      'at least 18 years old',
      'up to 36 months after your account is closed',
      'the greater of USD 100 or the fees you paid us in the 12 months',
      'resolve a dispute informally for 30 days',
      'within 30 days of first accepting these terms',
      'U.S. dollars',
      'American Arbitration Association under its Commercial Arbitration Rules',
      'Wilmington, Delaware',
      'conducted in English',
      'the laws of the United States and of the State of Delaware',
      'Sign-up takes about 30 seconds',
    ]) {
      expect(text).toContain(figure);
    }
  });

  it('the privacy policy names what the site collects, EmailJS, local storage, no cookies, POPIA rights', () => {
    const text = legalText(PRIVACY_POLICY);
    for (const phrase of [
      'first name and last name',
      'email address',
      'profession',
      'subject and text of your message',
      'EmailJS',
      'local storage',
      SITE.themeStorageKey,
      'No cookies and no analytics',
      'Information Officer',
      'Information Regulator',
      'POPIA',
      CONTACT.supportEmail,
    ]) {
      expect(text).toContain(phrase);
    }
    // Sign-ups reach us from the page's EmailJS ids, which anyone can use: the policy says how
    // EmailJS is held to this site and that an address is on the list only once confirmed.
    for (const phrase of [
      'EmailJS sends nothing to your address',
      'only from this website',
      'limited rate',
      'only after you confirm it',
    ]) {
      expect(text).toContain(phrase);
    }
    expect(text).not.toContain('we add your address to our newsletter list.');
    const ids = PRIVACY_POLICY.sections.map((section) => section.id);
    expect(ids).toEqual(
      expect.arrayContaining(['what-we-collect', 'why-we-use-it', 'retention', 'your-rights']),
    );
  });

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
