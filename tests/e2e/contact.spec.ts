/**
 * The forms that send through EmailJS end to end, the contact form and the blog's newsletter
 * sign-up: the shared site, whose EmailJS values point at the local endpoint the global setup
 * runs (it speaks EmailJS's HTTP contract), the real SDK, real Chromium. Then the variant site, a
 * local build without the EmailJS values. One serial file, as both forms share that endpoint.
 */
import { devices, expect, test, type Locator, type Page } from '@playwright/test';
import {
  expectNoAxeViolations,
  installPausedClock,
  presetTheme,
  waitForIsland,
  watchCsp,
} from '../support/e2e';
import type { RemoteEmailjs } from '../support/emailjsServer';
import {
  mainSite,
  MISSING_EMAILJS_VARIABLES,
  sharedEmailjs,
  variantSite,
  type SharedSite,
} from '../support/sharedSites';
import { TEST_EMAILJS_ENV } from '../support/site';
import { CONTACT, LIMITS, TIMING } from '../../src/config/site';
import {
  NEWSLETTER_CONSENT,
  NEWSLETTER_MESSAGES,
  NEWSLETTER_OUTCOMES,
  NEWSLETTER_RATE_LIMIT_ID,
} from '../../src/lib/contact/newsletter';

const EMAILJS = {
  serviceId: TEST_EMAILJS_ENV.PUBLIC_EMAILJS_SERVICE_ID,
  templateId: TEST_EMAILJS_ENV.PUBLIC_EMAILJS_TEMPLATE_ID,
  publicKey: TEST_EMAILJS_ENV.PUBLIC_EMAILJS_PUBLIC_KEY,
};

/** What a visitor types (with stray spaces, which the form trims). */
const INPUT = {
  firstName: '  Zoë ',
  lastName: 'Dlamini',
  // No stray spaces here: an email input drops them itself (HTML value sanitisation).
  email: 'zoe.dlamini@example.co.za',
  profession: 'Tax Advisor',
  subject: 'Enterprise plan for our firm',
  message: 'We are a firm of 12 people in Sandton.\nWhat would Enterprise cost? 🙏 李',
};

const LABELS = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  profession: 'Profession',
  subject: 'Subject',
  message: 'Message',
} as const;

type Field = keyof typeof LABELS;
const FIELDS = Object.keys(LABELS) as Field[];

test.describe.configure({ mode: 'serial' });

let emailjs: RemoteEmailjs;
let site: SharedSite;
const TOAST_MS = TIMING.toastMs;
const RATE_LIMIT_MS = LIMITS.contactRateLimitMs;

test.beforeAll(async () => {
  emailjs = sharedEmailjs();
  site = mainSite();
});

/** Uncaught errors in the page during the current test: the form must never throw. */
let pageErrors: string[] = [];

test.beforeEach(async ({ page }) => {
  await emailjs.reset();
  pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
});

test.afterEach(() => {
  expect(pageErrors).toEqual([]);
});

function field(page: Page, name: Field): Locator {
  return page.getByLabel(LABELS[name], { exact: true });
}

function sendButton(page: Page): Locator {
  return page.getByRole('button', { name: /^(Send Message|Sending\.\.\.)$/ });
}

/** The polite region announces success; the assertive one announces failures. */
function statusToast(page: Page) {
  return page.getByRole('status').filter({ hasText: /\S/ });
}
function alertToast(page: Page) {
  return page.getByRole('alert').filter({ hasText: /\S/ });
}

async function openContact(page: Page, { pausedClock = false } = {}) {
  await page.goto(`${site.url}/contact`);
  // client:idle waits for requestIdleCallback, which a paused clock holds back until moved on.
  if (pausedClock) await page.clock.runFor(500);
  await waitForIsland(page, 'ContactForm');
  await expect(sendButton(page)).toBeEnabled();
}

async function fillForm(page: Page, values: Record<Field, string> = INPUT) {
  for (const name of FIELDS) await field(page, name).fill(values[name]);
}

