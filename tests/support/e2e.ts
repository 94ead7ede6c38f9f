import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type Request } from '@playwright/test';

/** Every public route of the site (the single-post route is covered by the blog specs). */
export const ROUTES = [
  '/',
  '/about',
  '/pricing',
  '/faq',
  '/blog',
  '/contact',
  '/policies',
  '/privacy-policy',
  '/terms-of-service',
  '/bringspark',
] as const;

export const THEME_KEY = 'ledgerwise-ui-theme';

/** Stores a theme preference before any page script runs (every navigation of this page). */
export async function presetTheme(page: Page, theme: 'light' | 'dark' | 'system') {
  await page.addInitScript(
    ([key, value]) => {
      // Only the first document of the test: later toggles must survive reloads.
      if (!sessionStorage.getItem('__theme_preset')) {
        localStorage.setItem(key, value);
        sessionStorage.setItem('__theme_preset', '1');
      }
    },
    [THEME_KEY, theme] as const,
  );
}

/**
 * Stores a theme preference for the pages this page opens next (unlike presetTheme, it can change
 * between navigations). The page must be on the site, or is taken there first.
 */
export async function useTheme(page: Page, theme: 'light' | 'dark') {
  if (page.url() === 'about:blank') await page.goto('/');
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [THEME_KEY, theme]);
}

/** Waits until the named React island has hydrated (Astro drops its `ssr` attribute). */
export async function waitForIsland(page: Page, componentName: string) {
  const island = page.locator(`astro-island[component-url*="${componentName}"]`).first();
  await expect(island).toBeAttached();
  await expect(island).not.toHaveAttribute('ssr', /.*/);
}

/**
 * Installs Playwright's fake clock, paused, before the next page loads: the page's time (timers,
 * animation frames, idle callbacks, Date, performance) moves only when the test calls
 * `page.clock.runFor`. `clock.install()` alone lets page time follow real time, so on a busy
 * machine timers fire while a test is still between two steps.
 */
export async function installPausedClock(page: Page) {
  const start = new Date('2025-07-01T08:00:00Z').getTime();
  await page.clock.install({ time: start });
  // Paused a minute on: the clock runs between these two calls, and pausing in its past throws.
  await page.clock.pauseAt(start + 60_000);
}

/**
 * Reads the page to its end as a visitor does, a screen at a time, letting each screen render (so
 * lazy pictures and client:visible islands on it start loading), then waits until what they asked
 * for has arrived: no request open for half a second. Instant steps: the site scrolls smoothly,
 * so a plain scrollTo was still under way (or cancelled by the next one) when a test read the
 * page. (Playwright's 'networkidle' cannot wait for this: once reached after the load, it is
 * reached for good.)
 */
export async function scrollThrough(page: Page) {
  const open = new Set<Request>();
  const opened = (request: Request) => open.add(request);
  const closed = (request: Request) => open.delete(request);
  page.on('request', opened);
  page.on('requestfinished', closed);
  page.on('requestfailed', closed);
  try {
    await page.evaluate(async () => {
      const rendered = () =>
        new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
      const end = () => document.documentElement.scrollHeight - window.innerHeight;
      for (let top = 0; top < end(); top += window.innerHeight * 0.8) {
        window.scrollTo({ top, behavior: 'instant' });
        await rendered();
      }
      window.scrollTo({ top: end(), behavior: 'instant' });
      await rendered();
    });
    let quietSince = Date.now();
    await expect
      .poll(
        () => {
          if (open.size > 0) quietSince = Date.now();
          return Date.now() - quietSince;
        },
        { message: 'the requests the scroll started', intervals: [100] },
      )
      .toBeGreaterThanOrEqual(500);
  } finally {
    page.off('request', opened);
    page.off('requestfinished', closed);
    page.off('requestfailed', closed);
  }
}

/** Every JSON-LD block on the page, parsed. */
export async function readJsonLd(page: Page): Promise<Array<Record<string, unknown>>> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((text) => JSON.parse(text) as Record<string, unknown>);
}

/** axe-core on the whole page, WCAG 2.x A and AA rules. */
export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
  expect(summary).toEqual([]);
}

/** Every request the page makes from now on, to check which hosts it contacts. */
export function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  return urls;
}

interface CspWatch {
  violations: () => Promise<string[]>;
  consoleErrors: string[];
}

/** Records CSP violations (from any policy) and console errors about policies. */
export async function watchCsp(page: Page): Promise<CspWatch> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(
        `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber} (${event.sample})`,
      );
    });
  });
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (/Content.Security.Policy|Permissions-Policy|Refused to/i.test(text)) {
      consoleErrors.push(`${message.type()}: ${text}`);
    }
  });
  return {
    consoleErrors,
    violations: () =>
      page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations),
  };
}
