/**
 * What the device matrix checks on one page, as a visitor on that device meets it: no sideways
 * scrolling, targets big enough for a finger (WCAG 2.2, 2.5.8), in-page links that land below the
 * fixed header, and a mobile menu that covers the screen and can be tapped wherever the page is
 * scrolled. Soft assertions, so that a run names every problem on every page at once.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

interface Viewport {
  name: string;
  width: number;
  height: number;
  /** A phone: touch input, mobile viewport behaviour, taps rather than clicks. */
  touch: boolean;
}

export const VIEWPORTS: readonly Viewport[] = [
  { name: '360x740', width: 360, height: 740, touch: false },
  { name: '390x844-touch', width: 390, height: 844, touch: true },
  { name: '768x1024', width: 768, height: 1024, touch: false },
  { name: '1280x800', width: 1280, height: 800, touch: false },
  { name: '1920x1080', width: 1920, height: 1080, touch: false },
];

/** Below this width the header shows the menu button instead of the desktop nav. */
export const DESKTOP_NAV_MIN_WIDTH = 1024;

export const THEMES = ['dark', 'light'] as const;

/**
 * The theme the matrix checks this size in: one per size, alternating, so phones, the tablet and
 * desktops each meet both themes. What the matrix checks (sideways scroll, target sizes, anchors
 * clear of the header, the menu under a finger) is layout, which the theme does not change: it
 * swaps colours, and axe checks every page's colours in both themes. Checking every size in both
 * doubled the matrix, the suite's largest part, for no layout the second theme could break.
 */
export function matrixTheme(viewport: Viewport): (typeof THEMES)[number] {
  const index = VIEWPORTS.findIndex((known) => known.name === viewport.name);
  if (index < 0) throw new Error(`${viewport.name} is not a viewport of the matrix`);
  return THEMES[index % THEMES.length];
}

/** Where the page is scrolled for a check: "top", "middle" or "bottom" and the offset in px. */
interface ScrollPosition {
  name: 'top' | 'middle' | 'bottom';
  y: number;
}

/** Top, middle and bottom of a long page (taller than two screens); the ends of a shorter one. */
export async function scrollPositions(page: Page): Promise<ScrollPosition[]> {
  const { height, viewport } = await page.evaluate(() => ({
    height: document.documentElement.scrollHeight,
    viewport: window.innerHeight,
  }));
  const max = Math.max(0, height - viewport);
  if (max === 0) return [{ name: 'top', y: 0 }];
  if (height < 2 * viewport) {
    return [
      { name: 'top', y: 0 },
      { name: 'bottom', y: max },
    ];
  }
  return [
    { name: 'top', y: 0 },
    { name: 'middle', y: Math.round(max / 2) },
    { name: 'bottom', y: max },
  ];
}

/** Scrolls at once (no smooth scrolling) and waits for the page to settle there. */
export async function scrollToPosition(page: Page, y: number): Promise<void> {
  await page.evaluate(async (top) => {
    window.scrollTo({ top, behavior: 'instant' });
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  }, y);
}

