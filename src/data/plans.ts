import { resolveFreePlanTerm, type FreePlanTerm } from '@/lib/freePlan';
import { FREE_PLAN_DEFAULT_END_DATE } from '@/config/site';
import { FREE_PLAN_END_OVERRIDE, LINKS } from '@/config/env';

/** A plan: name, description, price, period, features, cta label, cta link, highlight. */
interface Plan {
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
  /** A free trial's length in days, for structured data. */
  trialDays?: number;
}

export const PRICING_HEADING = {
  title: 'Simple, Transparent Pricing',
  subtitle:
    'Start free, upgrade when Ledgerwise earns its place in your practice. Prices are in South African rand.',
} as const;

export const HIGHLIGHT_BADGE = 'Most Popular';

/** The Free plan's term as this build sees it (the day it runs, FREE_PLAN_END_DATE). */
export const FREE_PLAN_TERM: FreePlanTerm = resolveFreePlanTerm(
  FREE_PLAN_END_OVERRIDE,
  FREE_PLAN_DEFAULT_END_DATE,
  new Date(),
);

const FREE_PLAN_FEATURES = ['Basic bots', 'System advisor', 'Legal updates (coming soon)'];
const TRIAL_CTA_LABEL = 'Start 30-day free trial';
const TRIAL_DAYS = 30;

/**
 * The first card: the Free plan while its term runs; once it has ended, the 30-day free trial of
 * the Professional plan, the one way left to start without paying. A visitor who looks for the
 * Free plan learns when it ended from the pricing FAQ.
 */
function firstPlan({ endLabel, validThrough, open }: FreePlanTerm): Plan {
  if (open) {
    return {
      name: 'Free',
      description: `Free to all users until ${endLabel}.`,
      price: 'R0',
      period: `until ${endLabel}`,
      features: FREE_PLAN_FEATURES,
      ctaLabel: 'Get Started',
      ctaLink: LINKS.chatApp,
      highlight: false,
      priceZar: 0,
      validThrough,
    };
  }
  return {
    name: 'Free Trial',
    description: 'See what Ledgerwise does for your practice before you pay anything.',
    price: 'R0',
    period: `for ${TRIAL_DAYS} days`,
    features: [
      `Every Professional feature for ${TRIAL_DAYS} days`,
      'No credit card needed',
      'Sign-up takes 30 seconds',
      'Your conversations and documents stay in your account',
    ],
    ctaLabel: TRIAL_CTA_LABEL,
    ctaLink: LINKS.chatApp,
    highlight: false,
    priceZar: 0,
    note: 'Nothing is charged when the trial ends: choose a plan to keep going.',
    trialDays: TRIAL_DAYS,
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
    ctaLabel: TRIAL_CTA_LABEL,
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
 * The three plan cards: Free (the 30-day free trial once the Free plan has ended, see firstPlan),
 * Professional and Enterprise.
 */
export function buildPlans(term: FreePlanTerm): readonly Plan[] {
  return [firstPlan(term), ...PAID_PLANS];
}

/** The pricing page's meta description: it names the Free plan only while it is offered. */
export function describePricing(term: FreePlanTerm): string {
  return term.open
    ? `Ledgerwise plans: Free for all users until ${term.endLabel}, Professional at R200 per month excluding VAT with a 30-day free trial, and Enterprise on request.`
    : 'Ledgerwise plans: a 30-day free trial of every Professional feature with no credit card, Professional at R200 per month excluding VAT, and Enterprise on request.';
}

export const PLANS = buildPlans(FREE_PLAN_TERM);

/** Shown under the plan cards. */
export const PRICING_NOTES: readonly string[] = [
  'Annual discounts are offered on every paid plan: ask us for a quote.',
  'All prices exclude VAT, which is added at the prevailing rate on your tax invoice.',
];
