/**
 * The one home of every brand string, URL, address, timing and limit the spec names.
 * Components and pages import from here; nothing else hard-codes these values.
 */

import {
  PUBLIC_BRINGSPARK_URL,
  PUBLIC_CHAT_APP_LOGIN_URL,
  PUBLIC_CHAT_APP_URL,
  PUBLIC_DEMO_VIDEO_URL,
  PUBLIC_SOCIAL_URL,
} from 'astro:env/client';

export interface NavLink {
  label: string;
  href: string;
  /** Opens in a new tab with rel="noopener noreferrer". */
  external?: boolean;
}

/*
 * PLACEHOLDERS: the chat app and sister-product URLs below sit on the product's own subdomains
 * until the real deployments are known. Each can be overridden at build time by the PUBLIC_*
 * variable named beside it (see .env.example). The demo video and the social profile have no
 * default: a link to a page that does not exist is worse than no link.
 */
const CHAT_APP_URL = PUBLIC_CHAT_APP_URL || 'https://app.ledgerwise.co.za';

export const SITE = {
  name: 'Ledgerwise',
  company: 'Ledgerwise (Pty) Ltd',
  tagline: 'AI Automation for Finance, Tax, Accounting and Legal Work',
  description:
    'Ledgerwise is an AI assistant for South African finance, tax, accounting, audit and legal professionals: research with cited answers, client emails, document analysis and task lists in one place.',
  /** Used for canonical URLs and the sitemap; astro.config.mjs reads SITE_URL for `site`. */
  locale: 'en-ZA',
  /** Fixed author line on blog posts: the product's name followed by "Team". */
  blogAuthor: 'Ledgerwise Team',
  themeStorageKey: 'ledgerwise-ui-theme',
  themeColor: { light: '#ffffff', dark: '#0b1120' },
  defaultSocialImage: '/og-default.png',
} as const;

export const LINKS = {
  chatApp: CHAT_APP_URL,
  /** PUBLIC_CHAT_APP_LOGIN_URL */
  chatAppLogin: PUBLIC_CHAT_APP_LOGIN_URL || `${CHAT_APP_URL}/login`,
  /** PUBLIC_DEMO_VIDEO_URL; unset: "See How It Works" leads to the home page's steps. */
  demoVideo: PUBLIC_DEMO_VIDEO_URL || undefined,
  /** PUBLIC_SOCIAL_URL: the company's social profile page; unset: no social link anywhere. */
  social: PUBLIC_SOCIAL_URL || undefined,
} as const;

export const SISTER_PRODUCT = {
  name: 'BringSpark',
  /** PUBLIC_BRINGSPARK_URL: the sister product's own site (desktop link). */
  externalUrl: PUBLIC_BRINGSPARK_URL || 'https://bringspark.ledgerwise.co.za',
  /** The internal page used on mobile. */
  internalPath: '/bringspark',
} as const;

export const CONTACT = {
  supportEmail: 'support@ledgerwise.co.za',
  technicalEmail: 'tech@ledgerwise.co.za',
  /** The fixed recipient label sent to EmailJS as `to_name`. */
  recipientName: 'Ledgerwise Support',
  location: {
    /** Footer: "Johannesburg, South Africa". */
    short: 'Johannesburg, South Africa',
    /** Contact page: "Johannesburg, Gauteng, South Africa". */
    full: 'Johannesburg, Gauteng, South Africa',
    city: 'Johannesburg',
    region: 'Gauteng',
    country: 'South Africa',
    countryCode: 'ZA',
  },
} as const;

export const NAV_LINKS: readonly NavLink[] = [
  { label: 'Home', href: '/' },
  { label: 'About', href: '/about' },
  { label: 'Pricing', href: '/pricing' },
  { label: 'FAQ', href: '/faq' },
  { label: 'Blog', href: '/blog' },
  { label: 'Contact', href: '/contact' },
];

export const FOOTER_LINKS = {
  quick: [
    { label: 'Home', href: '/' },
    { label: 'About Us', href: '/about' },
    { label: 'Pricing', href: '/pricing' },
    { label: 'FAQs', href: '/faq' },
    { label: 'Blog', href: '/blog' },
    { label: 'Contact', href: '/contact' },
    { label: SISTER_PRODUCT.name, href: SISTER_PRODUCT.internalPath },
  ],
  legal: [
    { label: 'Privacy Policy', href: '/privacy-policy' },
    { label: 'Terms of Service', href: '/terms-of-service' },
    { label: 'Terms & Conditions', href: '/policies' },
  ],
} as const satisfies Record<string, readonly NavLink[]>;

/**
 * The Free plan is free to all users until the end of this day (Johannesburg time). The build
 * variable FREE_PLAN_END_DATE (YYYY-MM-DD) moves it; once it has passed, the plan shows as ended.
 */
export const FREE_PLAN_DEFAULT_END_DATE = '2025-07-21';

/** Timings and layout. */
export const TIMING = {
  headerScrollThresholdPx: 20,
  headerHeightRem: 5,
  typing: { charDelayMs: 75, pauseMs: 1500, deleteFactor: 0.5 },
  carousel: {
    autoplayMs: 8000,
    speedMs: 550,
    heightPx: 420,
    /** Slides per view from a min-width (px) upwards. */
    breakpoints: { 0: 1, 768: 2, 1024: 3 },
  },
  marqueeSpeed: 40,
  featureHover: { particles: 12, glowRadiusPx: 400 },
  shimmerSeconds: 5,
  toastMs: 5000,
} as const;

/** Limits and derived-content rules. */
export const LIMITS = {
  listPageSize: 30,
  /** PocketBase caps perPage at 500: the loader reads in batches of this size. */
  loaderBatchSize: 500,
  excerptLength: 150,
  wordsPerMinute: 200,
  contactRateLimitMs: 10_000,
  /** A picture the build downloads (PocketBase's or another host's): whole download, bytes. */
  imageDownloadTimeoutMs: 10_000,
  imageMaxBytes: 10 * 1024 * 1024,
} as const;

export const HERO_PHRASES = ['Accounting', 'Tax', 'Statutory', 'Audit'] as const;
