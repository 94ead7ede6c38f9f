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
  /** An offer whose term is over: its card says so, and structured data leave it out. */
  ended?: boolean;
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

/**
 * The Free card while its term runs, or once it has ended. An ended card stays on the page so a
 * visitor who looks for it learns when it ended, but it no longer lists what it gives (nobody can
 * have it now) and its button offers what a visitor who wanted to start free can still do: the
 * Professional plan's free trial, with the same label and destination as that plan's button.
 */
function freePlan({ endLabel, validThrough, open }: FreePlanTerm): Plan {
  const common = {
    name: 'Free',
    price: 'R0',
    ctaLink: LINKS.chatApp,
    highlight: false,
    priceZar: 0,
  };
  return open
    ? {
        ...common,
        description: `Free to all users until ${endLabel}.`,
        period: `until ${endLabel}`,
        features: FREE_PLAN_FEATURES,
        ctaLabel: 'Get Started',
        validThrough,
      }
    : {
        ...common,
        description: `Free access ended on ${endLabel}. Try every Professional feature free for 30 days instead.`,
        period: `ended ${endLabel}`,
        features: [],
        ctaLabel: TRIAL_CTA_LABEL,
        ended: true,
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
 * The three plan cards: Free, Professional and Enterprise. The Free card reads as ended once its
 * last day has passed (see freePlan).
 */
export function buildPlans(term: FreePlanTerm): readonly Plan[] {
  return [freePlan(term), ...PAID_PLANS];
}

/** The pricing page's meta description: it names the Free plan only while it is offered. */
export function describePricing(term: FreePlanTerm): string {
  const free = term.open ? `Free for all users until ${term.endLabel}, ` : '';
  return `Ledgerwise plans: ${free}Professional at R200 per month excluding VAT with a 30-day free trial, and Enterprise on request.`;
}

export const PLANS = buildPlans(FREE_PLAN_TERM);

/** Shown under the plan cards. */
export const PRICING_NOTES: readonly string[] = [
  'Annual discounts are offered on every paid plan: ask us for a quote.',
  'All prices exclude VAT, which is added at the prevailing rate on your tax invoice.',
];
