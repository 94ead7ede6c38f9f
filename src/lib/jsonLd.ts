/** Schema.org structured data for the pricing and FAQ pages, built from the static data. */

export type JsonLdObject = Record<string, unknown>;

interface PricedPlan {
  name: string;
  description: string;
  /** Monthly price in rand excluding VAT; null when priced on request. */
  priceZar: number | null;
  ctaLink: string;
  /** The offer's last moment (ISO date-time), when it is offered until a set day. */
  validThrough?: string;
}

interface ProductInfo {
  name: string;
  description: string;
  /** Absolute URL of the pricing page. */
  url: string;
  /** Absolute base for relative plan links. */
  site: string;
}

/** Product with one Offer per plan: ZAR, monthly, VAT excluded; a custom-priced plan has no price. */
export function buildProductJsonLd(
  product: ProductInfo,
  plans: readonly PricedPlan[],
): JsonLdObject {
  return {
    '@context': 'https://schema.org',
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
      return {
        ...offer,
        price: plan.priceZar.toFixed(2),
        priceCurrency: 'ZAR',
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
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    url,
    mainEntity: faqs.map((faq) => ({
      '@type': 'Question',
      name: faq.question,
      acceptedAnswer: { '@type': 'Answer', text: faq.answer },
    })),
  };
}
