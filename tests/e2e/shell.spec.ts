/**
 * The shell every page shares: routes (header, one h1, footer), the 404 pages, footer, header and
 * the mobile menu as a modal. Then the device matrix: every route at five screen sizes, one theme
 * each, alternating: nothing scrolls sideways, targets big enough (axe, WCAG 2.5.8), anchors clear
 * of the header, and the menu hit-tested at the top, middle and bottom of the page.
 */
import { expect, test, type Page } from '@playwright/test';
import { listBuiltPages } from '../support/builtSite';
import {
  DESKTOP_NAV_MIN_WIDTH,
  MENU_BUTTON,
  MENU_LINKS,
  THEMES,
  VIEWPORTS,
  checkPage,
  findSmallTargets,
  hitTest,
  matrixTheme,
  type MatrixRoute,
  scrollPositions,
  scrollToPosition,
} from '../support/deviceChecks';
import { ROUTES, presetTheme, useTheme } from '../support/e2e';

// Independent tests: let both workers take them.
test.describe.configure({ mode: 'parallel' });

test.describe('routes', () => {
  for (const route of ROUTES) {
    test(`${route} answers 200 with header, one h1 and footer`, async ({ page }) => {
      const response = await page.goto(route);
      expect(response?.status()).toBe(200);
      await expect(page.locator('header#site-header')).toBeVisible();
      await expect(page.locator('main h1')).toHaveCount(1);
      await expect(page.locator('body > footer')).toBeVisible();
    });
  }

  test('a blog list page past the last one answers 404 with the general not-found page', async ({
    page,
  }) => {
    // The seed content fits on /blog, so /blog/page/2 is already past the end.
    for (const path of ['/blog/page/2', '/blog/page/99']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops! Page not found');
    }
    // An unknown post keeps the blog's own page: blog.spec.
  });

  test('an unknown path gets the 404 page with status 404 and logs the path', async ({ page }) => {
    const messages: string[] = [];
    page.on('console', (message) => messages.push(message.text()));
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops! Page not found');
    const home = page.getByRole('link', { name: 'Return to Home' });
    await expect(home).toHaveAttribute('href', '/');
    await expect.poll(() => messages.join('\n')).toContain('/no/such/page');
    await home.click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('footer', () => {
  test('has the quick, legal and contact links and the current year', async ({ page }) => {
    await page.goto('/');
    const footer = page.locator('body > footer');
    const quick = footer.getByRole('navigation', { name: 'Quick Links' }).getByRole('link');
    await expect(quick).toHaveText([
      'Home',
      'About Us',
      'Pricing',
      'FAQs',
      'Blog',
      'Contact',
      'BringSpark',
    ]);
    const legal = footer.getByRole('navigation', { name: 'Legal' });
    await expect(legal.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy-policy',
    );
    await expect(legal.getByRole('link')).toHaveText([
      'Privacy Policy',
      'Terms of Service',
      'Terms & Conditions',
    ]);
    await expect(legal.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
      'href',
      '/terms-of-service',
    );
    await expect(legal.getByRole('link', { name: 'Terms & Conditions' })).toHaveAttribute(
      'href',
      '/policies',
    );
    // No social profile is configured for this build: no link to a page that does not exist.
    await expect(footer.getByRole('link', { name: /^Follow/ })).toHaveCount(0);
    await expect(footer).toContainText('Johannesburg, South Africa');
    await expect(footer.getByRole('link', { name: /@ledgerwise\.co\.za$/ })).toHaveAttribute(
      'href',
      /^mailto:/,
    );
    await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
  });
});

test.describe('header', () => {
  test('turns translucent once scrolled more than 20 px', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 400 });
    await page.goto('/policies');
    const header = page.locator('#site-header');
    await expect(header).not.toHaveAttribute('data-scrolled');
    await page.evaluate(() => window.scrollTo(0, 20));
    await expect(header).not.toHaveAttribute('data-scrolled');
    await page.evaluate(() => window.scrollTo(0, 21));
    await expect(header).toHaveAttribute('data-scrolled');
    // The blur sits on a layer behind the header's content, not on the header itself: a filter
    // there would make the header the containing block of every fixed element inside it.
    const filters = await header.evaluate((el) => ({
      own: getComputedStyle(el).backdropFilter,
      layer: getComputedStyle(el, '::before').backdropFilter,
    }));
    expect(filters.layer).toContain('blur');
    expect(filters.own).toBe('none');
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(header).not.toHaveAttribute('data-scrolled');
  });

  test('is fixed and 5rem tall with the desktop links, sister product and Try button', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    const header = page.locator('#site-header');
    await expect(header).toHaveCSS('position', 'fixed');
    await expect(header).toHaveCSS('height', '80px');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link')).toHaveText([
      'Home',
      'About',
      'Pricing',
      'FAQ',
      'Blog',
      'Contact',
      /BringSpark/,
    ]);
    // Both open in a new tab, as every link to another site (quality.spec).
    await expect(nav.getByRole('link', { name: /BringSpark/ })).toHaveAttribute('href', /^https:/);
    await expect(header.getByRole('link', { name: /^Try/ }).first()).toHaveAttribute(
      'href',
      /^https:.*\/login$/,
    );
  });

  // Which route is active for which path (Home only on the root, a section on its children):
  // isActivePath.test.ts. Here the header marks it, once, on a post.
  test('highlights the active route with aria-current', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/blog');
    await page
      .getByRole('link', { name: /^Read More/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/blog\/[a-z0-9]+(-[a-z0-9]+)*$/);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Blog' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
  });
});

