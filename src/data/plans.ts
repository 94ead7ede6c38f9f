import { LINKS } from '@/site.config';

/** Spec §3 Plan (static): name, description, price, period, features, cta label, cta link, highlight. */
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
}

export const PRICING_HEADING = {
  title: 'Simple, Transparent Pricing',
  subtitle:
    'Start free, upgrade when Ledgerwise earns its place in your practice. Prices are in South African rand.',
} as const;

export const HIGHLIGHT_BADGE = 'Most Popular';

/** Spec §9: the three plans. */
export const PLANS: readonly Plan[] = [
  {
    name: 'Free',
    description: 'Free to all users until 21 July 2025.',
    price: 'R0',
    period: 'until 21 July 2025',
    features: ['Basic bots', 'System advisor', 'Legal updates (coming soon)'],
    ctaLabel: 'Get Started',
    ctaLink: LINKS.chatApp,
    highlight: false,
    priceZar: 0,
  },
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

/** Shown under the plan cards. */
export const PRICING_NOTES: readonly string[] = [
  'Annual discounts are offered on every paid plan: ask us for a quote.',
  'All prices exclude VAT, which is added at the prevailing rate on your tax invoice.',
];
