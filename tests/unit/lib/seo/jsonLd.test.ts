import { describe, expect, it } from 'vitest';
import {
  buildBlogPostingJsonLd,
  buildContactPageJsonLd,
  buildFaqPageJsonLd,
  buildOrganizationJsonLd,
  buildProductJsonLd,
  buildWebSiteJsonLd,
} from '@/lib/seo/jsonLd';

const PRODUCT = {
  name: 'Ledgerwise',
  description: 'AI assistant',
  url: 'https://example.test/pricing',
  site: 'https://example.test/',
};

describe('buildProductJsonLd', () => {
  it('prices offers in ZAR per month without VAT and leaves a custom plan unpriced', () => {
    const data = buildProductJsonLd(PRODUCT, [
      {
        name: 'Free',
        description: 'free',
        priceZar: 0,
        ctaLink: 'https://app.example.test',
        validThrough: '2099-12-31T23:59:59+02:00',
      },
      { name: 'Pro', description: 'pro', priceZar: 200, ctaLink: 'https://app.example.test' },
      { name: 'Enterprise', description: 'custom', priceZar: null, ctaLink: '/contact' },
    ]);
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Ledgerwise',
    });
    const offers = data.offers as Array<Record<string, unknown>>;
    expect(offers[0]).toMatchObject({
      price: '0.00',
      priceCurrency: 'ZAR',
      validThrough: '2099-12-31T23:59:59+02:00',
    });
    expect(offers[1]).not.toHaveProperty('validThrough');
    expect(offers[1]).toMatchObject({
      price: '200.00',
      priceCurrency: 'ZAR',
      priceSpecification: { unitCode: 'MON', valueAddedTaxIncluded: false, price: 200 },
    });
    expect(offers[2]).not.toHaveProperty('price');
    expect(offers[2].url).toBe('https://example.test/contact');
    expect(JSON.parse(JSON.stringify(data))).toEqual(data);
  });

  it('prices a free trial for its days, not per month', () => {
    const data = buildProductJsonLd(PRODUCT, [
      { name: 'Free Trial', description: 'trial', priceZar: 0, ctaLink: '/', trialDays: 30 },
      { name: 'Pro', description: 'pro', priceZar: 200, ctaLink: '/' },
    ]);
    const offers = data.offers as Array<Record<string, unknown>>;
    expect(offers.map((offer) => offer.name)).toEqual(['Free Trial', 'Pro']);
    expect(offers[0]).toMatchObject({
      price: '0.00',
      priceCurrency: 'ZAR',
      eligibleDuration: { '@type': 'QuantitativeValue', value: 30, unitCode: 'DAY' },
    });
    expect(offers[0]).not.toHaveProperty('priceSpecification');
    expect(offers[1]).not.toHaveProperty('eligibleDuration');
  });
});

describe('buildFaqPageJsonLd', () => {
  it('turns every entry into a Question with an accepted Answer', () => {
    const data = buildFaqPageJsonLd(
      [
        { question: 'Q1?', answer: 'A1.' },
        { question: 'Q2?', answer: 'A2.' },
      ],
      'https://example.test/faq',
    );
    expect(data).toEqual({
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      url: 'https://example.test/faq',
      mainEntity: [
        { '@type': 'Question', name: 'Q1?', acceptedAnswer: { '@type': 'Answer', text: 'A1.' } },
        { '@type': 'Question', name: 'Q2?', acceptedAnswer: { '@type': 'Answer', text: 'A2.' } },
      ],
    });
  });
});

describe('page builders on a canonical origin', () => {
  const origin = new URL('https://preview.example.test');

  it('the Organization names its profile only when one is set, and the WebSite points at it', () => {
    const organization = buildOrganizationJsonLd(origin);
    expect(organization['@id']).toBe('https://preview.example.test/#organization');
    expect(organization).not.toHaveProperty('sameAs');
    expect(buildOrganizationJsonLd(origin, 'https://social.example/x').sameAs).toEqual([
      'https://social.example/x',
    ]);
    expect(buildWebSiteJsonLd(origin).publisher).toEqual({ '@id': organization['@id'] });
  });

  it('a BlogPosting has absolute URLs on the origin and ISO dates', () => {
    const data = buildBlogPostingJsonLd(origin, {
      title: 'Provisional tax',
      description: 'Deadlines',
      published: new Date('2025-07-01T07:00:00Z'),
      modified: new Date('2025-07-02T08:00:00Z'),
      path: '/blog/abc',
      image: '/og-default.png',
    });
    expect(data).toMatchObject({
      '@type': 'BlogPosting',
      '@id': 'https://preview.example.test/blog/abc#article',
      url: 'https://preview.example.test/blog/abc',
      image: 'https://preview.example.test/og-default.png',
      datePublished: '2025-07-01T07:00:00.000Z',
      dateModified: '2025-07-02T08:00:00.000Z',
    });
  });

  it('the contact page refers to the Organization rather than repeating it', () => {
    expect(buildContactPageJsonLd(origin, '/contact')).toMatchObject({
      url: 'https://preview.example.test/contact',
      mainEntity: { '@id': 'https://preview.example.test/#organization' },
    });
  });
});
