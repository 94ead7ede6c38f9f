import { expect, test, type Page } from '@playwright/test';
import { readJsonLd, waitForIsland } from '../support/e2e';
import { SUPPORT_EMAIL, expectNewTab, readChatAppUrl } from './pages-helpers';

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
    await expectNewTab(getStarted);
  });
});

test.describe('pricing', () => {
  // The suite's build runs after the Free plan's default last day (21 July 2025): the Free plan
  // is no longer offered. tests/e2e/fixture-build.spec.ts builds with a later day and checks it.
  test('the plans on offer with their texts, prices and calls to action; the ended Free plan is not one', async ({
    page,
  }) => {
    const chatAppUrl = await readChatAppUrl(page);
    await page.goto('/pricing');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Simple, Transparent Pricing');
    const plans = page.locator('[data-plans] > li');
    await expect(plans.locator('h2')).toHaveText(['Professional', 'Enterprise']);
    await expect(page.locator('main')).not.toContainText('Free to all users until');
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
    const trial = pro.getByRole('link', { name: /^Start 30-day free trial/ });
    await expect(trial).toHaveAttribute('href', chatAppUrl);
    await expectNewTab(trial);

    const enterprise = page.locator('[data-plan="Enterprise"]');
    await expect(enterprise.locator('[data-plan-price]')).toContainText('Custom');
    await expect(enterprise).toContainText('next billing cycle');
    const contact = enterprise.getByRole('link', { name: 'Contact Us' });
    await expect(contact).toHaveAttribute('href', '/contact');
    await expect(contact).not.toHaveAttribute('target', /.*/);

    await expect(page.locator('[data-pricing-notes]')).toContainText(
      'Annual discounts are offered',
    );
  });

  test('has a pricing FAQ and the call-to-action band', async ({ page }) => {
    await page.goto('/pricing');
    const faq = page.locator('#pricing-faq');
    await expect(faq.getByRole('heading', { level: 2 })).toHaveText('Pricing Questions');
    await expect(faq.locator('[data-faq-item]')).toHaveCount(6);
    await expect(faq.locator('[data-faq-item] h3 button').first()).toBeVisible();
    const band = page.locator('[data-cta-band]');
    await expect(band.getByRole('link', { name: /^Start 30-day free trial/ })).toBeVisible();
    await expect(band.getByRole('link', { name: 'Request a Demo' })).toHaveAttribute(
      'href',
      '/contact',
    );
  });

  test('Product JSON-LD with ZAR offers: Professional 200 a month ex VAT, Enterprise unpriced, no ended Free offer', async ({
    page,
  }) => {
    await page.goto('/pricing');
    const product = (await readJsonLd(page)).find((block) => block['@type'] === 'Product');
    expect(product).toBeDefined();
    expect(product!.name).toBe('Ledgerwise');
    const offers = product!.offers as Array<Record<string, unknown>>;
    expect(offers.map((offer) => offer.name)).toEqual(['Professional', 'Enterprise']);
    expect(offers[0]).toMatchObject({
      '@type': 'Offer',
      price: '200.00',
      priceCurrency: 'ZAR',
      priceSpecification: {
        '@type': 'UnitPriceSpecification',
        price: 200,
        priceCurrency: 'ZAR',
        unitCode: 'MON',
        valueAddedTaxIncluded: false,
      },
    });
    expect(offers[1]).not.toHaveProperty('price');
    expect(String(offers[1].url)).toMatch(/\/contact$/);
    await expect(page.locator('meta[name="description"]')).not.toHaveAttribute(
      'content',
      /Free for all users/,
    );
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
    const entities = faqPage!.mainEntity as Array<{
      '@type': string;
      name: string;
      acceptedAnswer: { '@type': string; text: string };
    }>;
    expect(entities).toHaveLength(8);
    const questions = await page.locator('[data-faq-item] button').allTextContents();
    expect(entities.map((entity) => entity.name)).toEqual(questions.map((text) => text.trim()));
    for (const entity of entities) {
      expect(entity['@type']).toBe('Question');
      expect(entity.acceptedAnswer['@type']).toBe('Answer');
      expect(entity.acceptedAnswer.text.length).toBeGreaterThan(20);
    }
  });
});

