/**
 * The variant site, built with every optional setting given: what each adds (demo video, social
 * profile, a Free plan that has not ended).
 */
import { expect, test } from '@playwright/test';
import { readJsonLd } from '../support/e2e';
import { expectPlanButtonsAligned } from '../support/pages';
import { VARIANT_SETTINGS as SETTINGS, variantSite } from '../support/sharedSites';

// Independent tests: let both workers take them.
test.describe.configure({ mode: 'parallel' });

test.describe('with every optional setting given', () => {
  test('"See How It Works" opens the demo video in a new tab', async ({ page }) => {
    await page.goto(`${variantSite().url}/`);
    const demo = page.locator('#hero').getByRole('link', { name: /^See How It Works/ });
    await expect(demo).toHaveAttribute('href', SETTINGS.PUBLIC_DEMO_VIDEO_URL);
    await expect(demo).toHaveAttribute('target', '_blank');
    await expect(demo).toHaveAttribute('rel', 'noopener noreferrer');
  });

  test('the social profile is linked in the footer and on /contact, and is the sameAs', async ({
    page,
  }) => {
    await page.goto(`${variantSite().url}/contact`);
    const links = page.getByRole('link', { name: /^Follow Ledgerwise/ });
    await expect(links).toHaveCount(2);
    for (const link of await links.all()) {
      await expect(link).toHaveAttribute('href', SETTINGS.PUBLIC_SOCIAL_URL);
    }
    const organization = (await readJsonLd(page)).find((item) => item['@type'] === 'Organization');
    expect(organization?.sameAs).toEqual([SETTINGS.PUBLIC_SOCIAL_URL]);
  });

  test('a Free plan whose last day lies ahead is offered: card, FAQ, Offer with validThrough', async ({
    page,
  }) => {
    expect(variantSite().output).not.toContain('The Free plan ended');
    await page.goto(`${variantSite().url}/pricing`);
    await expect(page.locator('[data-plan] h2')).toHaveText(['Free', 'Professional', 'Enterprise']);
    const free = page.locator('[data-plan="Free"]');
    await expect(free).toContainText('Free to all users until 31 December 2099');
    await expect(free.locator('[data-plan-price]')).toHaveText(/R0\s*until 31 December 2099/);
    await expect(free.locator('[data-plan-features] li')).toHaveText([
      'Basic bots',
      'System advisor',
      'Legal updates (coming soon)',
    ]);
    const cta = free.getByRole('link', { name: /^Get Started/ });
    await expect(cta).toHaveAttribute('href', /^https:\/\/app\./);
    await expect(cta).toHaveAttribute('target', '_blank');
    await expect(page.locator('[data-plan="Free Trial"]')).toHaveCount(0);
    await expectPlanButtonsAligned(page, 390);
    await expectPlanButtonsAligned(page, 1280);
    await expect(page.locator('#pricing-faq')).toContainText(
      'The Free plan is free to all users until 31 December 2099. It includes basic bots and a system advisor, with legal updates coming soon.',
    );
    const product = (await readJsonLd(page)).find((item) => item['@type'] === 'Product');
    const offers = product?.offers as Array<Record<string, unknown>>;
    expect(offers.map((offer) => offer.name)).toEqual(['Free', 'Professional', 'Enterprise']);
    expect(offers[0]).toMatchObject({
      price: '0.00',
      validThrough: '2099-12-31T23:59:59+02:00',
    });
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      'Ledgerwise plans: Free for all users until 31 December 2099, Professional at R200 per month excluding VAT with a 30-day free trial, and Enterprise on request.',
    );
  });
});
