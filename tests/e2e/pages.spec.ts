/**
 * The marketing pages besides Home on the shared site: About, Pricing, the FAQ accordion and the
 * sister product page.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { readJsonLd, waitForIsland } from '../support/e2e';
import { SUPPORT_EMAIL, expectPlanButtonsAligned, readChatAppUrl } from '../support/pages';

// Independent tests: let both workers take them. That every link to another site opens in a new
// tab, and no link of the site does, quality.spec proves for every link of these pages.
test.describe.configure({ mode: 'parallel' });

test.describe('sister product page', () => {
  test('/bringspark says coming soon and links to its site in a new tab', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/bringspark');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('BringSpark');
    await expect(page.locator('main')).toContainText('Coming soon');
    // The same external address as the header's desktop sister-product link.
    const headerLink = page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: /BringSpark/ });
    const externalUrl = await headerLink.getAttribute('href');
    expect(externalUrl).toMatch(/^https:\/\//);
    const site = page.locator('main').getByRole('link', { name: /Visit the BringSpark site/ });
    await expect(site).toHaveAttribute('href', externalUrl!);
    await expect(page.locator('#planned [data-card-grid] > li')).toHaveCount(3);
  });
});

test.describe('about', () => {
  test('vision, founder story, team of two, four values, three steps', async ({ page }) => {
    const chatAppUrl = await readChatAppUrl(page);
    await page.goto('/about');
    const main = page.locator('main');
    await expect(page.locator('#vision h2')).toHaveText('Our Vision');
    await expect(page.locator('#story p')).not.toHaveCount(0);
    await expect(page.locator('#story')).toContainText('19 years');

    const team = page.locator('[data-team] > li');
    await expect(team).toHaveCount(2);
    await expect(team.nth(0)).toContainText('Founder & CEO');
    await expect(team.nth(0)).toContainText('19+ years of finance experience');
    await expect(team.nth(1)).toContainText('Co-founder & Lead Engineer');

    await expect(page.locator('#values [data-card-grid] > li h3')).toHaveText([
      'Accuracy First',
      'Client-Centric',
      'Innovation',
      'Security',
    ]);

    const steps = page.locator('#get-started-steps [data-steps] > li');
    await expect(steps).toHaveCount(3);
    await expect(steps.nth(0)).toContainText('30-day free trial');
    await expect(steps.nth(0)).toContainText('No credit card');
    await expect(steps.nth(0)).toContainText('30 seconds');
    await expect(steps.nth(1)).toContainText(/upload/i);
    await expect(steps.nth(2)).toContainText(/cited answers/i);
    await expect(steps.nth(2)).toContainText(/task list/i);

    const getStarted = main.locator('[data-cta-band]').getByRole('link', { name: /^Get Started/ });
    await expect(getStarted).toHaveAttribute('href', chatAppUrl);
  });
});

test.describe('pricing', () => {
  // The suite's build runs after the Free plan's default last day (21 July 2025), so the first card
  // is the 30-day free trial. The variant site is built with a later day (settings.spec).
  test('three plan cards with their texts, prices and calls to action; the first is the free trial', async ({
    page,
  }) => {
    const chatAppUrl = await readChatAppUrl(page);
    await page.goto('/pricing');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Simple, Transparent Pricing');
    const plans = page.locator('[data-plans] > li');
    await expect(plans.locator('h2')).toHaveText(['Free Trial', 'Professional', 'Enterprise']);

    const trial = page.locator('[data-plan="Free Trial"]');
    await expect(trial.locator('[data-plan-price]')).toHaveText(/R0\s*for 30 days/);
    await expect(trial.locator('[data-plan-features] li')).toHaveText([
      'Every Professional feature for 30 days',
      'No credit card needed',
      'Sign-up takes 30 seconds',
      'Your conversations and documents stay in your account',
    ]);
    await expect(trial).toContainText('Nothing is charged when the trial ends');
    await expect(trial.getByRole('link')).toHaveCount(1);
    const start = trial.getByRole('link', { name: /^Start 30-day free trial/ });
    await expect(start).toHaveAttribute('href', chatAppUrl);
    await expect(start).toHaveAttribute('target', '_blank');
    // No card offers what has ended, or says so: the pricing FAQ tells who looks for it.
    await expect(page.locator('#plans')).not.toContainText(
      /ended|until|free to all users|Get Started/i,
    );
    await expect(page.locator('#pricing-faq')).toContainText(
      'The Free plan ended on 21 July 2025.',
    );

    const pro = page.locator('[data-plan="Professional"]');
    await expect(pro).toHaveAttribute('data-highlight', 'true');
    await expect(page.locator('[data-plans] > li[data-highlight]')).toHaveCount(1);
    await expect(pro).toContainText('Most Popular');
    await expect(pro.locator('[data-plan-price]')).toHaveText(/R200\s*per month, excl\. VAT/);
    await expect(pro).toContainText('R200 per month excluding VAT');
    await expect(pro.locator('[data-plan-features] li')).toHaveText([
      'Advanced features',
      'Internet research',
      'Action item extractor',
      'Report writer',
      'Email writer',
      'Priority support',
    ]);
    const proTrial = pro.getByRole('link', { name: /^Start 30-day free trial/ });
    await expect(proTrial).toHaveAttribute('href', chatAppUrl);

    const enterprise = page.locator('[data-plan="Enterprise"]');
    await expect(enterprise.locator('[data-plan-price]')).toContainText('Custom');
    await expect(enterprise).toContainText('next billing cycle');
    await expect(enterprise.getByRole('link', { name: 'Contact Us' })).toHaveAttribute(
      'href',
      '/contact',
    );

    await expect(page.locator('[data-pricing-notes]')).toContainText(
      'Annual discounts are offered',
    );
  });

  test('a pricing FAQ on VAT, annual discounts and Enterprise changes; the call-to-action band', async ({
    page,
  }) => {
    const chatAppUrl = await readChatAppUrl(page);
    await page.goto('/pricing');
    const faq = page.locator('#pricing-faq');
    await expect(faq.getByRole('heading', { level: 2 })).toHaveText('Pricing Questions');
    await expect(faq.locator('[data-faq-item]')).toHaveCount(6);
    await expect(faq.locator('[data-faq-item] h3 button').first()).toBeVisible();
    for (const answer of ['R200 per month excluding VAT', 'Annual discounts', 'next billing cycle'])
      await expect(faq).toContainText(answer);
    const band = page.locator('[data-cta-band]');
    await expect(band.getByRole('link', { name: /^Start 30-day free trial/ })).toHaveAttribute(
      'href',
      chatAppUrl,
    );
    await expect(band.getByRole('link', { name: 'Request a Demo' })).toHaveAttribute(
      'href',
      '/contact',
    );
  });

  test('the buttons of the three cards are one height, at the cards’ foot, in line at 1280 px', async ({
    page,
  }) => {
    await page.goto('/pricing');
    await expectPlanButtonsAligned(page, 390);
    await expectPlanButtonsAligned(page, 1280);
  });

  // How an offer is priced (per month, VAT excluded; a custom plan unpriced; a trial for its
  // days): jsonLd.test.ts.
  test('Product JSON-LD with the cards on the page: the free trial, Professional at 200 ZAR, Enterprise', async ({
    page,
  }) => {
    await page.goto('/pricing');
    const product = (await readJsonLd(page)).find((block) => block['@type'] === 'Product');
    expect(product?.name).toBe('Ledgerwise');
    const offers = product!.offers as Array<Record<string, unknown>>;
    expect(offers.map((offer) => offer.name)).toEqual(['Free Trial', 'Professional', 'Enterprise']);
    expect(offers[0]).toMatchObject({
      price: '0.00',
      priceCurrency: 'ZAR',
      eligibleDuration: { value: 30, unitCode: 'DAY' },
    });
    expect(offers[0]).not.toHaveProperty('validThrough');
    expect(offers[1]).toMatchObject({ price: '200.00', priceCurrency: 'ZAR' });
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      'Ledgerwise plans: a 30-day free trial of every Professional feature with no credit card, Professional at R200 per month excluding VAT, and Enterprise on request.',
    );
  });

  test('the build warned once that the Free plan ended, naming FREE_PLAN_END_DATE', async () => {
    const output = await readFile(process.env.E2E_BUILD_OUTPUT!, 'utf8');
    const warnings = output.split('\n').filter((line) => line.includes('The Free plan ended'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('The Free plan ended on 21 July 2025');
    expect(warnings[0]).toContain('FREE_PLAN_END_DATE is not set');
    // What the page does now: the warning says so truthfully.
    expect(warnings[0]).toContain('offer the 30-day free trial in its place');
  });
});

test.describe('faq accordion', () => {
  const question = (page: Page, index: number) =>
    page.locator('[data-faq-item]').nth(index).getByRole('button');
  const answer = (page: Page, index: number) =>
    page.locator('[data-faq-item]').nth(index).getByRole('region', { includeHidden: true });

  test('eight questions whose answers are in the HTML before any script runs', async ({
    page,
    request,
  }) => {
    const html = await (await request.get('/faq')).text();
    expect(html.match(/aria-controls="faq-answer-\d"/g)).toHaveLength(8);
    expect(html.match(/<section[^>]*id="faq-answer-\d"[^>]*hidden/g)).toHaveLength(8);
    expect(html).toContain(SUPPORT_EMAIL);
    expect(html).toContain('free trial of a month');

    await page.goto('/faq');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Frequently Asked Questions');
    await expect(page.locator('[data-faq-item]')).toHaveCount(8);
    await expect(page.locator('[data-faq-item] h2')).toHaveCount(8);
    await expect(page.locator('[aria-expanded="true"]')).toHaveCount(0);
  });

  test('by mouse: at most one open, clicking the open one closes it', async ({ page }) => {
    await page.goto('/faq');
    await waitForIsland(page, 'FaqAccordion');
    for (let i = 0; i < 8; i++) {
      const button = question(page, i);
      const controls = await button.getAttribute('aria-controls');
      expect(await answer(page, i).getAttribute('id')).toBe(controls);
    }

    await question(page, 0).click();
    await expect(question(page, 0)).toHaveAttribute('aria-expanded', 'true');
    await expect(answer(page, 0)).toBeVisible();

    await question(page, 3).click();
    await expect(question(page, 3)).toHaveAttribute('aria-expanded', 'true');
    await expect(answer(page, 3)).toBeVisible();
    await expect(question(page, 0)).toHaveAttribute('aria-expanded', 'false');
    await expect(answer(page, 0)).toBeHidden();
    await expect(page.locator('[data-faq-item] [aria-expanded="true"]')).toHaveCount(1);

    await question(page, 3).click();
    await expect(question(page, 3)).toHaveAttribute('aria-expanded', 'false');
    await expect(answer(page, 3)).toBeHidden();
    await expect(page.locator('[data-faq-item] [aria-expanded="true"]')).toHaveCount(0);
  });

  test('the support address is a mail link and one answer states a free trial of a month', async ({
    page,
  }) => {
    await page.goto('/faq');
    await waitForIsland(page, 'FaqAccordion');
    const items = page.locator('[data-faq-item]');
    const support = items.filter({ hasText: SUPPORT_EMAIL });
    await expect(support).toHaveCount(1);
    await support.getByRole('button').click();
    await expect(support.getByRole('link', { name: SUPPORT_EMAIL })).toHaveAttribute(
      'href',
      `mailto:${SUPPORT_EMAIL}`,
    );
    const trial = items.filter({ hasText: 'free trial of a month' });
    await expect(trial).toHaveCount(1);
    await trial.getByRole('button').click();
    await expect(trial.getByRole('region')).toContainText('free trial of a month');
  });

  test('by keyboard: Enter and Space toggle, arrows, Home and End move between questions', async ({
    page,
  }) => {
    await page.goto('/faq');
    await waitForIsland(page, 'FaqAccordion');
    await question(page, 0).focus();
    await page.keyboard.press('Enter');
    await expect(question(page, 0)).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('ArrowDown');
    await expect(question(page, 1)).toBeFocused();
    await page.keyboard.press('Space');
    await expect(question(page, 1)).toHaveAttribute('aria-expanded', 'true');
    await expect(question(page, 0)).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('Space');
    await expect(question(page, 1)).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('End');
    await expect(question(page, 7)).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(question(page, 0)).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(question(page, 7)).toBeFocused();
    await page.keyboard.press('Home');
    await expect(question(page, 0)).toBeFocused();
    // Tab leaves the question for the next focusable element, as a button should.
    await page.keyboard.press('Tab');
    await expect(question(page, 1)).toBeFocused();
  });

  test('FAQPage JSON-LD lists the same eight questions', async ({ page }) => {
    await page.goto('/faq');
    const faqPage = (await readJsonLd(page)).find((block) => block['@type'] === 'FAQPage');
    expect(faqPage).toBeDefined();
    // Each a Question with its accepted Answer: jsonLd.test.ts.
    const entities = faqPage!.mainEntity as { name: string; acceptedAnswer: { text: string } }[];
    const questions = await page.locator('[data-faq-item] button').allTextContents();
    expect(entities.map((entity) => entity.name)).toEqual(questions.map((text) => text.trim()));
    expect(new Set(questions).size).toBe(8);
    for (const { acceptedAnswer } of entities)
      expect(acceptedAnswer.text.length).toBeGreaterThan(20);
  });
});
