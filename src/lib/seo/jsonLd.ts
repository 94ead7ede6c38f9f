/**
 * Schema.org structured data of every page, built from the static data and the content entries.
 * Each builder takes the canonical origin, so it stays a pure function of its arguments.
 */
import { CONTACT, SITE } from '@/config/site';

export type JsonLdObject = Record<string, unknown>;

const SCHEMA_ORG = 'https://schema.org';

/** The Organization's node id: every other node refers to it rather than repeating it. */
const organizationId = (origin: URL) => new URL('/#organization', origin).href;

/** The Organization, declared once per page by the head component; other nodes refer to its @id. */
export function buildOrganizationJsonLd(origin: URL, socialUrl?: string): JsonLdObject {
  return {
    '@context': SCHEMA_ORG,
    '@type': 'Organization',
    '@id': organizationId(origin),
    name: SITE.name,
    legalName: SITE.company,
    url: origin.href,
    logo: new URL('/logo.svg', origin).href,
    email: CONTACT.supportEmail,
    // Only profiles that exist: no sameAs at all until PUBLIC_SOCIAL_URL names one.
    ...(socialUrl ? { sameAs: [socialUrl] } : {}),
    address: {
      '@type': 'PostalAddress',
      addressLocality: CONTACT.location.city,
      addressRegion: CONTACT.location.region,
      addressCountry: CONTACT.location.countryCode,
    },
    contactPoint: {
      '@type': 'ContactPoint',
      contactType: 'customer support',
      email: CONTACT.supportEmail,
    },
  };
}

/** The WebSite, published by the Organization. */
export function buildWebSiteJsonLd(origin: URL): JsonLdObject {
  return {
    '@context': SCHEMA_ORG,
    '@type': 'WebSite',
    '@id': new URL('/#website', origin).href,
    name: SITE.name,
    description: SITE.description,
    url: origin.href,
    inLanguage: SITE.locale,
    publisher: { '@id': organizationId(origin) },
  };
}

/** The contact page; the Organization it is about carries the address and contact point. */
export function buildContactPageJsonLd(origin: URL, path: string): JsonLdObject {
  return {
    '@context': SCHEMA_ORG,
    '@type': 'ContactPage',
    name: `Contact ${SITE.name}`,
    url: new URL(path, origin).href,
    mainEntity: { '@id': organizationId(origin) },
  };
}

interface ArticleInfo {
  title: string;
  description: string;
  published: Date;
  modified: Date;
  /** The post's path on the site. */
  path: string;
  /** Path or absolute URL of its social image. */
  image: string;
  /** Its topics' names. */
  keywords?: string[];
  /** Its named authors; none: the site's team. */
  authors?: { name: string; jobTitle?: string; path: string }[];
}

/** A blog post, written by the site's team and published by the Organization. */
export function buildBlogPostingJsonLd(origin: URL, article: ArticleInfo): JsonLdObject {
  const url = new URL(article.path, origin).href;
  return {
    '@context': SCHEMA_ORG,
    '@type': 'BlogPosting',
    '@id': `${url}#article`,
    headline: article.title,
    description: article.description,
    datePublished: article.published.toISOString(),
    dateModified: article.modified.toISOString(),
    author: article.authors?.length
      ? article.authors.map((author) => ({
          '@type': 'Person',
          name: author.name,
          ...(author.jobTitle ? { jobTitle: author.jobTitle } : {}),
          url: new URL(author.path, origin).href,
        }))
      : { '@type': 'Organization', name: SITE.blogAuthor, url: origin.href },
    publisher: { '@id': organizationId(origin) },
    mainEntityOfPage: url,
    url,
    image: new URL(article.image, origin).href,
    ...(article.keywords?.length ? { keywords: article.keywords } : {}),
    inLanguage: SITE.locale,
  };
}

interface PersonInfo {
  name: string;
  jobTitle?: string;
  description?: string;
  /** Their page on the site. */
  path: string;
  /** Absolute URL or path of their picture. */
  image?: string;
}

