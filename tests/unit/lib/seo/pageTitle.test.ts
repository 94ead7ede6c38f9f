import { describe, expect, it } from 'vitest';
import { MAX_TITLE_LENGTH, formatPageTitle } from '@/lib/seo/pageTitle';

describe('formatPageTitle', () => {
  it('names the home page with the tagline, within the limit', () => {
    const title = formatPageTitle('Ledgerwise');
    expect(title).toBe('Ledgerwise | AI Automation for Finance, Tax, Accounting and Legal Work');
    expect(title.length).toBeLessThanOrEqual(MAX_TITLE_LENGTH);
  });

  it('adds the product name to a page title', () => {
    expect(formatPageTitle('Pricing')).toBe('Pricing | Ledgerwise');
  });

  it('drops the suffix when it would not fit', () => {
    const title = 'Provisional Tax in South Africa: Deadlines, Penalties and Estimates'; // 68
    expect(formatPageTitle(title)).toBe(title);
  });

  it('cuts a title that is too long on its own at a word, with an ellipsis', () => {
    const title =
      'VAT on Foreign Electronic Services: What South African Firms Need to Know Before Filing';
    const result = formatPageTitle(title);
    expect(result.length).toBeLessThanOrEqual(MAX_TITLE_LENGTH);
    expect(result.endsWith('…')).toBe(true);
    expect(title.startsWith(result.slice(0, -1))).toBe(true);
    expect(result).not.toMatch(/\s…$/);
  });

  it('cuts a single unbroken word too', () => {
    const result = formatPageTitle('x'.repeat(100));
    expect(result).toBe(`${'x'.repeat(MAX_TITLE_LENGTH - 1)}…`);
  });
});
