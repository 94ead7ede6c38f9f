/** The copy of the blog list, the post pages and the blog's not-found page. */
export const BLOG_COPY = {
  title: 'Ledgerwise Blog',
  tagline: 'Insights, updates, and news about AI in finance, tax, and accounting.',
  featured: 'Featured Article',
  recent: 'Recent Articles',
  empty: {
    title: 'No Blogs Yet',
    text: 'Check back soon for insights on AI in finance, tax, and accounting.',
  },
  error: {
    title: 'Failed to load blogs',
    text: 'The blog could not be loaded from the content server. Please try again later.',
  },
  notFound: {
    title: 'Blog Post Not Found',
    text: "The blog post you're looking for doesn't exist or has been removed.",
  },
  backToBlog: 'Back to Blog',
  /** The table of contents of a long post. */
  contents: 'Contents',
  /** Up to three posts at the end of a post. */
  related: 'Related Articles',
  topics: {
    title: 'Topics',
    tagline: 'Every subject we write about, with the number of articles on each.',
    /** Label of a post's topic links, and of the row of topics on the blog. */
    label: 'Topics',
    all: 'All topics',
    count: (n: number) => (n === 1 ? '1 article' : `${n} articles`),
    /** A topic's page when its editor gave no description. */
    about: (name: string) => `Articles on ${name} from the Ledgerwise Blog.`,
  },
  authors: {
    /** An author's page when their bio is empty. */
    about: (name: string) => `Articles by ${name} on the Ledgerwise Blog.`,
  },
  /** What a post's generated share card shows, for those who cannot see it. */
  shareCardAlt: (title: string) => `${title} (Ledgerwise Blog)`,
  /** "Try … Free" with the product's name. */
  tryFree: (product: string) => `Try ${product} Free`,
  search: {
    label: 'Search articles',
    placeholder: 'Search articles',
    submit: 'Search',
    count: (n: number, query: string) =>
      `${n === 1 ? '1 article matches' : `${n} articles match`} “${query}”.`,
    none: (query: string) => `No articles match “${query}”.`,
    /** The drop-down's last link when it cannot show every match. */
    all: (n: number) => `See all ${n} results`,
    /** The search page shows this many at most. */
    first: (n: number) => `Showing the first ${n}.`,
    loadFailed: 'Search could not be loaded. Please try again, or browse the topics.',
    /** The search page (/blog/search): where the box leads when there is no script. */
    page: {
      title: 'Search the Blog',
      tagline: 'Find articles on tax, audit, accounting and AI in practice.',
      noScript:
        'Search runs in your browser and needs JavaScript, which is turned off here. Browse the articles by topic instead:',
      browse: 'Browse by topic',
    },
  },
  newsletter: {
    title: 'Subscribe to Our Newsletter',
    text: 'The latest insights on AI in finance, tax, and accounting, straight to your inbox.',
    label: 'Email address',
    placeholder: 'Enter your email',
    button: 'Subscribe',
    sending: 'Subscribing...',
    /** After the consent checkbox, before the link to the privacy policy. */
    privacy:
      'We email you once to confirm the address before the first issue, and use it only to send the newsletter, as our',
    /** Each of these ends with the support address as a mailto: link. */
    notConfigured: 'Sign-up is not available on this copy of the site. To subscribe, email us at',
    noScript: 'Subscribing here needs JavaScript. To subscribe without it, email us at',
    loadFailed: 'The sign-up could not be loaded. To subscribe, email us at',
  },
} as const;