async function expectValuesKept(page: Page, values: Record<Field, string> = INPUT) {
  for (const name of FIELDS) await expect(field(page, name)).toHaveValue(values[name]);
}

async function expectFormEmpty(page: Page) {
  for (const name of FIELDS) await expect(field(page, name)).toHaveValue('');
}

async function expectRefusedToast(page: Page) {
  const toast = alertToast(page);
  await expect(toast).toContainText('Unable to send message');
  await expect(toast).toContainText('Please try again later or email us directly.');
  await expect(statusToast(page)).toHaveCount(0);
}

test('the EmailJS SDK is not in the initial scripts; it loads when a field gets focus', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await openContact(page);
  const initial = [...scripts];
  const hasSdk = async (url: string) =>
    (await (await page.request.get(url)).text()).includes('/api/v1.0/email/send');
  for (const url of initial) expect(await hasSdk(url), url).toBe(false);

  await field(page, 'firstName').focus();
  await expect.poll(() => scripts.length).toBeGreaterThan(initial.length);
  const lazy = scripts.slice(initial.length);
  expect(await Promise.all(lazy.map(hasSdk))).toContain(true);
  expect(await emailjs.requests()).toHaveLength(0);
});

test('the page has its title, the form and the contact details', async ({ page }) => {
  await openContact(page);
  await expect(page).toHaveTitle(/Contact/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Get in Touch');
  // With scripts on, the no-JavaScript note is not rendered.
  await expect(page.locator('main noscript p')).toHaveCount(0);
  for (const name of FIELDS) await expect(field(page, name)).toBeVisible();

  const details = page.getByRole('region', { name: 'Contact details' });
  await expect(details.getByRole('link', { name: CONTACT.supportEmail })).toHaveAttribute(
    'href',
    `mailto:${CONTACT.supportEmail}`,
  );
  await expect(details).toContainText(CONTACT.location.full);
  // No social profile is configured for this build, so none is linked (the variant site has one).
  await expect(details.getByRole('link', { name: /Follow/ })).toHaveCount(0);

  // This build is configured: it does not warn.
  expect(site.output).not.toContain('Contact form not configured');
});

test('the details sit beside the form at 1280 px and under it at 390 px, as tall as what they hold', async ({
  page,
}) => {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await openContact(page);
    const form = (await page
      .getByRole('heading', { name: 'Send us a message' })
      .locator('..')
      .boundingBox())!;
    const details = page.getByRole('region', { name: 'Contact details' });
    const card = (await details.boundingBox())!;
    const list = (await details.locator('ul').boundingBox())!;
    // The card ends at its padding under the last detail: never stretched to the form's height.
    expect(card.y + card.height - (list.y + list.height), `at ${width} px`).toBeLessThanOrEqual(26);
    if (width === 1280) {
      expect(card.x).toBeGreaterThan(form.x + form.width);
      expect(Math.round(card.y)).toBe(Math.round(form.y));
    } else {
      expect(card.y).toBeGreaterThan(form.y + form.height);
      expect([card.x, card.width]).toEqual([form.x, form.width]);
    }
  }
  const answers = page.getByRole('region', { name: 'Looking for a quick answer?' });
  await expect(answers.getByRole('link', { name: 'Read the FAQ' })).toHaveAttribute('href', '/faq');
  await expect(answers.getByRole('link', { name: 'Compare plans' })).toHaveAttribute(
    'href',
    '/pricing',
  );
});

