import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, presetTheme, waitForIsland } from '../support/e2e';
import { PAGE_ROUTES } from './pages-helpers';

test.describe('links and structured data', () => {
  for (const route of PAGE_ROUTES) {
    test(`${route}: every external link opens in a new tab with rel="noopener noreferrer"`, async ({
      page,
    }) => {
      await page.goto(route);
      const origin = new URL(page.url()).origin;
      const links = await page.locator('a[href]').evaluateAll((anchors) =>
        anchors.map((a) => ({
          href: (a as HTMLAnchorElement).href,
          target: a.getAttribute('target'),
          rel: a.getAttribute('rel'),
        })),
      );
      const external = links.filter(
        ({ href }) => /^https?:/.test(href) && new URL(href).origin !== origin,
      );
      expect(external.length).toBeGreaterThan(0);
      for (const link of external) {
        expect(link, link.href).toMatchObject({ target: '_blank', rel: 'noopener noreferrer' });
      }
      // And nothing internal is pushed into a new tab.
      const internalInNewTab = links.filter(
        ({ href, target }) => href.startsWith(origin) && target === '_blank',
      );
      expect(internalInNewTab).toEqual([]);
    });

    test(`${route}: every JSON-LD block parses and names a schema.org type`, async ({ page }) => {
      await page.goto(route);
      const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
      expect(blocks.length).toBeGreaterThan(0);
      for (const text of blocks) {
        const data = JSON.parse(text) as Record<string, unknown>;
        expect(data['@context']).toBe('https://schema.org');
        expect(typeof data['@type']).toBe('string');
      }
    });
  }

  test('no page of this suite asks any other host for anything', async ({ page, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    const foreign: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (/^https?:$/.test(url.protocol) && url.origin !== origin) foreign.push(request.url());
    });
    for (const route of PAGE_ROUTES) {
      await page.goto(route);
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.waitForLoadState('networkidle');
    }
    expect(foreign).toEqual([]);
  });
});

test.describe('accessibility (axe-core)', () => {
  for (const theme of ['light', 'dark'] as const) {
    for (const width of [390, 1280]) {
      test(`no violations in the ${theme} theme at ${width} px`, async ({ page }) => {
        test.slow();
        await presetTheme(page, theme);
        await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
        for (const route of PAGE_ROUTES) {
          await page.goto(route);
          await expect(page.locator('html')).toHaveClass(
            theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/,
          );
          if (route === '/faq') {
            // Also with an answer open.
            await waitForIsland(page, 'FaqAccordion');
            await page.locator('[data-faq-item] button').first().click();
          }
          await test.step(route, () => expectNoAxeViolations(page));
        }
      });
    }
  }
});
