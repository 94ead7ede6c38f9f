/**
 * A local build (LOCAL_BUILD=true, as `npm start` makes) without the EmailJS variables: the build
 * warns and names them, the contact page still renders and offers the support address, and a
 * submit shows "Unable to send message", keeps every value, logs what is missing, sends nothing
 * and throws nothing. (A production build without them stops: tests/integration.)
 */
import { expect, test, type Page } from '@playwright/test';
import { waitForIsland } from '../support/e2e';
import { startVariantSite, stopVariantSite, type VariantSite } from '../support/site';

const MISSING = [
  'PUBLIC_EMAILJS_SERVICE_ID',
  'PUBLIC_EMAILJS_TEMPLATE_ID',
  'PUBLIC_EMAILJS_PUBLIC_KEY',
] as const;

const VALUES = {
  'First name': 'Nkosazana',
  'Last name': 'Dlamini',
  Email: 'nkosazana@example.co.za',
  Profession: 'Payroll Specialist',
  Subject: 'Payroll questions',
  Message: 'Does the assistant know the current PAYE tables?',
};

test.describe.configure({ mode: 'serial' });

let site: VariantSite;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  site = await startVariantSite({
    // Undefined removes a variable the developer's shell might have set.
    env: {
      LOCAL_BUILD: 'true',
      PUBLIC_EMAILJS_SERVICE_ID: undefined,
      PUBLIC_EMAILJS_TEMPLATE_ID: undefined,
      PUBLIC_EMAILJS_PUBLIC_KEY: undefined,
      PUBLIC_EMAILJS_API_ORIGIN: undefined,
    },
  });
});

test.afterAll(() => stopVariantSite(site));

async function openContact(page: Page) {
  await page.goto(`${site.url}/contact`);
  await waitForIsland(page, 'ContactForm');
  await expect(page.getByRole('button', { name: 'Send Message' })).toBeEnabled();
}

test('the build warns once, naming each missing variable', () => {
  const warnings = site.output
    .split('\n')
    .filter((line) => line.includes('Contact form not configured'));
  expect(warnings).toHaveLength(1);
  for (const name of MISSING) expect(warnings[0]).toContain(name);
});

test('the page renders and a submit refuses politely, keeps the values, logs what is missing', async ({
  page,
}) => {
  const pageErrors: string[] = [];
  const consoleErrors: string[] = [];
  const sendRequests: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('request', (request) => {
    if (request.url().includes('/email/send')) sendRequests.push(request.url());
  });

  await openContact(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Get in Touch');
  // The form says it cannot send and offers the address that can.
  const notice = page.locator('[data-contact-not-configured]');
  await expect(notice).toContainText('cannot send messages');
  await expect(notice.getByRole('link', { name: 'support@ledgerwise.co.za' })).toHaveAttribute(
    'href',
    'mailto:support@ledgerwise.co.za',
  );
  for (const [label, value] of Object.entries(VALUES)) {
    await page.getByLabel(label, { exact: true }).fill(value);
  }
  await page.getByRole('button', { name: 'Send Message' }).click();

  const toast = page.getByRole('alert').filter({ hasText: /\S/ });
  await expect(toast).toContainText('Unable to send message');
  await expect(toast).toContainText('Please try again later or email us directly.');
  for (const [label, value] of Object.entries(VALUES)) {
    await expect(page.getByLabel(label, { exact: true })).toHaveValue(value);
  }
  await expect(page.getByRole('button', { name: 'Send Message' })).toBeEnabled();

  await expect.poll(() => consoleErrors.join('\n')).toContain('Contact form not configured');
  const logged = consoleErrors.find((text) => text.includes('Contact form not configured'))!;
  for (const name of MISSING) expect(logged).toContain(name);
  expect(sendRequests).toEqual([]);
  expect(pageErrors).toEqual([]);
});