test('validation: spec messages, tied to their fields, focus on the first invalid one', async ({
  page,
}) => {
  await openContact(page);
  await sendButton(page).click();

  const expected: Record<Field, string> = {
    firstName: 'First name must be at least 2 characters.',
    lastName: 'Last name must be at least 2 characters.',
    email: 'Invalid email address.',
    profession: 'Profession must be at least 2 characters.',
    subject: 'Subject must be at least 5 characters.',
    message: 'Message must be at least 10 characters.',
  };
  for (const name of FIELDS) {
    const control = field(page, name);
    await expect(control).toHaveAttribute('aria-invalid', 'true');
    await expect(control).toHaveAccessibleDescription(expected[name]);
    const describedBy = await control.getAttribute('aria-describedby');
    await expect(page.locator(`[id="${describedBy}"]`)).toHaveText(expected[name]);
    await expect(page.locator(`[id="${describedBy}"]`)).toBeVisible();
  }
  await expect(field(page, 'firstName')).toBeFocused();

  // Whitespace alone is not a name; after the first submit, fields re-validate as they change.
  await field(page, 'firstName').fill('     ');
  await expect(field(page, 'firstName')).toHaveAccessibleDescription(expected.firstName);
  await field(page, 'firstName').fill('Zo');
  await expect(field(page, 'firstName')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(field(page, 'firstName')).toHaveAccessibleDescription('');
  await expect(page.getByText(expected.firstName)).toHaveCount(0);
  await field(page, 'lastName').fill('Li');

  // Focus goes to the first field still invalid.
  await sendButton(page).click();
  await expect(field(page, 'email')).toBeFocused();
  await field(page, 'email').fill('zoe@example');
  await expect(field(page, 'email')).toHaveAccessibleDescription(expected.email);
  await field(page, 'email').fill('zoe@example.com');
  await expect(field(page, 'email')).not.toHaveAttribute('aria-invalid', 'true');

  // A maximum length has its own message.
  await field(page, 'subject').fill('x'.repeat(151));
  await expect(field(page, 'subject')).toHaveAccessibleDescription(
    'Subject must be at most 150 characters.',
  );

  expect(await emailjs.requests()).toHaveLength(0);
  await expect(statusToast(page)).toHaveCount(0);
  await expect(alertToast(page)).toHaveCount(0);
});

test('200: "Message sent" toast, the form resets, the payload is right field by field', async ({
  page,
}) => {
  // The Content-Security-Policy lets the send through.
  const csp = await watchCsp(page);
  await openContact(page);
  await fillForm(page);
  const before = Date.now();
  await sendButton(page).click();

  const toast = statusToast(page);
  await expect(toast).toContainText('Message sent');
  await expect(toast).toContainText("We'll get back to you as soon as possible.");
  await expect(alertToast(page)).toHaveCount(0);
  await expectFormEmpty(page);
  const after = Date.now();

  expect(await emailjs.requests()).toHaveLength(1);
  // CORS is under test: Chromium's preflight reached the endpoint (a page.route() on this page
  // would have made Playwright answer it, and add Access-Control-Allow-Origin to the answer).
  expect(await emailjs.preflightCount()).toBe(1);
  const [request] = await emailjs.requests();
  expect(request.method).toBe('POST');
  expect(request.path).toBe('/api/v1.0/email/send');
  expect(request.headers['content-type']).toBe('application/json');
  const body = request.body!;
  expect(body.service_id).toBe(EMAILJS.serviceId);
  expect(body.template_id).toBe(EMAILJS.templateId);
  expect(body.user_id).toBe(EMAILJS.publicKey);
  const params = body.template_params!;
  expect(params.from_name).toBe('Zoë Dlamini');
  expect(params.from_email).toBe('zoe.dlamini@example.co.za');
  expect(params.profession).toBe('Tax Advisor');
  expect(params.subject).toBe('Enterprise plan for our firm');
  expect(params.message).toBe(INPUT.message);
  expect(params.to_name).toBe(CONTACT.recipientName);
  expect(params.submitted_date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  const submitted = Date.parse(String(params.submitted_date));
  expect(submitted).toBeGreaterThanOrEqual(before - 1000);
  expect(submitted).toBeLessThanOrEqual(after + 1000);
  expect(Object.keys(params).sort()).toEqual([
    'from_email',
    'from_name',
    'message',
    'profession',
    'subject',
    'submitted_date',
    'to_name',
  ]);
  expect(await csp.violations()).toEqual([]);
  expect(csp.consoleErrors).toEqual([]);
});

for (const status of [400, 429, 500]) {
  test(`${status}: "Unable to send message" toast, every value kept`, async ({ page }) => {
    await emailjs.respondWith({ status });
    await openContact(page);
    await fillForm(page);
    await sendButton(page).click();
    await expectRefusedToast(page);
    await expectValuesKept(page);
    await expect(sendButton(page)).toBeEnabled();
    expect(await emailjs.requests()).toHaveLength(1);
  });
}

test('connection refused: "Error sending message" toast, every value kept', async ({ page }) => {
  await openContact(page);
  await fillForm(page);
  await emailjs.stopListening();
  try {
    await sendButton(page).click();
    const toast = alertToast(page);
    await expect(toast).toContainText('Error sending message');
    await expect(toast).toContainText('Something went wrong. Please try again.');
    await expect(statusToast(page)).toHaveCount(0);
    await expectValuesKept(page);
    await expect(sendButton(page)).toBeEnabled();
  } finally {
    await emailjs.startListening();
  }
  expect(await emailjs.requests()).toHaveLength(0);
});

test('a dropped connection: "Error sending message" toast, every value kept', async ({ page }) => {
  await emailjs.respondWith({ destroySocket: true });
  await openContact(page);
  await fillForm(page);
  await sendButton(page).click();
  await expect(alertToast(page)).toContainText('Error sending message');
  await expectValuesKept(page);
  // One send: Chromium itself may repeat a request once when a reused connection drops, but
  // a repeat carries the very same body (same submitted_date).
  expect((await emailjs.requests()).length).toBeGreaterThanOrEqual(1);
  expect(new Set((await emailjs.requests()).map((request) => request.rawBody)).size).toBe(1);
});

test('a slow answer: the button reads "Sending..." and is disabled until it comes', async ({
  page,
}) => {
  await emailjs.respondWith({ hold: true });
  await openContact(page);
  await fillForm(page);
  await sendButton(page).click();
  await emailjs.waitForRequests(1);
  const button = sendButton(page);
  await expect(button).toHaveText('Sending...');
  await expect(button).toBeDisabled();
  await expect(statusToast(page)).toHaveCount(0);
  await expectValuesKept(page);

  await emailjs.release();
  await expect(statusToast(page)).toContainText('Message sent');
  await expect(button).toHaveText('Send Message');
  await expect(button).toBeEnabled();
});

test('a double click sends once', async ({ page }) => {
  await openContact(page);
  await fillForm(page);
  await sendButton(page).dblclick();
  await expect(statusToast(page)).toContainText('Message sent');
  await expectFormEmpty(page);
  // A second send would also have shown the rate-limit refusal.
  await expect(alertToast(page)).toHaveCount(0);
  expect(await emailjs.requests()).toHaveLength(1);
});

test('a second message within 10 s is held back by the rate limit', async ({ page }) => {
  // Page time moves only by runFor: a slow step cannot carry the second send past the limit.
  await installPausedClock(page);
  await openContact(page, { pausedClock: true });
  await fillForm(page);
  await sendButton(page).click();
  await expect(statusToast(page)).toContainText('Message sent');
  await page.clock.runFor(RATE_LIMIT_MS - 1);
  await fillForm(page);
  await sendButton(page).click();
  // The SDK refuses locally with 429, which the form treats like any other refusal.
  await expect(alertToast(page)).toContainText('Unable to send message');
  await expectValuesKept(page);
  expect(await emailjs.requests()).toHaveLength(1);
  // 10 s after the first message, the same values go out.
  await page.clock.runFor(1);
  await sendButton(page).click();
  await expect(statusToast(page)).toContainText('Message sent');
  expect(await emailjs.requests()).toHaveLength(2);
});

test('what sending leaves in the browser is exactly what the privacy policy names', async ({
  page,
  context,
}) => {
  // A visitor who chose a theme earlier.
  await presetTheme(page, 'light');
  await openContact(page);
  await fillForm(page);
  await sendButton(page).click();
  await expect(statusToast(page)).toContainText('Message sent');
  const stored = await page.evaluate(() => Object.keys(localStorage).sort());
  expect(stored).toEqual(['contact-form', 'ledgerwise-ui-theme']);
  expect(await context.cookies()).toEqual([]);
  await page.goto(`${site.url}/privacy-policy`);
  for (const key of stored)
    await expect(page.locator('#what-we-collect')).toContainText(`"${key}"`);
});

test('honeypot: hidden from people and assistive technology; filled, it sends nothing', async ({
  page,
}) => {
  await openContact(page);
  const honeypot = page.locator('input[name="website"]');
  await expect(honeypot).toHaveAttribute('tabindex', '-1');
  await expect(honeypot).toHaveAttribute('autocomplete', 'off');
  await expect(page.getByRole('textbox', { name: 'Website' })).toHaveCount(0);
  const box = await honeypot.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(0);

  await fillForm(page);
  // What a bot does: fill every input it finds in the DOM.
  await honeypot.evaluate((input: HTMLInputElement) => {
    input.value = 'https://spam.example';
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await sendButton(page).click();
  // The bot sees the usual success and learns nothing.
  await expect(statusToast(page)).toContainText('Message sent');
  await expectFormEmpty(page);
  await expect(honeypot).toHaveValue('');
  expect(await emailjs.requests()).toHaveLength(0);
});

test('keyboard only: reach, fill and send the form', async ({ page }) => {
  await openContact(page);
  // Tab from the top of the page until the first field has focus.
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press('Tab');
    if (await field(page, 'firstName').evaluate((el) => el === document.activeElement)) break;
  }
  await expect(field(page, 'firstName')).toBeFocused();

  // An empty submit from the keyboard puts focus back on the first invalid field.
  await page.keyboard.press('Enter');
  await expect(field(page, 'firstName')).toHaveAttribute('aria-invalid', 'true');
  await expect(field(page, 'firstName')).toBeFocused();

  for (const [index, name] of FIELDS.entries()) {
    if (index > 0) await page.keyboard.press('Tab');
    await expect(field(page, name)).toBeFocused();
    await page.keyboard.type(INPUT[name]);
  }
  // The honeypot is skipped: the next stop is the button.
  await page.keyboard.press('Tab');
  await expect(sendButton(page)).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(statusToast(page)).toContainText('Message sent');
  await expectFormEmpty(page);
  expect(await emailjs.requests()).toHaveLength(1);
  expect((await emailjs.requests())[0].body?.template_params?.from_name).toBe('Zoë Dlamini');
});

test('toasts are announced, stay 5 s, pause while hovered and can be dismissed', async ({
  page,
}) => {
  // Page time moves only by runFor, so each toast's 5 s start when it is shown, to the millisecond.
  await installPausedClock(page);
  await openContact(page, { pausedClock: true });
  await fillForm(page);
  await sendButton(page).click();
  const toast = statusToast(page);
  await expect(toast).toContainText('Message sent');
  await expect(toast).toHaveAttribute('aria-live', 'polite');
  await page.mouse.move(0, 0);
  await page.clock.runFor(TOAST_MS - 1);
  await expect(toast).toBeVisible();
  await page.clock.runFor(1);
  await expect(toast).toHaveCount(0);

  // While the pointer rests on a toast it stays (WCAG 2.2.1); once the pointer leaves, the time
  // it had left runs out.
  await page.clock.runFor(RATE_LIMIT_MS);
  await fillForm(page);
  await sendButton(page).click();
  await expect(toast).toContainText('Message sent');
  await page.mouse.move(0, 0);
  await page.clock.runFor(2_000);
  await toast.getByText('Message sent').hover();
  await page.clock.runFor(10_000);
  await expect(toast).toBeVisible();
  await page.mouse.move(0, 0);
  await page.clock.runFor(TOAST_MS - 2_000 - 1);
  await expect(toast).toBeVisible();
  await page.clock.runFor(1);
  await expect(toast).toHaveCount(0);

  // Failures go to the assertive region, and can be dismissed.
  await emailjs.respondWith({ status: 500 });
  await page.clock.runFor(RATE_LIMIT_MS);
  await fillForm(page);
  await sendButton(page).click();
  await expect(alertToast(page)).toContainText('Unable to send message');
  await expect(alertToast(page)).toHaveAttribute('aria-live', 'assertive');
  await alertToast(page).getByRole('button', { name: 'Dismiss notification' }).click();
  await expect(alertToast(page)).toHaveCount(0);
});

for (const theme of ['dark', 'light'] as const) {
  test(`axe: no violations with errors and a failure toast shown (${theme})`, async ({ page }) => {
    await presetTheme(page, theme);
    await openContact(page);
    await sendButton(page).click();
    await expect(field(page, 'firstName')).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page);

    await emailjs.respondWith({ status: 500 });
    await fillForm(page);
    await sendButton(page).click();
    await expect(alertToast(page)).toContainText('Unable to send message');
    await expectNoAxeViolations(page);
  });
}

test('without JavaScript: a visible note gives the support address', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto(`${site.url}/contact`);
    // By CSS: Playwright's text and role engines never look inside <noscript>.
    const note = page.locator('main noscript p');
    await expect(note).toBeVisible();
    await expect(note).toContainText('The form needs JavaScript to send. Please email us at');
    const link = note.locator('a');
    await expect(link).toHaveText(CONTACT.supportEmail);
    await expect(link).toHaveAttribute('href', `mailto:${CONTACT.supportEmail}`);
    // Nothing can send without scripts: the button stays disabled rather than posting the form.
    await expect(page.getByRole('button', { name: 'Send Message' })).toBeDisabled();
  } finally {
    await context.close();
  }
});