/** An author's page: a ProfilePage about the Person, who works for the Organization. */
export function buildProfilePageJsonLd(origin: URL, person: PersonInfo): JsonLdObject {
  const url = new URL(person.path, origin).href;
  return {
    '@context': SCHEMA_ORG,
    '@type': 'ProfilePage',
    url,
    mainEntity: {
      '@type': 'Person',
      '@id': `${url}#person`,
      name: person.name,
      ...(person.jobTitle ? { jobTitle: person.jobTitle } : {}),
      ...(person.description ? { description: person.description } : {}),
      ...(person.image ? { image: new URL(person.image, origin).href } : {}),
      url,
      worksFor: { '@id': organizationId(origin) },
    },
  };
}

interface CollectionInfo {
  name: string;
  description: string;
  /** The page's path on the site. */
  path: string;
  /** The paths of the pages it lists, in order. */
  items: string[];
}

/** A page listing other pages (a topic's posts, the topics), part of the WebSite. */
export function buildCollectionPageJsonLd(origin: URL, page: CollectionInfo): JsonLdObject {
  return {
    '@context': SCHEMA_ORG,
    '@type': 'CollectionPage',
    name: page.name,
    description: page.description,
    url: new URL(page.path, origin).href,
    isPartOf: { '@id': new URL('/#website', origin).href },
    inLanguage: SITE.locale,
    mainEntity: {
      '@type': 'ItemList',
      itemListElement: page.items.map((path, index) => ({
        '@type': 'ListItem',
        position: index + 1,
        url: new URL(path, origin).href,
      })),
    },
  };
}

interface PricedPlan {
  name: string;
  description: string;
  /** Monthly price in rand excluding VAT; null when priced on request. */
  priceZar: number | null;
  ctaLink: string;
  /** The offer's last moment (ISO date-time), when it is offered until a set day. */
  validThrough?: string;
  /** A free trial's length in days: free for that long, not per month. */
  trialDays?: number;
}

interface ProductInfo {
  name: string;
  description: string;
  /** Absolute URL of the pricing page. */
  url: string;
  /** Absolute base for relative plan links. */
  site: string;
}

/**
 * Product with one Offer per plan card: ZAR, monthly, VAT excluded; a custom-priced plan has no
 * price, and a free trial is free for its days (eligibleDuration) rather than per month.
 */
export function buildProductJsonLd(
  product: ProductInfo,
  plans: readonly PricedPlan[],
): JsonLdObject {
  return {
    '@context': SCHEMA_ORG,
    '@type': 'Product',
    name: product.name,
    description: product.description,
    url: product.url,
    brand: { '@type': 'Brand', name: product.name },
    category: 'Business software',
    offers: plans.map((plan) => {
      const offer: JsonLdObject = {
        '@type': 'Offer',
        name: plan.name,
        description: plan.description,
        url: new URL(plan.ctaLink, product.site).href,
        availability: 'https://schema.org/InStock',
        ...(plan.validThrough ? { validThrough: plan.validThrough } : {}),
      };
      if (plan.priceZar === null) return offer;
      const price = { price: plan.priceZar.toFixed(2), priceCurrency: 'ZAR' };
      if (plan.trialDays) {
        return {
          ...offer,
          ...price,
          eligibleDuration: {
            '@type': 'QuantitativeValue',
            value: plan.trialDays,
            unitCode: 'DAY',
          },
        };
      }
      return {
        ...offer,
        ...price,
        priceSpecification: {
          '@type': 'UnitPriceSpecification',
          price: plan.priceZar,
          priceCurrency: 'ZAR',
          unitCode: 'MON',
          referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitCode: 'MON' },
          valueAddedTaxIncluded: false,
        },
      };
    }),
  };
}

/** FAQPage with every question and its answer. */
export function buildFaqPageJsonLd(
  faqs: readonly { question: string; answer: string }[],
  url: string,
): JsonLdObject {
  return {
    '@context': SCHEMA_ORG,
    '@type': 'FAQPage',
    url,
    mainEntity: faqs.map((faq) => ({
      '@type': 'Question',
      name: faq.question,
      acceptedAnswer: { '@type': 'Answer', text: faq.answer },
    })),
  };
}
