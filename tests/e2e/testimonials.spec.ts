/**
 * The testimonial carousel on Home (the global setup's site): autoplay, the pause control,
 * hover and focus, the hidden tab, reduced motion and the arrow keys. Time is Playwright's
 * fake clock, so nothing here waits eight real seconds.
 */
import { expect, test, type Page } from '@playwright/test';
import { waitForIsland } from '../support/e2e';

const AUTOPLAY_MS = 8000;
/** One autoplay interval plus the 550 ms slide animation and some frames. */
const ONE_STEP_MS = AUTOPLAY_MS + 1000;

async function openCarousel(page: Page) {
  await page.clock.install();
  await page.goto('/');
  const carousel = page.locator('[aria-roledescription="carousel"]');
  await carousel.scrollIntoViewIfNeeded();
  await waitForIsland(page, 'TestimonialCarousel');
  // Nothing inside the carousel is hovered or focused.
  await page.mouse.move(0, 0);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  return carousel;
}

async function setTabHidden(page: Page, hidden: boolean) {
  await page.evaluate((isHidden) => {
    Object.defineProperty(document, 'visibilityState', {
      configurable: true,
      get: () => (isHidden ? 'hidden' : 'visible'),
    });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => isHidden });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
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
    await page.clock.runFor(AUTOPLAY_MS - 500);
    await expect(carousel).toHaveAttribute('data-current', '0');
    await page.clock.runFor(1500);
    await expect(carousel).toHaveAttribute('data-current', '1');
    await page.clock.runFor(ONE_STEP_MS);
    await expect(carousel).toHaveAttribute('data-current', '2');
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
    await expect(carousel).toHaveAttribute('data-playing', 'false');
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
