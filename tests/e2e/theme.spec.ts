/**
 * The theme: dark by default, painted before any stylesheet, "system" follows the OS. The toggle
 * hydrates on first interaction: its pages load no script until then, and that first click, tap,
 * Enter or Space switches exactly once, even before the code has arrived (its requests are held
 * at the network until the click has happened, so "before" is certain).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { distDir, listBuiltPages } from '../support/builtSite';
import { THEME_KEY, presetTheme, scrollThrough, waitForIsland } from '../support/e2e';

// Independent tests: let both workers take them.
test.describe.configure({ mode: 'parallel' });

test.describe('theme', () => {
  test('is dark by default with nothing stored, or with what is not a preference', async ({
    page,
  }) => {
    const errors: Error[] = [];
    page.on('pageerror', (error) => errors.push(error));
    // An operating system in light mode: read as "system", an unknown value would show light.
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    expect(await page.evaluate((key) => localStorage.getItem(key), THEME_KEY)).toBeNull();
    const store = (value: string) =>
      page.evaluate(([key, stored]) => localStorage.setItem(key, stored), [THEME_KEY, value]);
    for (const stored of ['purple', 'Light', '']) {
      // The page's HTML arrives dark: light first, so dark is the head script's own choice.
      await store('light');
      await page.reload();
      await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
      await store(stored);
      await page.reload();
      await expect(page.locator('html'), `stored "${stored}"`).toHaveClass(/\bdark\b/);
    }
    expect(errors).toEqual([]);
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

const TOGGLE = { name: 'Toggle theme' } as const;

/**
 * Toggle-only pages, one for each set of inline scripts they run (plain, the blog list's, a 404's):
 * that no toggle-only page names a script file is read from every built page below.
 */
const TOGGLE_ONLY_ROUTES = ['/about', '/blog', '/no-such-page'];

const isScript = (url: string, type: string) =>
  type === 'script' || /\.m?js$/.test(new URL(url).pathname);

/** Records every script the page requests from now on. */
function recordScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (isScript(request.url(), request.resourceType()))
      scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

/** Counts every switch of <html>'s theme from now on, and records CSP violations. */
async function watchTheme(page: Page) {
  await page.evaluate(() => {
    const root = document.documentElement;
    const state = { flips: 0, violations: [] as string[] };
    (window as unknown as { __toggle: typeof state }).__toggle = state;
    const isDark = (value: string | null) => /(^|\s)dark(\s|$)/.test(value ?? '');
    let dark = root.classList.contains('dark');
    // Two switches in one task come as one batch: walk each record's old value to count both.
    new MutationObserver((records) => {
      for (const next of [...records.slice(1).map((r) => r.oldValue), root.className]) {
        if (isDark(next) !== dark) state.flips += 1;
        dark = isDark(next);
      }
    }).observe(root, { attributes: true, attributeFilter: ['class'], attributeOldValue: true });
    document.addEventListener('securitypolicyviolation', (event) =>
      state.violations.push(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'}`),
    );
  });
  const read = () =>
    page.evaluate(
      () => (window as unknown as { __toggle: { flips: number; violations: string[] } }).__toggle,
    );
  return {
    flips: async () => (await read()).flips,
    violations: async () => (await read()).violations,
  };
}

/**
 * Waits until the page has settled: after the load event, an idle callback has run (client:idle
 * islands start theirs earlier, so they have run too) and the network is quiet.
 */
async function settle(page: Page) {
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => resolve(null))));
  await page.waitForLoadState('networkidle');
}

/** The island has hydrated and the switch count and storage show `theme` after `flips`. */
async function expectSwitched(
  page: Page,
  watch: Awaited<ReturnType<typeof watchTheme>>,
  flips: number,
  theme: 'light' | 'dark',
) {
  await waitForIsland(page, 'ThemeToggle');
  await expect.poll(() => watch.flips()).toBe(flips);
  await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
  expect(await page.evaluate((key) => localStorage.getItem(key), THEME_KEY)).toBe(theme);
  expect(await watch.violations()).toEqual([]);
}

/**
 * Opens `route`, holds its script requests at the network, interacts, checks the interaction has
 * asked for the island's code (so it surely came first), then lets the code through.
 */
