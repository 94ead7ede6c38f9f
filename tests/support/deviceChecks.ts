/**
 * What the device matrix checks on one page, as a visitor on that device meets it: no sideways
 * scrolling, targets big enough for a finger (WCAG 2.2, 2.5.8), in-page links that land below the
 * fixed header, and a mobile menu that covers the screen and can be tapped wherever the page is
 * scrolled. Each check runs in the page in one round trip and returns the problems it found as
 * text, so a run names every problem on every page at once.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page, TestInfo } from '@playwright/test';

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

/** Taps (touch) or clicks (mouse) a point, as the device would. */
async function pressAt(page: Page, touch: boolean, x: number, y: number) {
  if (touch) await page.touchscreen.tap(x, y);
  else await page.mouse.click(x, y);
}

export const MENU_BUTTON = '#mobile-menu-button';
const MENU = '#mobile-menu';
export const MENU_LINKS = '#mobile-menu a[href]';
const SETTLE = { timeout: 2_000 };

/**
 * At the current scroll position: the menu button is hit where a finger lands, the menu opens as
 * a panel covering the whole viewport, every link in it is hit at its centre, Escape closes it,
 * focus is back on the button and the page has not moved.
 */
async function findMenuProblems(page: Page, touch: boolean): Promise<string[]> {
  const problems: string[] = [];
  const before = await page.evaluate(() => window.scrollY);
  const button = await hitTest(page, MENU_BUTTON);
  if (!button.hit) return [`menu button not hit at its centre (found ${button.found})`];
  await pressAt(page, touch, button.x, button.y);
  // A tap becomes a click a moment after the finger lifts. Each wait here is brief, and the check
  // after it reports what it finds either way.
  await page
    .waitForFunction((css) => document.querySelector(css)?.checkVisibility(), MENU, SETTLE)
    .catch(() => undefined);
  const panel = await page.evaluate((css) => {
    const menu = document.querySelector(css);
    if (!menu) return null;
    const box = menu.getBoundingClientRect();
    return {
      open: menu.checkVisibility(),
      covers:
        box.top <= 0.5 &&
        box.left <= 0.5 &&
        box.bottom >= window.innerHeight - 0.5 &&
        box.right >= window.innerWidth - 0.5,
      box: `${Math.round(box.left)},${Math.round(box.top)} ${Math.round(box.width)}×${Math.round(box.height)}`,
    };
  }, MENU);
  if (!panel?.open) return ['the menu did not open'];
  if (!panel.covers) problems.push(`the open menu does not cover the viewport (${panel.box})`);
  const links = await hitTestAll(page, MENU_LINKS);
  if (links.length === 0) problems.push('the open menu has no links');
  for (const link of links) {
    if (!link.hit)
      problems.push(`menu link "${link.label}" not hit at its centre (found ${link.found})`);
  }
  await page.keyboard.press('Escape');
  await page
    .waitForFunction(
      ([menuCss, buttonCss]) =>
        !document.querySelector(menuCss)?.checkVisibility() &&
        document.activeElement === document.querySelector(buttonCss),
      [MENU, MENU_BUTTON] as const,
      SETTLE,
    )
    .catch(() => undefined);
  const after = await page.evaluate(
    ([menuCss, buttonCss]) => ({
      open: document.querySelector(menuCss)?.checkVisibility(),
      focused: document.activeElement === document.querySelector(buttonCss),
      y: window.scrollY,
    }),
    [MENU, MENU_BUTTON] as const,
  );
  if (after.open) problems.push('Escape did not close the menu');
  if (!after.focused) problems.push('focus did not return to the menu button');
  if (Math.abs(after.y - before) > 1) problems.push(`the page moved from ${before} to ${after.y}`);
  return problems;
}

/** Attaches a full-page screenshot named for the route, viewport and theme (kept on failure). */
export async function attachScreenshot(page: Page, testInfo: TestInfo, name: string) {
  await testInfo.attach(name, {
    body: await page.screenshot({ fullPage: true, animations: 'disabled' }),
    contentType: 'image/png',
  });
}

export interface MatrixRoute {
  path: string;
  status: 200 | 404;
}

interface MatrixChecks {
  /** The theme the page must show. */
  theme: (typeof THEMES)[number];
}

/**
 * Everything the matrix checks on one route at one screen size: the answer's status, the theme
 * shown, no sideways scroll, target sizes, anchors clear of the header and, where the header shows
 * the menu button, the menu at the top, middle and bottom of the page.
 */
export async function findPageProblems(
  page: Page,
  route: MatrixRoute,
  viewport: Viewport,
  checks: MatrixChecks,
) {
  const problems: string[] = [];
  const response = await page.goto(route.path);
  if (response?.status() !== route.status) {
    problems.push(`answers ${response?.status()} (want ${route.status})`);
  }
  const dark = await page.evaluate(() => document.documentElement.classList.contains('dark'));
  if (dark !== (checks.theme === 'dark'))
    problems.push(`shows the wrong theme (want ${checks.theme})`);
  for (const problem of await findHorizontalOverflow(page)) problems.push(`overflow: ${problem}`);
  for (const problem of await findSmallTargets(page)) problems.push(`target: ${problem}`);
  // Where motion is welcome the page scrolls smoothly to an anchor; where it is not, it jumps. The
  // place it comes to rest is the same, and the jump can be measured at once.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  for (const problem of await findAnchorsUnderHeader(page)) problems.push(`anchor: ${problem}`);
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  if (viewport.width < DESKTOP_NAV_MIN_WIDTH) {
    for (const position of await scrollPositions(page)) {
      await scrollToPosition(page, position.y);
      // Islands that hydrate on sight (carousel, FAQ, form) must not widen the page either.
      for (const problem of await findHorizontalOverflow(page)) {
        problems.push(`overflow at the ${position.name}: ${problem}`);
      }
      for (const problem of await findMenuProblems(page, viewport.touch)) {
        problems.push(`menu at the ${position.name}: ${problem}`);
      }
    }
  }
  return problems;
}