test.describe('the newsletter sign-up on /blog', () => {
  const ADDRESS = 'thandi.mokoena@example.co.za';

  const email = (page: Page) => page.getByRole('textbox', { name: 'Email address' });
  const consent = (page: Page) => page.getByRole('checkbox', { name: NEWSLETTER_CONSENT });
  const subscribe = (page: Page) =>
    page.getByRole('button', { name: /^(Subscribe|Subscribing\.\.\.)$/ });
  const outcome = (page: Page) => page.locator('#newsletter-status');

  /** JavaScript requests from now on. */
  function recordScripts(page: Page): string[] {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    return scripts;
  }

  test('no script until the form is used; then each rule shows its message on its field', async ({
    page,
  }) => {
    const scripts = recordScripts(page);
    await page.goto(`${site.url}/blog`);
    await page.waitForLoadState('networkidle');
    expect(scripts).toEqual([]);

    // Keyboard only: the first focus in the form fetches its code.
    await email(page).focus();
    await expect.poll(() => scripts.length).toBeGreaterThan(0);
    await page.keyboard.type('not-an-address');
    await page.keyboard.press('Enter');
    await expect(email(page)).toHaveAttribute('aria-invalid', 'true');
    await expect(email(page)).toHaveAccessibleDescription('Invalid email address.');
    await expect(email(page)).toBeFocused();
    await expect(consent(page)).toHaveAttribute('aria-invalid', 'true');
    // The field already had focus, so the errors are also said aloud.
    await expect(page.getByRole('alert').filter({ hasText: /\S/ })).toHaveText(
      `Invalid email address. ${NEWSLETTER_MESSAGES.consent}`,
    );
    await expect(consent(page)).toHaveAccessibleDescription(
      new RegExp(
        `^${NEWSLETTER_MESSAGES.consent.replace('.', '\\.')} We email you once to confirm`,
      ),
    );
    await expectNoAxeViolations(page);

    // Errors follow what the reader types once they have tried.
    await email(page).fill(ADDRESS);
    await expect(email(page)).not.toHaveAttribute('aria-invalid');
    // Subscribe without the tick: focus moves to the box that needs it.
    await subscribe(page).click();
    await expect(consent(page)).toBeFocused();
    await page.keyboard.press('Space');
    await expect(consent(page)).not.toHaveAttribute('aria-invalid');
    expect(await emailjs.requests()).toHaveLength(0);
  });

  test('with a finger, mid-page on a phone: request received, the form clears, the payload is right', async ({
    browser,
  }) => {
    const context = await browser.newContext({ ...devices['Pixel 7'] });
    try {
      const page = await context.newPage();
      page.on('pageerror', (error) => pageErrors.push(error.message));
      await page.goto(`${site.url}/blog`);
      await page.locator('#newsletter-form').scrollIntoViewIfNeeded();
      await email(page).tap();
      await page.keyboard.type(ADDRESS);
      await page.getByText(NEWSLETTER_CONSENT).tap();
      await expect(consent(page)).toBeChecked();
      await subscribe(page).tap();

      await expect(outcome(page)).toContainText(NEWSLETTER_OUTCOMES.sent.title);
      await expect(outcome(page)).toContainText(NEWSLETTER_OUTCOMES.sent.description);
      await expect(email(page)).toHaveValue('');
      await expect(consent(page)).not.toBeChecked();

      const [request] = await emailjs.waitForRequests(1);
      expect(request.body).toMatchObject({
        service_id: TEST_EMAILJS_ENV.PUBLIC_EMAILJS_SERVICE_ID,
        template_id: TEST_EMAILJS_ENV.PUBLIC_EMAILJS_NEWSLETTER_TEMPLATE_ID,
        user_id: TEST_EMAILJS_ENV.PUBLIC_EMAILJS_PUBLIC_KEY,
      });
      const params = request.body?.template_params ?? {};
      expect(params).toMatchObject({
        subscriber_email: ADDRESS,
        consent: NEWSLETTER_CONSENT,
        page: '/blog',
        to_name: CONTACT.recipientName,
      });
      expect(Date.now() - Date.parse(String(params.subscribed_date))).toBeLessThan(60_000);

      // What it leaves in the browser is named in the privacy policy.
      expect(await page.evaluate(() => Object.keys(localStorage))).toEqual([
        NEWSLETTER_RATE_LIMIT_ID,
      ]);
      await page.goto(`${site.url}/privacy-policy`);
      await expect(page.locator('#what-we-collect')).toContainText(`"${NEWSLETTER_RATE_LIMIT_ID}"`);
    } finally {
      await context.close();
    }
  });

  for (const [name, answer, expected] of [
    ['refused (400)', { status: 400 }, NEWSLETTER_OUTCOMES.refused],
    ['a dropped connection', { destroySocket: true }, NEWSLETTER_OUTCOMES.failed],
  ] as const) {
    test(`${name}: "${expected.title}", the address and the tick kept`, async ({ page }) => {
      await emailjs.respondWith(answer);
      await page.goto(`${site.url}/blog`);
      await email(page).fill(ADDRESS);
      await consent(page).check();
      await subscribe(page).click();
      await expect(outcome(page)).toContainText(expected.title);
      await expect(outcome(page)).toContainText(expected.description);
      await expect(email(page)).toHaveValue(ADDRESS);
      await expect(consent(page)).toBeChecked();
      await expect(subscribe(page)).toHaveText('Subscribe');
      expect((await emailjs.requests()).length).toBeGreaterThanOrEqual(1);
    });
  }

  test('a Subscribe pressed before the code has arrived is sent once it does', async ({ page }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/NewsletterScript*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${site.url}/blog`);
    await email(page).fill(ADDRESS);
    await consent(page).check();
    await subscribe(page).click();
    await page.waitForTimeout(300);
    // Held: nothing sent, the page did not move.
    expect(await emailjs.requests()).toHaveLength(0);
    expect(page.url()).toBe(`${site.url}/blog`);
    release();
    await expect(outcome(page)).toContainText(NEWSLETTER_OUTCOMES.sent.title);
    expect(await emailjs.requests()).toHaveLength(1);
  });

  test('honeypot: filled, it shows success and sends nothing', async ({ page }) => {
    await page.goto(`${site.url}/blog`);
    await email(page).fill(ADDRESS);
    await consent(page).check();
    await page.locator('#newsletter-website').fill('https://spam.example');
    await subscribe(page).click();
    await expect(outcome(page)).toContainText(NEWSLETTER_OUTCOMES.sent.title);
    expect(await emailjs.requests()).toHaveLength(0);
  });

  test('without JavaScript: a note gives the address, and Subscribe goes nowhere', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(`${site.url}/blog`);
      const note = page.locator('#newsletter-form noscript p');
      await expect(note).toBeVisible();
      await expect(note.locator('a')).toHaveAttribute('href', `mailto:${CONTACT.supportEmail}`);
      await email(page).fill(ADDRESS);
      await subscribe(page).click();
      await page.waitForTimeout(300);
      expect(page.url()).toBe(`${site.url}/blog`);
      expect(await emailjs.requests()).toHaveLength(0);
    } finally {
      await context.close();
    }
  });
});

test.describe('a local build without the EmailJS values (the variant site)', () => {
  const VALUES = {
    'First name': 'Nkosazana',
    'Last name': 'Dlamini',
    Email: 'nkosazana@example.co.za',
    Profession: 'Payroll Specialist',
    Subject: 'Payroll questions',
    Message: 'Does the assistant know the current PAYE tables?',
  };

  test('the newsletter block offers the address instead of a form that cannot send', async ({
    page,
  }) => {
    await page.goto(`${variantSite().url}/blog`);
    const block = page.getByRole('region', { name: 'Subscribe to Our Newsletter' });
    await expect(block.locator('[data-newsletter-not-configured]')).toContainText(
      'Sign-up is not available on this copy of the site.',
    );
    await expect(block.getByRole('link', { name: CONTACT.supportEmail })).toHaveAttribute(
      'href',
      `mailto:${CONTACT.supportEmail}`,
    );
    await expect(block.locator('form, input, button')).toHaveCount(0);
  });

  test('the build warns once, naming each missing variable', () => {
    const warnings = variantSite()
      .output.split('\n')
      .filter((line) => line.includes('Contact form not configured'));
    expect(warnings).toHaveLength(1);
    for (const name of MISSING_EMAILJS_VARIABLES) expect(warnings[0]).toContain(name);
  });

  test('the page renders and a submit refuses politely, keeps the values, logs what is missing', async ({
    page,
  }) => {
    const consoleErrors: string[] = [];
    const sendRequests: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    page.on('request', (request) => {
      if (request.url().includes('/email/send')) sendRequests.push(request.url());
    });

    await page.goto(`${variantSite().url}/contact`);
    await waitForIsland(page, 'ContactForm');
    await expect(sendButton(page)).toBeEnabled();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Get in Touch');
    // Without a configured origin, the policy names EmailJS's own API, as production's does.
    await expect(page.locator('meta[http-equiv="content-security-policy"]')).toHaveAttribute(
      'content',
      /connect-src 'self' https:\/\/api\.emailjs\.com;/,
    );
    // The form says it cannot send and offers the address that can.
    const notice = page.locator('[data-contact-not-configured]');
    await expect(notice).toContainText('cannot send messages');
    await expect(notice.getByRole('link', { name: CONTACT.supportEmail })).toHaveAttribute(
      'href',
      `mailto:${CONTACT.supportEmail}`,
    );
    for (const [label, value] of Object.entries(VALUES)) {
      await page.getByLabel(label, { exact: true }).fill(value);
    }
    await sendButton(page).click();

    await expectRefusedToast(page);
    for (const [label, value] of Object.entries(VALUES)) {
      await expect(page.getByLabel(label, { exact: true })).toHaveValue(value);
    }
    await expect(sendButton(page)).toBeEnabled();

    await expect.poll(() => consoleErrors.join('\n')).toContain('Contact form not configured');
    const logged = consoleErrors.find((text) => text.includes('Contact form not configured'))!;
    for (const name of MISSING_EMAILJS_VARIABLES) expect(logged).toContain(name);
    expect(sendRequests).toEqual([]);
  });
});
