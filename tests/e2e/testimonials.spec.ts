/**
 * The testimonial carousel on Home.
 *
 * Its time is Playwright's fake clock, paused from before the page loads: page time moves only by
 * `runFor`, so nothing here waits eight real seconds and no step depends on how fast the machine is.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { installPausedClock, waitForIsland } from '../support/e2e';

// Independent tests: let both workers take them.
test.describe.configure({ mode: 'parallel' });

const AUTOPLAY_MS = 8000;
const SLIDE_MS = 550;
/** Page time for the slide animation's frames to start, a few 16 ms frames. */
const FRAMES_MS = 100;
/** One autoplay interval plus the slide animation and its frames. */
const ONE_STEP_MS = AUTOPLAY_MS + SLIDE_MS + FRAMES_MS;

async function openCarousel(page: Page) {
  await installPausedClock(page);
  await page.goto('/');
  const carousel = page.locator('[aria-roledescription="carousel"]');
  await carousel.scrollIntoViewIfNeeded();
  await waitForIsland(page, 'TestimonialCarousel');
  // Nothing inside the carousel is hovered or focused.
  await page.mouse.move(0, 0);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  return carousel;
}

/** Where keen-slider has put the first slide: it moves every slide by a transform. */
function slidePosition(carousel: Locator): Promise<string> {
  return carousel
    .locator('[aria-roledescription="slide"]')
    .first()
    .evaluate((slide) => (slide as HTMLElement).style.transform);
}

/** The page's own (fake) time when the carousel's current slide changed, from now on. */
async function recordSlideChanges(page: Page): Promise<() => Promise<number[]>> {
  await page.evaluate(() => {
    const changes: number[] = [];
    (window as unknown as { slideChanges: number[] }).slideChanges = changes;
    new MutationObserver(() => changes.push(Date.now())).observe(
      document.querySelector('[aria-roledescription="carousel"]')!,
      { attributeFilter: ['data-current'] },
    );
  });
  return () => page.evaluate(() => (window as unknown as { slideChanges: number[] }).slideChanges);
}

/**
 * Hides or shows the tab as the browser does, and waits until the carousel has acted on it. The
 * event is not one of React's, so React renders and runs the autoplay effect a task later (on
 * its scheduler's MessageChannel, which the fake clock does not hold): page time run before
 * then would pass with no autoplay timer set. Once the carousel shows the new state, one more
 * MessageChannel round trip lets the effect queued before it run.
 */
async function setTabHidden(page: Page, hidden: boolean) {
  await page.evaluate((isHidden) => {
    Object.defineProperty(document, 'visibilityState', {
      configurable: true,
      get: () => (isHidden ? 'hidden' : 'visible'),
    });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => isHidden });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
  await expect(page.locator('[aria-roledescription="carousel"]')).toHaveAttribute(
    'data-playing',
    hidden ? 'false' : 'true',
  );
  await page.evaluate(
    () =>
      new Promise((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve(null);
        channel.port2.postMessage(null);
      }),
  );
}

