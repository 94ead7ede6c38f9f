import { expect, test } from '@playwright/test';
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
    await expect(legal.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
      'href',
      '/terms-of-service',
    );
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
    const style = await header.evaluate((el) => getComputedStyle(el).backdropFilter);
    expect(style).toContain('blur');
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
  test.use({ viewport: { width: 390, height: 844 } });

  test('opens a full-height panel, closes on a chosen link and returns focus', async ({ page }) => {
    await page.goto('/');
    const button = page.getByRole('button', { name: 'Menu' });
    const panel = page.locator('#mobile-menu');
    await expect(button).toHaveAttribute('aria-controls', 'mobile-menu');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(panel).toBeHidden();
    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(panel).toBeVisible();
    const box = await panel.boundingBox();
    expect(box && box.y + box.height).toBeGreaterThanOrEqual(843);
    const mobileNav = page.getByRole('navigation', { name: 'Mobile' });
    await expect(mobileNav.getByRole('link', { name: 'BringSpark' })).toHaveAttribute(
      'href',
      '/bringspark',
    );
    // Hold the navigation back to see what the click itself does: the panel closes and focus
    // goes back to the button.
    await page.evaluate(() =>
      document.addEventListener('click', (event) => event.preventDefault(), {
        capture: true,
        once: true,
      }),
    );
    await mobileNav.getByRole('link', { name: 'About' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(panel).toBeHidden();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(button).toBeFocused();
    // Choosing another page navigates there with the panel closed.
    await button.click();
    await mobileNav.getByRole('link', { name: 'Pricing' }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.locator('#mobile-menu')).toBeHidden();
  });

  test('closes on Escape and returns focus to the button', async ({ page }) => {
    await page.goto('/about');
    const button = page.getByRole('button', { name: 'Menu' });
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('#mobile-menu')).toBeVisible();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Escape');
    await expect(page.locator('#mobile-menu')).toBeHidden();
    await expect(button).toBeFocused();
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