test.describe('mobile menu at 390×844', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  /** Scrolls well down the page, as a reader would be when reaching for the menu. */
  async function scrollMidPage(page: Page) {
    await page.evaluate(() =>
      window.scrollTo({ top: document.documentElement.scrollHeight / 2, behavior: 'instant' }),
    );
    await expect(page.locator('#site-header')).toHaveAttribute('data-scrolled');
    return page.evaluate(() => window.scrollY);
  }

  test('opens mid-page as a full-height modal panel; a chosen link closes it and returns focus', async ({
    page,
  }) => {
    await page.goto('/');
    const y = await scrollMidPage(page);
    const button = page.getByRole('button', { name: 'Menu', exact: true });
    const panel = page.getByRole('dialog', { name: 'Menu' });
    await expect(button).toHaveAttribute('aria-controls', 'mobile-menu');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(panel).toBeHidden();
    await button.tap();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(panel).toBeVisible();
    expect(await panel.boundingBox()).toEqual({ x: 0, y: 0, width: 390, height: 844 });
    // Focus moved into the panel.
    await expect(panel.getByRole('button', { name: 'Close menu' })).toBeFocused();
    const mobileNav = panel.getByRole('navigation', { name: 'Mobile' });
    await expect(mobileNav.getByRole('link', { name: 'BringSpark' })).toHaveAttribute(
      'href',
      '/bringspark',
    );
    // Hold the navigation back to see what the choice itself does: the panel closes and focus
    // goes back to the button, with the page where it was.
    await page.evaluate(() =>
      document.addEventListener('click', (event) => event.preventDefault(), {
        capture: true,
        once: true,
      }),
    );
    await mobileNav.getByRole('link', { name: 'About' }).tap();
    await expect(page).toHaveURL(/\/$/);
    await expect(panel).toBeHidden();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(button).toBeFocused();
    expect(await page.evaluate(() => window.scrollY)).toBe(y);
    // A link that navigates: the menu under a finger, below.
  });

  test('is modal: the page behind is inert and does not scroll, Tab and Shift+Tab stay in the panel', async ({
    page,
  }) => {
    await page.goto('/policies');
    const y = await scrollMidPage(page);
    await page.getByRole('button', { name: 'Menu', exact: true }).tap();
    const panel = page.locator('#mobile-menu');
    await expect(panel).toBeVisible();

    // Nothing behind the panel can be reached by pointer or by script focus.
    const behind = await page.evaluate(() => {
      const link = document.querySelector<HTMLElement>('main a[href]')!;
      link.focus();
      return {
        focusedBehind: document.activeElement === link,
        hitBehind: document.elementFromPoint(195, 700)?.closest('#mobile-menu') === null,
      };
    });
    expect(behind).toEqual({ focusedBehind: false, hitBehind: false });

    // Wheel and touch scrolling leave the page where it was.
    await page.mouse.wheel(0, 600);
    await page.touchscreen.tap(195, 780);
    await expect(panel).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(y);

    // Tab through everything, twice round, each way: focus is always in the panel, or has left
    // the page for the browser's own controls (which a real browser offers between the last and
    // the first), never on the page behind.
    const where = () =>
      page.evaluate(() => {
        const active = document.activeElement;
        if (!document.hasFocus() || !active || active === document.body) return 'browser';
        return active.closest('#mobile-menu') ? 'panel' : `page: ${active.outerHTML.slice(0, 60)}`;
      });
    const controls = await panel.locator('a[href], button').count();
    for (const key of ['Tab', 'Shift+Tab']) {
      const visited: string[] = [];
      for (let i = 0; i < 2 * (controls + 1); i++) {
        await page.keyboard.press(key);
        visited.push(await where());
      }
      expect(visited.filter((place) => place !== 'panel' && place !== 'browser')).toEqual([]);
      expect(visited.filter((place) => place === 'panel').length).toBeGreaterThanOrEqual(
        2 * controls,
      );
    }
  });

  // Escape closes it too, with focus back on the button: the device matrix, on every page.
  test('opens from the keyboard, closes on its close button, and returns focus to the menu button', async ({
    page,
  }) => {
    await page.goto('/about');
    const y = await scrollMidPage(page);
    const button = page.getByRole('button', { name: 'Menu', exact: true });
    const panel = page.locator('#mobile-menu');
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(panel).toBeVisible();
    await page.getByRole('button', { name: 'Close menu' }).tap();
    await expect(panel).toBeHidden();
    await expect(button).toBeFocused();
    expect(await page.evaluate(() => window.scrollY)).toBe(y);
  });
});