test.describe('testimonial carousel', () => {
  test('is a labelled carousel region with at least three slides in the HTML', async ({
    page,
    request,
  }) => {
    const html = await (await request.get('/')).text();
    expect(html).toContain('aria-roledescription="carousel"');
    expect(html.match(/aria-roledescription="slide"/g)!.length).toBeGreaterThanOrEqual(3);
    await page.goto('/');
    await expect(
      page.getByRole('region', { name: /./ }).locator('[aria-roledescription="slide"]').first(),
    ).toBeAttached();
  });

  test('advances every 8 seconds by itself', async ({ page }) => {
    const carousel = await openCarousel(page);
    await expect(carousel).toHaveAttribute('data-playing', 'true');
    await expect(carousel).toHaveAttribute('data-current', '0');
    // The clock has stood still since autoplay started, so times below count from its start.
    const start = await page.evaluate(() => Date.now());
    const runTo = async (ms: number) =>
      page.clock.runFor(start + ms - (await page.evaluate(() => Date.now())));
    const slideChanges = await recordSlideChanges(page);
    // keen-slider places the slides on its first animation frame.
    await runTo(FRAMES_MS);
    const first = await slidePosition(carousel);

    await runTo(AUTOPLAY_MS - 1);
    expect(await slidePosition(carousel)).toBe(first);
    await expect(carousel).toHaveAttribute('data-current', '0');
    await runTo(AUTOPLAY_MS + FRAMES_MS);
    expect(await slidePosition(carousel)).not.toBe(first);
    await runTo(ONE_STEP_MS);
    await expect(carousel).toHaveAttribute('data-current', '1');

    // The next 8 s count from that slide change.
    const [changedAt] = await slideChanges();
    const second = await slidePosition(carousel);
    await runTo(changedAt - start + AUTOPLAY_MS - 1);
    expect(await slidePosition(carousel)).toBe(second);
    await expect(carousel).toHaveAttribute('data-current', '1');
    await runTo(changedAt - start + ONE_STEP_MS);
    await expect(carousel).toHaveAttribute('data-current', '2');
    expect(await slideChanges()).toHaveLength(2);
  });

  test('the pause control stops autoplay and the play control resumes it', async ({ page }) => {
    const carousel = await openCarousel(page);
    await page.getByRole('button', { name: 'Pause testimonials' }).click();
    await page.mouse.move(0, 0);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await expect(page.getByRole('button', { name: 'Play testimonials' })).toBeVisible();
    await page.clock.runFor(3 * ONE_STEP_MS);
    await expect(carousel).toHaveAttribute('data-current', '0');

    await page.getByRole('button', { name: 'Play testimonials' }).click();
    await page.mouse.move(0, 0);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.clock.runFor(ONE_STEP_MS);
    await expect(carousel).toHaveAttribute('data-current', '1');
  });

  test('pauses while hovered and while focus is inside', async ({ page }) => {
    const carousel = await openCarousel(page);
    await carousel.locator('[aria-roledescription="slide"]').first().hover();
    await page.clock.runFor(2 * ONE_STEP_MS);
    await expect(carousel).toHaveAttribute('data-current', '0');
    await page.mouse.move(0, 0);

    await page.getByRole('button', { name: 'Next testimonial' }).focus();
    await page.clock.runFor(2 * ONE_STEP_MS);
    await expect(carousel).toHaveAttribute('data-current', '0');
  });

  test('pauses while the tab is hidden and resumes when it is visible', async ({ page }) => {
    const carousel = await openCarousel(page);
    await setTabHidden(page, true);
    await page.clock.runFor(3 * ONE_STEP_MS);
    await expect(carousel).toHaveAttribute('data-current', '0');
    await setTabHidden(page, false);
    await page.clock.runFor(ONE_STEP_MS);
    await expect(carousel).toHaveAttribute('data-current', '1');
  });

  test('does not autoplay under prefers-reduced-motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const carousel = await openCarousel(page);
    await expect(page.getByRole('button', { name: 'Play testimonials' })).toBeVisible();
    await page.clock.runFor(3 * ONE_STEP_MS);
    await expect(carousel).toHaveAttribute('data-current', '0');
    await expect(carousel).toHaveAttribute('data-playing', 'false');
  });

  test('arrow keys move between slides', async ({ page }) => {
    const carousel = await openCarousel(page);
    await page.getByRole('button', { name: 'Pause testimonials' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.clock.runFor(1000);
    await expect(carousel).toHaveAttribute('data-current', '1');
    await page.keyboard.press('ArrowLeft');
    await page.clock.runFor(1000);
    await expect(carousel).toHaveAttribute('data-current', '0');
  });
});

test.describe('testimonial cards', () => {
  for (const width of [390, 768, 1024, 1280]) {
    test(`at ${width} px: 420 px tall, the author rows in line, no large empty block`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/');
      await page.locator('[aria-roledescription="carousel"]').scrollIntoViewIfNeeded();
      await waitForIsland(page, 'TestimonialCarousel');
      // Every slide, shown or not: each comes into view in its turn, beside the others.
      const cards = await page.locator('[aria-roledescription="slide"] figure').all();
      expect(cards.length).toBeGreaterThanOrEqual(3);
      const rows = [];
      for (const card of cards) {
        const box = (await card.boundingBox())!;
        const quote = (await card.locator('blockquote p').boundingBox())!;
        const author = (await card.locator('figcaption').boundingBox())!;
        const name = (await card.locator('figcaption p').first().boundingBox())!;
        expect(box.height).toBe(420);
        // The room between the card's content and the quote, and between the quote and the
        // author's row: a margin, never a block of empty card.
        const padding = 24;
        expect(quote.y - (box.y + padding), 'space above the quote').toBeLessThanOrEqual(96);
        expect(author.y - (quote.y + quote.height), 'space under the quote').toBeLessThanOrEqual(
          96,
        );
        rows.push({ author: author.y - box.y, name: name.y - box.y });
      }
      expect(new Set(rows.map((row) => Math.round(row.author))).size, 'author rows').toBe(1);
      expect(new Set(rows.map((row) => Math.round(row.name))).size, 'author names').toBe(1);
    });
  }
});
