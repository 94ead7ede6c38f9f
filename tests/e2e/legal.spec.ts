/**
 * The legal pages on the shared site: the terms and conditions, the privacy policy and the terms
 * of service, their figures and sections, and what the privacy policy promises holding true.
 */
import { expect, test } from '@playwright/test';
import { SUPPORT_EMAIL } from '../support/pages';

// Independent tests: let both workers take them.
test.describe.configure({ mode: 'parallel' });

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

  test('19 numbered sections in order with a table of contents, last updated 1 July 2025', async ({
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

  test('states every figure of the Terms: age, timings, currency, retention, liability cap, arbitration', async ({
    page,
  }) => {
    await page.goto('/policies');
    for (const [id, figure] of [
      ['eligibility', 'at least 18 years old'],
      ['account', 'Sign-up takes about 30 seconds'],
      ['fees', 'U.S. dollars'],
      ['data-protection', 'up to 36 months after your account is closed'],
      ['liability', 'the greater of USD 100 or the fees you paid us in the 12 months'],
      ['arbitration', 'resolve a dispute informally for 30 days'],
      ['arbitration', 'opt out of this arbitration agreement'],
      ['arbitration', 'within 30 days of first accepting these terms'],
      ['arbitration', 'American Arbitration Association under its Commercial Arbitration Rules'],
      ['arbitration', 'Wilmington, Delaware'],
      ['arbitration', 'conducted in English'],
      ['governing-law', 'the laws of the United States and of the State of Delaware'],
    ]) {
      await expect(page.locator(`[data-legal-section][id="${id}"]`)).toContainText(figure);
    }
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
    for (const phrase of [
      'first name and last name',
      'email address',
      'profession',
      'subject and text of your message',
      'EmailJS',
      'local storage',
      'ledgerwise-ui-theme',
      // The contact form's rate-limit timestamp, which EmailJS keeps under "contact-form".
      '"contact-form"',
      'No cookies and no analytics',
    ]) {
      await expect(page.locator('#what-we-collect')).toContainText(phrase);
    }
    // Sign-ups reach us from the page's EmailJS ids, which anyone can use: the policy says how
    // EmailJS is held to this site and that an address is on the list only once confirmed.
    for (const phrase of [
      'EmailJS sends nothing to your address',
      'only from this website',
      'limited rate',
      'only after you confirm it',
    ]) {
      await expect(main).toContainText(phrase);
    }
    await expect(main).not.toContainText('we add your address to our newsletter list.');
    await expect(page.locator('#why-we-use-it')).toBeVisible();
    await expect(page.locator('#retention')).toContainText('24 months');
    await expect(page.locator('#your-rights')).toContainText('section 23');
    await expect(page.locator('#information-officer h2')).toContainText('Information Officer');
    const regulator = page.locator('#information-regulator');
    await expect(regulator).toContainText('Information Regulator');
    // That it opens in a new tab, as every link to another site: quality.spec.
    await expect(regulator.getByRole('link', { name: /inforegulator\.org\.za/ })).not.toHaveCount(
      0,
    );
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