test.describe('terms and conditions', () => {
  const SECTIONS = [
    'Introduction',
    'Eligibility',
    'Your Account',
    'Acceptable Use',
    'Fees and Payment',
    'Data Protection',
    'Content and Intellectual Property',
    'AI Output',
    'Third-Party Services',
    'Security',
    'Suspension and Termination',
    'Disclaimers',
    'Limitation of Liability',
    'Dispute Resolution and Arbitration',
    'Governing Law',
    'Export Control',
    'Changes to These Terms',
    'Contact',
    'Entire Agreement',
  ];

  test('19 numbered sections in spec order with a table of contents, last updated 1 July 2025', async ({
    page,
  }) => {
    await page.goto('/policies');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms & Conditions');
    await expect(page.locator('[data-last-updated]')).toHaveText(/Last updated:\s*1 July 2025/);
    await expect(page.locator('[data-last-updated] time')).toHaveAttribute(
      'datetime',
      '2025-07-01',
    );
    const numbered = SECTIONS.map((title, i) => `${i + 1}. ${title}`);
    await expect(page.locator('[data-legal-section] > h2')).toHaveText(numbered);
    const toc = page.locator('[data-toc] a');
    await expect(toc).toHaveText(numbered);
    for (const link of await toc.all()) {
      const id = (await link.getAttribute('href'))!.replace(/^#/, '');
      await expect(page.locator(`[data-legal-section][id="${id}"]`)).toHaveCount(1);
    }
    await toc.filter({ hasText: 'Governing Law' }).click();
    await expect(page).toHaveURL(/#governing-law$/);
    await expect(page.locator('#governing-law h2')).toBeInViewport();
  });

  test('states every figure of spec §9', async ({ page }) => {
    await page.goto('/policies');
    const section = (id: string) => page.locator(`[data-legal-section][id="${id}"]`);
    await expect(section('eligibility')).toContainText('at least 18 years old');
    await expect(section('account')).toContainText('30 seconds');
    await expect(section('fees')).toContainText('U.S. dollars');
    await expect(section('data-protection')).toContainText(
      'up to 36 months after your account is closed',
    );
    await expect(section('liability')).toContainText(
      'the greater of USD 100 or the fees you paid us in the 12 months',
    );
    const arbitration = section('arbitration');
    await expect(arbitration).toContainText('resolve a dispute informally for 30 days');
    await expect(arbitration).toContainText('opt out of this arbitration agreement');
    await expect(arbitration).toContainText('within 30 days of first accepting these terms');
    await expect(arbitration).toContainText('American Arbitration Association');
    await expect(arbitration).toContainText('Commercial Arbitration Rules');
    await expect(arbitration).toContainText('Wilmington, Delaware');
    await expect(arbitration).toContainText('conducted in English');
    await expect(section('governing-law')).toContainText(
      'the laws of the United States and of the State of Delaware',
    );
  });
});

test.describe('privacy policy and terms of service', () => {
  test('the privacy policy covers what the site collects, why, how long, rights and the regulator', async ({
    page,
  }) => {
    await page.goto('/privacy-policy');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
    await expect(page.locator('[data-last-updated]')).toContainText('Last updated:');
    const main = page.locator('main');
    await expect(main).toContainText('POPIA');
    for (const field of ['first name', 'last name', 'email address', 'profession', 'subject']) {
      await expect(page.locator('#what-we-collect')).toContainText(field);
    }
    await expect(page.locator('#what-we-collect')).toContainText('EmailJS');
    await expect(page.locator('#what-we-collect')).toContainText('local storage');
    await expect(page.locator('#what-we-collect')).toContainText('ledgerwise-ui-theme');
    // And the contact form's rate-limit timestamp, which EmailJS keeps under "contact-form".
    await expect(page.locator('#what-we-collect')).toContainText('"contact-form"');
    await expect(page.locator('#what-we-collect')).toContainText('No cookies and no analytics');
    await expect(page.locator('#why-we-use-it')).toBeVisible();
    await expect(page.locator('#retention')).toContainText('24 months');
    await expect(page.locator('#your-rights')).toContainText('section 23');
    await expect(page.locator('#information-officer h2')).toContainText('Information Officer');
    const regulator = page.locator('#information-regulator');
    await expect(regulator).toContainText('Information Regulator');
    const regulatorSite = regulator.getByRole('link', { name: /inforegulator\.org\.za/ }).last();
    await expectNewTab(regulatorSite);
    await expect(main.getByRole('link', { name: SUPPORT_EMAIL }).first()).toHaveAttribute(
      'href',
      `mailto:${SUPPORT_EMAIL}`,
    );
  });

  test('what the privacy policy promises holds: no cookies, only the theme in local storage', async ({
    page,
    context,
  }) => {
    for (const route of ['/', '/about', '/pricing', '/faq', '/privacy-policy']) {
      await page.goto(route);
      await page.waitForLoadState('networkidle');
    }
    await page.getByRole('button', { name: 'Toggle theme' }).click();
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
    expect(await context.cookies()).toEqual([]);
    const keys = await page.evaluate(() => Object.keys(localStorage));
    expect(keys).toEqual(['ledgerwise-ui-theme']);
  });

  test('every legal text links the others wherever it names them, never itself', async ({
    page,
  }) => {
    const names = {
      '/privacy-policy': 'Privacy Policy',
      '/terms-of-service': 'Terms of Service',
      '/policies': 'Terms & Conditions',
    } as const;
    const mentions = {
      '/privacy-policy': ['/policies'],
      '/terms-of-service': ['/policies', '/privacy-policy'],
      '/policies': ['/privacy-policy'],
    } as const;
    for (const [route, linked] of Object.entries(mentions)) {
      await page.goto(route);
      const body = page.locator('main .legal-body, main header');
      for (const href of linked) {
        const links = body.getByRole('link', { name: names[href], exact: true });
        expect(await links.count(), `${route} → ${href}`).toBeGreaterThan(0);
        for (const link of await links.all()) await expect(link).toHaveAttribute('href', href);
      }
      await expect(body.locator(`a[href="${route}"]`)).toHaveCount(0);
    }
  });

  test('the terms of service have numbered sections, a table of contents and the ECTA disclosure', async ({
    page,
  }) => {
    await page.goto('/terms-of-service');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of Service');
    await expect(page.locator('[data-last-updated]')).toContainText('Last updated:');
    const headings = page.locator('[data-legal-section] > h2');
    const count = await headings.count();
    expect(count).toBeGreaterThanOrEqual(8);
    await expect(page.locator('[data-toc] a')).toHaveCount(count);
    await expect(headings.first()).toHaveText(/^\s*1\. /);
    await expect(page.locator('main')).toContainText(
      'Electronic Communications and Transactions Act',
    );
  });
});
