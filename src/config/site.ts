/**
 * The one home of every brand string, URL, address, timing and limit the site uses: constants
 * only, so scripts and tests import it without Astro. What a build's environment decides (the
 * canonical origin, the outbound links) comes from `config/env.ts`.
 */

interface NavLink {
  label: string;
  href: string;
  /** Opens in a new tab with rel="noopener noreferrer". */
  external?: boolean;
}

export const SITE = {
  /** The canonical origin when SITE_URL is unset (config/env.ts, astro.config.ts). */
  url: 'https://ledgerwise.co.za',
  name: 'Ledgerwise',
  company: 'Ledgerwise (Pty) Ltd',
  tagline: 'AI Automation for Finance, Tax, Accounting and Legal Work',
  description:
    'Ledgerwise is an AI assistant for South African finance, tax, accounting, audit and legal professionals: research with cited answers, client emails, document analysis and task lists in one place.',
  /** BCP 47: the page language, JSON-LD, RSS; Open Graph spells it with an underscore. */
  locale: 'en-ZA',
  /** Fixed author line on blog posts: the product's name followed by "Team". */
  blogAuthor: 'Ledgerwise Team',
  themeStorageKey: 'ledgerwise-ui-theme',
  themeColor: { light: '#ffffff', dark: '#0b1120' },
  defaultSocialImage: '/og-default.png',
} as const;

/*
 * PLACEHOLDERS: the chat app and sister-product sites sit on the product's own subdomains until
 * the real deployments are known. A build overrides each with its PUBLIC_* variable (config/env.ts,
 * .env.example). The demo video and the social profile have no default: a link to a page that
 * does not exist is worse than no link.
 */
export const DEFAULT_LINKS = {
  chatApp: 'https://app.ledgerwise.co.za',
  sisterProduct: 'https://bringspark.ledgerwise.co.za',
} as const;

export const SISTER_PRODUCT = {
  name: 'BringSpark',
  /** The internal page used on mobile; the desktop link goes to the product's own site. */
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
 * variable FREE_PLAN_END_DATE (YYYY-MM-DD) moves it; once it has passed, the pricing page's first
 * card offers the 30-day free trial instead.
 */
export const FREE_PLAN_DEFAULT_END_DATE = '2025-07-21';

/** Timings and layout. */
export const TIMING = {
  headerScrollThresholdPx: 20,
  typing: { charDelayMs: 75, pauseMs: 1500, deleteFactor: 0.5 },
  carousel: {
    autoplayMs: 8000,
    speedMs: 550,
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
  /** Records a page when the loader reads small records (topics, authors, testimonials, ids). */
  loaderBatchSize: 500,
  /**
   * What one page of whole posts may weigh at most: with each body at most bodyMaxBytes (which
   * PocketBase enforces), the loader reads loaderPageBytes / bodyMaxBytes posts a page, so no
   * answer outgrows the build's memory however large the posts are.
   */
  loaderPageBytes: 64 * 1024 * 1024,
  excerptLength: 150,
  wordsPerMinute: 200,
  /** A post with at least this many `h2` sections gets a table of contents. */
  contentsMinSections: 3,
  /** Posts suggested at the end of a post. */
  relatedPosts: 3,
  contactRateLimitMs: 10_000,
  /** A picture the build downloads (PocketBase's or another host's): whole download, bytes. */
  imageDownloadTimeoutMs: 10_000,
  imageMaxBytes: 10 * 1024 * 1024,
  /** Width × height, read from the file's header before any decoding (a 50-megapixel photo). */
  imageMaxPixels: 50_000_000,
  /** Pictures in one post's body; the rest are left out and named in the warnings. */
  picturesPerPost: 40,
  /** The whole time one build may spend downloading pictures from hosts other than PocketBase. */
  remotePicturesBudgetMs: 120_000,
  /**
   * A post's body as PocketBase stores it (its editor field's maxSize): pasted pictures leave the
   * body at save, so this is text and markup.
   */
  bodyMaxBytes: 1024 * 1024,
  /**
   * Elements inside each other in a post's body, at most: far more than any formatting needs,
   * and far less than would overflow a parser's or serialiser's stack.
   */
  bodyMaxDepth: 200,
} as const;

/**
 * The sizes the build makes of a picture. Kept apart from LIMITS, which the browser's script
 * carries (the contact form reads it): nothing in the browser reads these, so no bundle holds them.
 */
export const PICTURES = {
  /**
   * The widest, in pixels, that any page shows a picture (a banner or a body picture at twice the
   * 400 px they take on a phone, a post's share image): the largest size the site makes of one.
   */
  maxWidth: 800,
  /**
   * A still picture wider than maxWidth and larger than this many bytes is kept at that width
   * (cms/images/imageCache.ts): under it, making it smaller costs more than it saves.
   */
  keptBytes: 256 * 1024,
} as const;

/**
 * How the build waits out PocketBase's rate limiter (an HTTP 429) instead of failing on it
 * (cms/rateLimit.ts). Apart from LIMITS for the same reason as PICTURES.
 */
export const RATE_LIMIT_WAITS = {
  /**
   * The wait after a 429 without Retry-After: the longest window of the project's rules
   * (pocketbase/pb_migrations/1795737603_rate_limits.js). PocketBase's windows are fixed, so once
   * the longest has passed, every limit that refused the build has started afresh.
   */
  windowMs: 10_000,
  /**
   * The build gives up, naming what to change, once PocketBase has let none of its requests
   * through for this long, or one request has waited this long in all: six of those windows,
   * which only a limiter that someone else keeps full (or limits set far below the build's
   * needs) refuses the build for.
   */
  maxWaitMs: 60_000,
} as const;

export const HERO_PHRASES = ['Accounting', 'Tax', 'Statutory', 'Audit'] as const;
