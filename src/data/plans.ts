import { FREE_PLAN_END_DATE } from 'astro:env/server';
import { resolveFreePlanTerm, type FreePlanTerm } from '@/lib/freePlan';
import { FREE_PLAN_DEFAULT_END_DATE, LINKS } from '@/site.config';

/** A plan: name, description, price, period, features, cta label, cta link, highlight. */
export interface Plan {
  name: string;
  description: string;
  /** Display price, e.g. "R200". */
  price: string;
  /** Text after the price, e.g. "per month, excl. VAT". */
  period: string;
  features: readonly string[];
  ctaLabel: string;
  ctaLink: string;
  /** The highlighted (recommended) plan. */
  highlight: boolean;
  /** Numeric monthly price in rand, excluding VAT, for structured data; null when priced on request. */
  priceZar: number | null;
  /** A short line under the features, e.g. billing rules. */
  note?: string;
  /** The offer's last moment (ISO date-time), for a plan offered until a set day. */
  validThrough?: string;
}

export const PRICING_HEADING = {
  title: 'Simple, Transparent Pricing',
  subtitle:
    'Start free, upgrade when Ledgerwise earns its place in your practice. Prices are in South African rand.',
} as const;

export const HIGHLIGHT_BADGE = 'Most Popular';

/** The Free plan's term as this build sees it (the day it runs, FREE_PLAN_END_DATE). */
export const FREE_PLAN_TERM: FreePlanTerm = resolveFreePlanTerm(
  FREE_PLAN_END_DATE,
  FREE_PLAN_DEFAULT_END_DATE,
  new Date(),
);

function freePlan({ endLabel, validThrough }: FreePlanTerm): Plan {
  return {
    name: 'Free',
    description: `Free to all users until ${endLabel}.`,
    price: 'R0',
    period: `until ${endLabel}`,
    features: ['Basic bots', 'System advisor', 'Legal updates (coming soon)'],
    ctaLabel: 'Get Started',
    ctaLink: LINKS.chatApp,
    highlight: false,
    priceZar: 0,
    validThrough,
  };
}

const PAID_PLANS: readonly Plan[] = [
  {
    name: 'Professional',
    description: 'For practitioners and small firms who use Ledgerwise every day.',
    price: 'R200',
    period: 'per month, excl. VAT',
    features: [
      'Advanced features',
      'Internet research',
      'Action item extractor',
      'Report writer',
      'Email writer',
      'Priority support',
    ],
    ctaLabel: 'Start 30-day free trial',
    ctaLink: LINKS.chatApp,
    highlight: true,
    priceZar: 200,
    note: 'R200 per month excluding VAT. No credit card needed for the trial.',
  },
  {
    name: 'Enterprise',
    description: 'For firms and finance teams that need seats, controls and onboarding.',
    price: 'Custom',
    period: 'contact us',
    features: [
      'Everything in Professional',
      'Team seats and shared workspaces',
      'Custom integrations',
      'POPIA operator agreement',
      'Onboarding and training',
      'Dedicated account manager',
    ],
    ctaLabel: 'Contact Us',
    ctaLink: '/contact',
    highlight: false,
    priceZar: null,
    note: 'Enterprise plan changes take effect from the next billing cycle.',
  },
];

/**
 * The plans on offer: Free, Professional and Enterprise while the Free plan's term runs. Once its
 * last day has passed the Free plan is no longer offered, so it is left out rather than shown as
 * a current offer (the pricing FAQ says when it ended).
 */
export function buildPlans(term: FreePlanTerm): readonly Plan[] {
  return term.open ? [freePlan(term), ...PAID_PLANS] : PAID_PLANS;
}

export const PLANS = buildPlans(FREE_PLAN_TERM);

/** Shown under the plan cards. */
export const PRICING_NOTES: readonly string[] = [
  'Annual discounts are offered on every paid plan: ask us for a quote.',
  'All prices exclude VAT, which is added at the prevailing rate on your tax invoice.',
];
