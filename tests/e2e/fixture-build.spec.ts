/**
 * A test build of the site with every optional setting given (a demo video, a social profile, a
 * Free plan that runs until 2099) and one test-only page whose islands throw in the browser
 * (tests/fixtures/island-errors, built only through that folder's config). One build serves every
 * check that needs those settings; `astro dev` then shows the same page with the stack.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { getFreePort } from '../../scripts/lib/pocketbase.mjs';
import { distDir } from '../support/built-site';
import { presetTheme, readJsonLd } from '../support/e2e';
import {
  FIXTURE_CONFIG,
  VARIANT_SETTINGS as SETTINGS,
  variantSite,
  type SharedSite,
} from '../support/shared-sites';
import { TEST_EMAILJS_ENV } from '../support/site';
import { BROKEN_MESSAGE } from '../fixtures/island-errors/message';

const PROJECT_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const FIXTURE_PATH = '/test-fixtures/island-errors';

/** What each island shows in a built site when it breaks. */
const QUIET_FALLBACKS = {
  contact: 'The form could not be loaded. Please email us at support@ledgerwise.co.za.',
  faq: 'The answers could not be shown. Please reload the page.',
  testimonials: 'The testimonials could not be shown. Please reload the page.',
  headline: 'Accounting',
  theme: '',
} as const;

let site: SharedSite;

test.beforeAll(() => {
  site = variantSite();
});

/** Opens the fixture page and waits until every island has hydrated (and failed). */
async function openBrokenIslands(page: Page, url: string) {
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  await page.goto(url);
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0, { timeout: 60_000 });
  return consoleErrors;
}

test.describe('an island that throws, in the built site', () => {
  for (const theme of ['dark', 'light'] as const) {
    test(`shows its own quiet fallback, never the error or its stack (${theme} theme)`, async ({
      page,
    }) => {
      await presetTheme(page, theme);
      const consoleErrors = await openBrokenIslands(page, `${site.url}${FIXTURE_PATH}`);
      for (const [island, text] of Object.entries(QUIET_FALLBACKS)) {
        const section = page.locator(`[data-island="${island}"]`);
        if (text) await expect(section).toHaveText(text);
        else await expect(section).toHaveText('');
      }
      const contact = page.locator('[data-island="contact"]');
      await expect(contact.getByRole('link', { name: 'support@ledgerwise.co.za' })).toHaveAttribute(
        'href',
        'mailto:support@ledgerwise.co.za',
      );
      const main = page.locator('main');
      await expect(main).not.toContainText('Unexpected Application Error!');
      await expect(main).not.toContainText(BROKEN_MESSAGE);
      await expect(main.locator('pre')).toHaveCount(0);
      // Developers still find the error in the console.
      expect(consoleErrors.join('\n')).toContain(BROKEN_MESSAGE);
      // The rest of the page works: the header's own island hydrated.
      await expect(page.getByRole('button', { name: 'Toggle theme' })).toBeVisible();
    });
  }

  test('the fixture page is in this test build only, never in the site the suite serves', async ({
    request,
  }) => {
    expect(existsSync(path.join(site.outDir, 'test-fixtures', 'island-errors.html'))).toBe(true);
    expect(existsSync(path.join(distDir(), 'test-fixtures'))).toBe(false);
    const response = await request.get(FIXTURE_PATH);
    expect(response.status()).toBe(404);
  });
});

test.describe('with every optional setting given', () => {
  test('"See How It Works" opens the demo video in a new tab', async ({ page }) => {
    await page.goto(`${site.url}/`);
    const demo = page.locator('#hero').getByRole('link', { name: /^See How It Works/ });
    await expect(demo).toHaveAttribute('href', SETTINGS.PUBLIC_DEMO_VIDEO_URL);
    await expect(demo).toHaveAttribute('target', '_blank');
    await expect(demo).toHaveAttribute('rel', 'noopener noreferrer');
  });

  test('the social profile is linked in the footer and on /contact, and is the sameAs', async ({
    page,
  }) => {
    await page.goto(`${site.url}/contact`);
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
    expect(site.output).not.toContain('The Free plan ended');
    await page.goto(`${site.url}/pricing`);
    await expect(page.locator('[data-plan] h2')).toHaveText(['Free', 'Professional', 'Enterprise']);
    const free = page.locator('[data-plan="Free"]');
    await expect(page.locator('[data-plan][data-ended]')).toHaveCount(0);
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
    await expect(page.locator('#pricing-faq')).toContainText(
      'The Free plan is free to all users until 31 December 2099.',
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
      /^Ledgerwise plans: Free for all users until 31 December 2099, Professional/,
    );
  });
});

test.describe('an island that throws, in astro dev', () => {
  let dev: ChildProcess | undefined;

  test.afterAll(async () => {
    if (dev?.pid && dev.exitCode === null) {
      const exited = new Promise((resolve) => dev!.once('exit', resolve));
      dev.kill('SIGTERM');
      await exited;
    }
  });

  test('shows the error screen with the message and the stack', async ({ page }) => {
    // Starting the dev server and compiling the page on first request on a busy machine.
    test.setTimeout(240_000);
    const port = await getFreePort();
    const url = `http://127.0.0.1:${port}`;
    let output = '';
    dev = spawn(
      process.execPath,
      [
        path.join(PROJECT_ROOT, 'node_modules/astro/astro.js'),
        'dev',
        '--config',
        path.relative(PROJECT_ROOT, FIXTURE_CONFIG),
        '--host',
        '127.0.0.1',
        '--port',
        String(port),
      ],
      {
        cwd: PROJECT_ROOT,
        env: {
          ...process.env,
          ...TEST_EMAILJS_ENV,
          POCKETBASE_URL: process.env.E2E_POCKETBASE_URL,
          ASTRO_TELEMETRY_DISABLED: '1',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    dev.stdout?.on('data', (chunk) => (output += chunk));
    dev.stderr?.on('data', (chunk) => (output += chunk));
    await expect
      .poll(
        async () => {
          if (dev?.exitCode !== null) throw new Error(`astro dev exited:\n${output}`);
          return fetch(`${url}${FIXTURE_PATH}`).then(
            (response) => response.status,
            () => 0,
          );
        },
        { timeout: 180_000, intervals: [1_000] },
      )
      .toBe(200);

    await openBrokenIslands(page, `${url}${FIXTURE_PATH}`);
    const screens = page.locator('main [role="alert"]');
    await expect(screens).toHaveCount(Object.keys(QUIET_FALLBACKS).length);
    for (const screen of await screens.all()) {
      await expect(screen).toContainText('Unexpected Application Error!');
      await expect(screen).toContainText(BROKEN_MESSAGE);
      await expect(screen.locator('pre')).toContainText('Explode');
    }
  });
});
