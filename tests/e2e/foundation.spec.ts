import { expect, test, type Page } from '@playwright/test';
import { ROUTES, THEME_KEY, expectNoAxeViolations, presetTheme } from '../support/e2e';

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
    // An unknown post keeps the blog's own page.
    const response = await page.goto('/blog/no-such-post');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Blog Post Not Found');
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

test.describe('theme', () => {
  test('is dark by default with nothing stored', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    expect(await page.evaluate((key) => localStorage.getItem(key), THEME_KEY)).toBeNull();
  });

  test('the toggle switches light and dark and persists across reload and navigation', async ({
    page,
  }) => {
    await page.goto('/');
    // No waiting for hydration: the toggle hydrates on this very click, which must not be lost.
    const toggle = page.getByRole('button', { name: 'Toggle theme' });
    await toggle.click();
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
    expect(await page.evaluate((key) => localStorage.getItem(key), THEME_KEY)).toBe('light');
    await page.reload();
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'About' })
      .click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
    await page.getByRole('button', { name: 'Toggle theme' }).click();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    expect(await page.evaluate((key) => localStorage.getItem(key), THEME_KEY)).toBe('dark');
  });

  test('never paints the wrong theme: the class is right before any stylesheet or body', async ({
    page,
  }) => {
    // Record <html>'s class at the moment the parser first inserts a stylesheet or <body>.
    await page.addInitScript(() => {
      const seen: Record<string, string> = {};
      (window as unknown as { __themeAt: typeof seen }).__themeAt = seen;
      new MutationObserver((records) => {
        for (const record of records) {
          for (const node of record.addedNodes) {
            if (!(node instanceof Element)) continue;
            const kind =
              node.tagName === 'BODY'
                ? 'body'
                : node.matches('link[rel="stylesheet"], style')
                  ? 'stylesheet'
                  : null;
            if (kind && !(kind in seen)) seen[kind] = document.documentElement.className;
          }
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await presetTheme(page, 'light');
    for (const route of ['/', '/pricing', '/blog']) {
      await page.goto(route);
      const seen = await page.evaluate(
        () => (window as unknown as { __themeAt: Record<string, string> }).__themeAt,
      );
      expect(Object.keys(seen).sort()).toEqual(['body', 'stylesheet']);
      expect(seen.stylesheet.split(/\s+/)).not.toContain('dark');
      expect(seen.body.split(/\s+/)).not.toContain('dark');
    }
  });

  test('"system" follows the operating system, also while the page is open', async ({ page }) => {
    await presetTheme(page, 'system');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/faq');
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
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
    expect(await header.evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
    expect((await header.boundingBox())?.height).toBe(80);
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
    const sister = nav.getByRole('link', { name: /BringSpark/ });
    await expect(sister).toHaveAttribute('target', '_blank');
    await expect(sister).toHaveAttribute('rel', 'noopener noreferrer');
    const tryButton = header.getByRole('link', { name: /^Try/ }).first();
    await expect(tryButton).toHaveAttribute('target', '_blank');
    await expect(tryButton).toHaveAttribute('href', /\/login$/);
  });

  test('highlights the active route with aria-current', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/pricing');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Pricing' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
    await page.goto('/blog');
    await expect(nav.getByRole('link', { name: 'Blog' })).toHaveAttribute('aria-current', 'page');
    // Blog stays active on a post.
    await page
      .getByRole('link', { name: /^Read More/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/blog\/[a-z0-9]+$/);
    await expect(nav.getByRole('link', { name: 'Blog' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
    await page.goto('/');
    await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
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
    // Choosing another page navigates there with the panel closed.
    await button.tap();
    await mobileNav.getByRole('link', { name: 'Pricing' }).tap();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.locator('#mobile-menu')).toBeHidden();
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

  test('closes on Escape and on its close button, and returns focus to the menu button', async ({
    page,
  }) => {
    await page.goto('/about');
    const y = await scrollMidPage(page);
    const button = page.getByRole('button', { name: 'Menu', exact: true });
    const panel = page.locator('#mobile-menu');
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(panel).toBeVisible();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(button).toBeFocused();
    await expect(button).toHaveAttribute('aria-expanded', 'false');

    await button.tap();
    await page.getByRole('button', { name: 'Close menu' }).tap();
    await expect(panel).toBeHidden();
    await expect(button).toBeFocused();
    expect(await page.evaluate(() => window.scrollY)).toBe(y);
  });
});

test.describe('accessibility (axe-core)', () => {
  for (const theme of ['dark', 'light'] as const) {
    for (const route of [...ROUTES, '/no-such-page']) {
      test(`${route} in the ${theme} theme`, async ({ page }) => {
        await presetTheme(page, theme);
        await page.goto(route);
        await expect(page.locator('html')).toHaveClass(
          theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/,
        );
        await expectNoAxeViolations(page);
      });
    }
  }
});
