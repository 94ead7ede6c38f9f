/**
 * The device matrix: every route of the built site at five screen sizes (a 390×844 phone with
 * touch) in both themes. On each page: nothing scrolls sideways, every target is big enough for a
 * finger or spaced as WCAG 2.5.8 allows, in-page links land below the fixed header, and where the
 * header shows the menu button, the menu covers the screen and every link in it is hit at its
 * centre at the top, middle and bottom of the page. A route with a problem gets a full-page
 * screenshot attached, named for its route, viewport and theme.
 *
 * One test per screen size and theme walks all routes (one browser page, no rebuilds), so the
 * whole matrix costs a few page loads per route.
 */
import { expect, test } from '@playwright/test';
import { listBuiltPages } from '../support/built-site';
import {
  MENU_BUTTON,
  MENU_LINKS,
  THEMES,
  VIEWPORTS,
  attachScreenshot,
  findPageProblems,
  hitTest,
  type MatrixRoute,
  scrollPositions,
  scrollToPosition,
} from '../support/device-checks';
import { presetTheme } from '../support/e2e';

// Twelve independent tests: let both workers take them.
test.describe.configure({ mode: 'parallel' });

/** Pages that answer 404 on purpose: an unknown path, an unknown post, a list page past the end. */
const NOT_FOUND_ROUTES: readonly MatrixRoute[] = [
  { path: '/no-such-page', status: 404 },
  { path: '/blog/no-such-post', status: 404 },
  { path: '/blog/page/99', status: 404 },
];

/**
 * Every route the build produced: each page, one blog post standing for all (they share one
 * layout), /blog/page/2 when there is one, and the 404 pages as visitors reach them.
 */
async function matrixRoutes(): Promise<MatrixRoute[]> {
  const pages = await listBuiltPages();
  const posts = pages.filter((page) => /^\/blog\/(?!page\/)[^/]+$/.test(page.route));
  const routes = pages
    .filter((page) => !page.isNotFound && !posts.includes(page))
    .map((page) => ({ path: page.route, status: 200 as const }));
  if (posts.length > 0)
    routes.push({ path: posts.find((post) => !post.isNotFound)!.route, status: 200 });
  return [...routes, ...NOT_FOUND_ROUTES];
}

for (const viewport of VIEWPORTS) {
  for (const theme of THEMES) {
    test.describe(`${viewport.name}, ${theme} theme`, () => {
      test.use({
        viewport: { width: viewport.width, height: viewport.height },
        hasTouch: viewport.touch,
        isMobile: viewport.touch,
      });

      test('every route: no sideways scroll, big enough targets, anchors clear of the header, a menu that works', async ({
        page,
      }, testInfo) => {
        test.slow();
        await presetTheme(page, theme);
        const failures: string[] = [];
        for (const route of await matrixRoutes()) {
          await test.step(route.path, async () => {
            const problems = await findPageProblems(page, route, viewport);
            if (problems.length === 0) return;
            failures.push(...problems.map((problem) => `${route.path}: ${problem}`));
            await attachScreenshot(page, testInfo, `${route.path} ${viewport.name} ${theme}.png`);
          });
        }
        expect(failures).toEqual([]);
      });
    });
  }
}

/** Long pages, and where on them each menu link is tapped. */
const TAP_PLAN = [
  { path: '/', position: 'top' },
  { path: '/policies', position: 'middle' },
  { path: '/privacy-policy', position: 'bottom' },
] as const;

for (const theme of THEMES) {
  test.describe(`the menu under a finger, 390×844, ${theme} theme`, () => {
    test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

    test('each link, tapped at its centre mid-scroll on a long page, takes you there', async ({
      page,
    }) => {
      test.slow();
      await presetTheme(page, theme);
      // The chat app opens in a new tab: answer it here, so the test never leaves this machine.
      await page.context().route(/^https:\/\/(?!127\.0\.0\.1)/, (route) =>
        route.fulfill({
          status: 200,
          contentType: 'text/html',
          body: '<title>elsewhere</title>',
        }),
      );
      await page.goto('/');
      const hrefs = await page.locator(MENU_LINKS).evaluateAll((links) =>
        links.map((link) => ({
          href: (link as HTMLAnchorElement).href,
          newTab: link.getAttribute('target') === '_blank',
        })),
      );
      expect(hrefs.length).toBeGreaterThanOrEqual(8);

      for (const [index, link] of hrefs.entries()) {
        const plan = TAP_PLAN[index % TAP_PLAN.length];
        await test.step(`${link.href} from the ${plan.position} of ${plan.path}`, async () => {
          await page.goto(plan.path);
          const positions = await scrollPositions(page);
          expect(positions.map((position) => position.name)).toContain('middle');
          await scrollToPosition(page, positions.find((p) => p.name === plan.position)!.y);

          const button = await hitTest(page, MENU_BUTTON);
          expect(button.hit, button.found).toBe(true);
          await page.touchscreen.tap(button.x, button.y);
          await expect(page.locator('#mobile-menu')).toBeVisible();

          const target = await hitTest(page, MENU_LINKS, index);
          expect(target.hit, target.found).toBe(true);
          if (link.newTab) {
            const popup = page.waitForEvent('popup');
            await page.touchscreen.tap(target.x, target.y);
            const opened = await popup;
            await expect.poll(() => opened.url()).toContain(new URL(link.href).host);
            await opened.close();
            await expect(page.locator('#mobile-menu')).toBeHidden();
          } else {
            await page.touchscreen.tap(target.x, target.y);
            await expect(page).toHaveURL(link.href);
            await expect(page.locator('#mobile-menu')).toBeHidden();
          }
        });
      }
    });
  });
}
