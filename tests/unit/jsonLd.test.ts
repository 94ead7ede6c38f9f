import { describe, expect, it } from 'vitest';
import { buildFaqPageJsonLd, buildProductJsonLd } from '@/lib/jsonLd';

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