/** `scrollWidth` of the document is at most the viewport's width: nothing scrolls sideways. */
async function findHorizontalOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const scrollWidth = Math.max(document.documentElement.scrollWidth, document.body.scrollWidth);
    if (scrollWidth <= width) return [];
    // Name the culprits: the innermost elements reaching past the right edge (fixed ones only
    // stretch with the page).
    const past = [...document.body.querySelectorAll<HTMLElement>('*')].filter(
      (element) =>
        element.getBoundingClientRect().right > width + 0.5 &&
        !element.closest('#site-header, dialog'),
    );
    const culprits = past
      .filter((element) => !past.some((other) => other !== element && element.contains(other)))
      .slice(0, 3)
      .map((element) => {
        const name = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}`;
        const classes = [...element.classList].slice(0, 3).join('.');
        return `${name}${classes ? `.${classes}` : ''} (right ${Math.round(element.getBoundingClientRect().right)})`;
      });
    return [`scrollWidth ${scrollWidth} > ${width}: ${culprits.join('; ')}`];
  });
}

/**
 * Targets smaller than 24×24 CSS px that no exception of WCAG 2.2's 2.5.8 covers (spacing, inline
 * links in a sentence…): axe-core's target-size rule, at this screen size.
 */
export async function findSmallTargets(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withRules(['target-size']).analyze();
  return violations.flatMap((violation) =>
    violation.nodes.map(
      (node) => `${node.target.join(' ')}: ${node.failureSummary ?? violation.help}`,
    ),
  );
}

/**
 * Follows every in-page link (the skip link, tables of contents, "See How It Works") from the top
 * of the page and checks that its target comes into view below the fixed header. A target that
 * cannot scroll further (the page's very top or bottom) stays where the page puts it. Run it under
 * reduced motion: then following a link to a fragment scrolls at once (no smooth scrolling), so
 * each link is measured as soon as it is clicked, with no frame to wait for.
 */
async function findAnchorsUnderHeader(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const header = document.getElementById('site-header');
    if (!header) return ['no #site-header'];
    const links = [...document.querySelectorAll<HTMLAnchorElement>('a[href^="#"]')].filter(
      (link) => link.hash.length > 1,
    );
    const seen = new Set<string>();
    const problems: string[] = [];
    for (const link of links) {
      if (seen.has(link.hash)) continue;
      seen.add(link.hash);
      const target = document.getElementById(decodeURIComponent(link.hash.slice(1)));
      if (!target) {
        problems.push(`${link.hash}: no element with that id`);
        continue;
      }
      window.scrollTo({ top: 0, behavior: 'instant' });
      history.replaceState(null, '', location.pathname);
      link.click();
      if (location.hash !== link.hash) {
        problems.push(`${link.hash}: following the link did not go there`);
        continue;
      }
      const headerBottom = header.getBoundingClientRect().bottom;
      const top = target.getBoundingClientRect().top;
      const maxScroll = document.documentElement.scrollHeight - window.innerHeight;
      const pinned = window.scrollY <= 0 || window.scrollY >= maxScroll - 1;
      // Wherever the page stops, the target is in view (this also fails a link that did not scroll).
      if (top >= window.innerHeight) {
        problems.push(`${link.hash}: starts at ${Math.round(top)} px, below the viewport`);
      } else if (top < headerBottom - 0.5 && !pinned) {
        problems.push(
          `${link.hash}: starts at ${Math.round(top)} px, under the header (bottom ${Math.round(headerBottom)} px)`,
        );
      }
    }
    window.scrollTo({ top: 0, behavior: 'instant' });
    history.replaceState(null, '', location.pathname);
    return problems;
  });
}

/** The centre of each element matching a selector, and whether a hit test there finds it. */
async function hitTestAll(page: Page, selector: string) {
  return page.evaluate(
    (css) =>
      [...document.querySelectorAll(css)].map((element) => {
        const box = element.getBoundingClientRect();
        const x = box.left + box.width / 2;
        const y = box.top + box.height / 2;
        const found = document.elementFromPoint(x, y);
        return {
          label: (element.textContent ?? '').replace(/\s+/g, ' ').trim(),
          x,
          y,
          hit: Boolean(found && (found === element || element.contains(found))),
          found: found ? found.outerHTML.slice(0, 80) : '(nothing)',
        };
      }),
    selector,
  );
}

/** The centre of one element, and whether a hit test there finds it. */
export async function hitTest(page: Page, selector: string, index = 0) {
  const all = await hitTestAll(page, selector);
  return all[index] ?? { label: '', x: 0, y: 0, hit: false, found: '(missing)' };
}

export const MENU_BUTTON = '#mobile-menu-button';
export const MENU_LINKS = '#mobile-menu a[href]';
/** A tap becomes a click a moment after the finger lifts: each wait for the menu is brief. */
const SETTLE = { timeout: 2_000 };

/**
 * At the current scroll position: the menu button is hit where a finger lands, the menu opens as
 * a panel covering the whole viewport, every link in it is hit at its centre, Escape closes it,
 * focus is back on the button and the page has not moved.
 */
async function checkMenu(page: Page, touch: boolean, where: string) {
  const before = await page.evaluate(() => window.scrollY);
  const button = await hitTest(page, MENU_BUTTON);
  expect
    .soft(button.hit, `${where}: menu button hit at its centre (found ${button.found})`)
    .toBe(true);
  if (!button.hit) return;
  if (touch) await page.touchscreen.tap(button.x, button.y);
  else await page.mouse.click(button.x, button.y);
  const menu = page.locator('#mobile-menu');
  await expect.soft(menu, `${where}: the menu opens`).toBeVisible(SETTLE);
  if (!(await menu.isVisible())) return;
  const box = await menu.evaluate((element) => {
    const { top, left, bottom, right } = element.getBoundingClientRect();
    return { top, left, bottom: innerHeight - bottom, right: innerWidth - right };
  });
  // Each edge of the panel at or past the viewport's.
  expect
    .soft(
      Object.values(box).every((gap) => gap <= 0.5),
      `${where}: the menu covers the screen (${JSON.stringify(box)})`,
    )
    .toBe(true);
  const links = await hitTestAll(page, MENU_LINKS);
  expect.soft(links.length, `${where}: the open menu has links`).toBeGreaterThan(0);
  const missed = links
    .filter((link) => !link.hit)
    .map((link) => `"${link.label}" (found ${link.found})`);
  expect.soft(missed, `${where}: menu links not hit at their centre`).toEqual([]);
  await page.keyboard.press('Escape');
  await expect.soft(menu, `${where}: Escape closes the menu`).toBeHidden(SETTLE);
  await expect
    .soft(page.locator(MENU_BUTTON), `${where}: the button says the menu is closed`)
    .toHaveAttribute('aria-expanded', 'false', SETTLE);
  await expect
    .soft(page.locator(MENU_BUTTON), `${where}: focus back on the menu button`)
    .toBeFocused(SETTLE);
  const after = await page.evaluate(() => window.scrollY);
  expect
    .soft(Math.abs(after - before), `${where}: the page moved from ${before}`)
    .toBeLessThanOrEqual(1);
}

export interface MatrixRoute {
  path: string;
  status: 200 | 404;
}

/**
 * Everything the matrix checks on one route at one screen size: the answer's status, the theme
 * shown, no sideways scroll, target sizes, anchors clear of the header and, where the header shows
 * the menu button, the menu at the top, middle and bottom of the page. A route with a problem gets
 * a full-page screenshot attached, named for its route, viewport and theme.
 */
export async function checkPage(
  page: Page,
  route: MatrixRoute,
  viewport: Viewport,
  theme: (typeof THEMES)[number],
) {
  const where = `${route.path} at ${viewport.name}`;
  const failures = test.info().errors.length;
  const response = await page.goto(route.path);
  expect.soft(response?.status(), `${where}: status`).toBe(route.status);
  await expect
    .soft(page.locator('html'), `${where}: ${theme} theme`)
    .toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
  expect.soft(await findHorizontalOverflow(page), `${where}: overflow`).toEqual([]);
  expect.soft(await findSmallTargets(page), `${where}: small targets`).toEqual([]);
  // Where motion is welcome the page scrolls smoothly to an anchor; where it is not, it jumps. The
  // place it comes to rest is the same, and the jump can be measured at once.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect.soft(await findAnchorsUnderHeader(page), `${where}: anchors`).toEqual([]);
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  if (viewport.width < DESKTOP_NAV_MIN_WIDTH) {
    for (const position of await scrollPositions(page)) {
      await scrollToPosition(page, position.y);
      // Islands that hydrate on sight (carousel, FAQ, form) must not widen the page either.
      const at = `${where}, ${position.name}`;
      expect.soft(await findHorizontalOverflow(page), `${at}: overflow`).toEqual([]);
      await checkMenu(page, viewport.touch, at);
    }
  }
  if (test.info().errors.length > failures) {
    await test.info().attach(`${route.path} ${viewport.name} ${theme}.png`, {
      body: await page.screenshot({ fullPage: true, animations: 'disabled' }),
      contentType: 'image/png',
    });
  }
}