async function interactBeforeCodeArrives(page: Page, route: string, interact: () => Promise<void>) {
  await page.goto(route);
  const watch = await watchTheme(page);
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const held: string[] = [];
  await page.route(/\.m?js(\?|$)/, async (request) => {
    held.push(request.request().url());
    await gate;
    await request.continue();
  });
  await interact();
  await expect.poll(() => held.length).toBeGreaterThan(0);
  release();
  return watch;
}

/** Presses Tab until the toggle has the keyboard focus (the header comes first in tab order). */
async function tabTo(page: Page, target: Locator) {
  for (let presses = 0; presses < 20; presses += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error('Tab never reached the theme toggle.');
}

test.describe('theme toggle: islands on the built pages', () => {
  test('the toggle waits for interaction everywhere, other islands keep theirs, toggle-only pages name no script', async () => {
    const islandsByRoute = new Map<string, { component: string; client: string }[]>();
    const scriptFilesByRoute = new Map<string, string[]>();
    for (const page of await listBuiltPages()) {
      const html = await readFile(path.join(distDir(), page.file), 'utf8');
      const route = page.isNotFound ? `${page.route} (404)` : page.route;
      // Script files the page names outside its islands (src, imports, preloads): none may
      // load before interaction either. A <template>'s script is put on the page only when its
      // form is first used (the newsletter's; contact.spec proves it by the network).
      const named = html.replace(/<astro-island\b[^>]*>|<template\b[\s\S]*?<\/template>/g, '');
      scriptFilesByRoute.set(
        route,
        [...named.matchAll(/\/_astro\/[^"'\s>]+\.m?js/g)].map(([url]) => url),
      );
      const islands = [...html.matchAll(/<astro-island\b[^>]*>/g)].map(([tag]) => ({
        component: path.basename(/component-url="([^"]+)"/.exec(tag)?.[1] ?? '').split('.')[0],
        client: /\bclient="([^"]+)"/.exec(tag)?.[1] ?? '',
      }));
      islandsByRoute.set(route, islands);
    }
    const expected: Record<string, string> = {
      ThemeToggle: 'interaction',
      TypingHeadline: 'idle',
      TestimonialCarousel: 'visible',
      FaqAccordion: 'visible',
      // The form is the page, on screen at load: it waits for idle, not for view.
      ContactForm: 'idle',
    };
    // On /faq the accordion is the page, on screen at load: it waits for idle, not for view.
    const expectedOn = (route: string, component: string) =>
      route === '/faq' && component === 'FaqAccordion' ? 'idle' : expected[component];
    for (const [route, islands] of islandsByRoute) {
      expect(
        islands.filter((island) => island.component === 'ThemeToggle'),
        route,
      ).toHaveLength(1);
      for (const island of islands) {
        expect(`${route}: ${island.component} ${island.client}`).toBe(
          `${route}: ${island.component} ${expectedOn(route, island.component)}`,
        );
      }
    }
    const toggleOnly = [...islandsByRoute]
      .filter(([, islands]) => islands.length === 1)
      .map(([route]) => route);
    // Posts, /blog/topics and /blog/search, and the topics' and authors' lists.
    const posts = [...islandsByRoute.keys()].filter((route) => /^\/blog\/[^/ ]+$/.test(route));
    const lists = [...islandsByRoute.keys()].filter((route) =>
      /^\/blog\/(topic|author)\/[^/ ]+$/.test(route),
    );
    expect(posts.length).toBeGreaterThan(0);
    expect(lists.length).toBeGreaterThan(0);
    expect(toggleOnly.sort()).toEqual(
      [
        '/404 (404)',
        '/about',
        '/blog',
        '/blog/404 (404)',
        '/bringspark',
        '/policies',
        '/privacy-policy',
        '/terms-of-service',
        ...posts,
        ...lists,
      ].sort(),
    );
    for (const route of toggleOnly) expect(scriptFilesByRoute.get(route), route).toEqual([]);
  });
});

test.describe('theme toggle: no script before interaction', () => {
  /** Opens the page, reads it to the end and points at the toggle: no script may load. */
  async function expectNoScriptBeforeInteraction(page: Page, route: string) {
    const scripts = recordScripts(page);
    await page.goto(route);
    await scrollThrough(page);
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await page.getByRole('button', TOGGLE).hover();
    await settle(page);
    expect(scripts, `${route} before interaction`).toEqual([]);
    return scripts;
  }

  /** The first click then loads the toggle's code and switches the theme once. */
  async function expectFirstClickSwitches(page: Page, scripts: string[]) {
    const toggle = page.getByRole('button', TOGGLE);
    await expect(toggle).toHaveAttribute('title', 'Toggle theme');
    const watch = await watchTheme(page);
    const wasDark = await page.evaluate(() => document.documentElement.classList.contains('dark'));
    await toggle.click();
    await expectSwitched(page, watch, 1, wasDark ? 'light' : 'dark');
    expect(scripts.some((url) => /\/ThemeToggle\.[\w-]+\.js$/.test(url))).toBe(true);
  }

  for (const route of TOGGLE_ONLY_ROUTES) {
    test(`${route}`, async ({ page }) => {
      const scripts = await expectNoScriptBeforeInteraction(page, route);
      await expectFirstClickSwitches(page, scripts);
    });
  }

  test('a blog post', async ({ page }) => {
    const post = (await listBuiltPages()).find(
      (built) => /^\/blog\/[^/]+$/.test(built.route) && !built.isNotFound,
    );
    expect(post).toBeDefined();
    const scripts = await expectNoScriptBeforeInteraction(page, post!.route);
    await expectFirstClickSwitches(page, scripts);
  });
});

test.describe('theme toggle: right before any script', () => {
  for (const theme of ['dark', 'light'] as const) {
    test(`shows the ${theme} theme's icon and its name with no script run (${theme})`, async ({
      page,
    }) => {
      await presetTheme(page, theme);
      const scripts = recordScripts(page);
      await page.goto('/about');
      await settle(page);
      expect(scripts).toEqual([]);
      const toggle = page.getByRole('button', TOGGLE);
      await expect(toggle).toHaveAccessibleName('Toggle theme');
      // The sun (the icon with a circle) offers light in the dark theme; the moon offers dark.
      const sun = toggle.locator('svg:has(circle)');
      const moon = toggle.locator('svg:not(:has(circle))');
      await expect(theme === 'dark' ? sun : moon).toBeVisible();
      await expect(theme === 'dark' ? moon : sun).toBeHidden();
    });
  }
});

test.describe('theme toggle: the first interaction is not lost', () => {
  // A click on the hydrated island is the component's own (themeToggleHydration.test.tsx), passed
  // through untouched (interactionDirective.test.ts).
  test('a first click before the code has arrived switches once, and the choice persists across reload and navigation', async ({
    page,
  }) => {
    const watch = await interactBeforeCodeArrives(page, '/about', () =>
      page.getByRole('button', TOGGLE).click(),
    );
    await expectSwitched(page, watch, 1, 'light');

    await page.reload();
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'FAQ' }).click();
    await expect(page).toHaveURL(/\/faq$/);
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
    const afterNavigation = await watchTheme(page);
    await page.getByRole('button', TOGGLE).click();
    await expectSwitched(page, afterNavigation, 1, 'dark');
  });

  for (const key of ['Enter', 'Space'] as const) {
    test(`keyboard: Tab to the toggle and ${key} switches once, then again`, async ({ page }) => {
      const toggle = page.getByRole('button', TOGGLE);
      const watch = await interactBeforeCodeArrives(page, '/privacy-policy', async () => {
        await tabTo(page, toggle);
        await page.keyboard.press(key);
      });
      await expectSwitched(page, watch, 1, 'light');
      await expect(toggle).toBeFocused();
      await page.keyboard.press(key);
      await expectSwitched(page, watch, 2, 'dark');
    });
  }

  test('a double click while the code is on its way switches twice', async ({ page }) => {
    const watch = await interactBeforeCodeArrives(page, '/policies', () =>
      page.getByRole('button', TOGGLE).dblclick(),
    );
    await expectSwitched(page, watch, 2, 'dark');
  });
});

test.describe('theme toggle: touch', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('a tap on a phone switches once, before the code has arrived', async ({ page }) => {
    const watch = await interactBeforeCodeArrives(page, '/terms-of-service', async () => {
      const box = (await page.getByRole('button', TOGGLE).boundingBox())!;
      const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
      // The finger lands on the toggle itself, not on something laid over it.
      expect(
        await page.evaluate(
          ({ x, y }) =>
            document.elementFromPoint(x, y)?.closest('button')?.getAttribute('aria-label'),
          point,
        ),
      ).toBe('Toggle theme');
      await page.touchscreen.tap(point.x, point.y);
    });
    await expectSwitched(page, watch, 1, 'light');
  });
});