/** Pages that answer 404 on purpose: an unknown path, an unknown post, a list page past the end. */
const NOT_FOUND_ROUTES: readonly MatrixRoute[] = [
  { path: '/no-such-page', status: 404 },
  { path: '/blog/no-such-post', status: 404 },
  { path: '/blog/page/99', status: 404 },
];

/**
 * Every route the build produced: each page, one blog post and one topic or author list standing
 * for all (each kind shares one layout), /blog/page/2 when there is one, and the 404 pages as visitors reach
 * them.
 */
async function matrixRoutes(): Promise<MatrixRoute[]> {
  const pages = (await listBuiltPages()).filter((page) => !page.isNotFound);
  // A post; a topic's or an author's list (BlogListing, as /blog).
  const kinds = [/^\/blog\/(?!page$|topics$)[^/]+$/, /^\/blog\/(topic|author)\/[^/]+$/];
  const routes = pages
    .filter((page) => !kinds.some((kind) => kind.test(page.route)))
    .map((page) => ({ path: page.route, status: 200 as const }));
  for (const kind of kinds) {
    const first = pages.find((page) => kind.test(page.route));
    if (first) routes.push({ path: first.route, status: 200 });
  }
  return [...routes, ...NOT_FOUND_ROUTES];
}

test('the target check names two crowded small buttons, and passes them once spaced or in a sentence', async ({
  page,
}) => {
  const small = 'style="width:16px;height:16px;padding:0;border:0"';
  await page.setContent(
    `<main><button ${small} aria-label="Previous">‹</button><button ${small} aria-label="Next">›</button></main>`,
  );
  expect(await findSmallTargets(page)).toEqual([
    expect.stringMatching(/Previous|button/),
    expect.stringMatching(/Next|button/),
  ]);
  await page.setContent(
    `<main><button ${small} aria-label="Previous">‹</button><p style="margin:40px">A <a href="/a">link</a> in a sentence.</p><button ${small} aria-label="Next">›</button></main>`,
  );
  expect(await findSmallTargets(page)).toEqual([]);
});

for (const viewport of VIEWPORTS) {
  const theme = matrixTheme(viewport);
  test.describe(`${viewport.name}, ${theme} theme`, () => {
    test.use({
      viewport: { width: viewport.width, height: viewport.height },
      hasTouch: viewport.touch,
      isMobile: viewport.touch,
    });

    const menuShown = viewport.width < DESKTOP_NAV_MIN_WIDTH;
    test(`every route: no sideways scroll, big enough targets, anchors clear of the header${menuShown ? ', a menu that works' : ''}`, async ({
      page,
    }) => {
      test.slow();
      await presetTheme(page, theme);
      for (const route of await matrixRoutes()) {
        await test.step(route.path, () => checkPage(page, route, viewport, theme));
      }
    });
  });
}

/**
 * Long pages, and where on them a link is tapped. Each link is tapped once, from one page at one
 * position in turn, so that the rounds of positions meet every page. The matrix already hit-tests
 * every link at every position in the open menu; this test follows the tap to where it leads.
 */
const LONG_PAGES = ['/', '/policies', '/privacy-policy'] as const;
const POSITIONS = ['top', 'middle', 'bottom'] as const;

test.describe('the menu under a finger, 390×844', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('each link, tapped at its centre at the top, middle or bottom of a long page, takes you there', async ({
    page,
  }) => {
    test.slow();
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

    const plans = hrefs.map((link, index) => ({
      link,
      index,
      position: POSITIONS[index % POSITIONS.length],
      path: LONG_PAGES[(index + Math.floor(index / POSITIONS.length)) % LONG_PAGES.length],
      // Both themes, in turn: the same links under a finger whatever the theme.
      theme: THEMES[index % THEMES.length],
    }));
    for (const { link, index, theme, ...plan } of plans) {
      await test.step(`${link.href} from the ${plan.position} of ${plan.path}, ${theme}`, async () => {
        await useTheme(page, theme);
        await page.goto(plan.path);
        const html = expect(page.locator('html'));
        await (theme === 'dark' ? html : html.not).toHaveClass(/\bdark\b/);
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
