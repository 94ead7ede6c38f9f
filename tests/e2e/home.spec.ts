/**
 * Home and the marketing pages on the shared site: Home's sections, the hero and its typing
 * headline on a controlled clock, the marquee, the testimonial carousel, About, Pricing, the FAQ
 * accordion and the sister product page; then, on the variant site, what every optional setting
 * adds (demo video, social profile, a Free plan that has not ended).
 *
 * The carousel's time is Playwright's fake clock, paused from before the page loads: page time
 * moves only by `runFor`, so nothing here waits eight real seconds and no step depends on how
 * fast the machine is.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { installPausedClock, readJsonLd, waitForIsland } from '../support/e2e';
import { VARIANT_SETTINGS as SETTINGS, variantSite } from '../support/shared-sites';
import { SUPPORT_EMAIL, countGridColumns, expectNewTab, readChatAppUrl } from './pages-helpers';

// Independent tests: let both workers take them.
test.describe.configure({ mode: 'parallel' });

test.describe('home: order and hero', () => {
  test('sections come in order, from the hero to get started', async ({ page }) => {
    await page.goto('/');
    const ids = await page
      .locator('main > section')
      .evaluateAll((sections) => sections.map((s) => s.id));
    expect(ids).toEqual([
      'hero',
      'trusted-by',
      'coming-soon',
      'how-it-works',
      'example-tasks',
      'security',
      'features',
      'why-choose',
      'who-is-this-for',
      'testimonials',
      'get-started',
    ]);
  });

  test('hero: badge, one stable heading sentence, three benefits, two calls to action, chat card', async ({
    page,
  }) => {
    const chatAppUrl = await readChatAppUrl(page);
    const hero = page.locator('#hero');
    await expect(hero.getByText('AI-Powered Automation', { exact: true })).toBeVisible();
    const h1 = page.getByRole('heading', { level: 1 });
    await expect(h1).toHaveAccessibleName('AI Automation for Accounting, Tax, Statutory and Audit');
    await expect(h1.locator('[data-hero-visual]')).toHaveAttribute('aria-hidden', 'true');
    await expect(h1.locator('[data-hero-visual]')).toContainText('AI Automation for');
    await expect(hero.locator('[data-hero-benefits] li')).toHaveText([
      'Save hours on research and document analysis',
      'Reduce administrative time',
      'Focus on high-value client interactions',
    ]);

    const trial = hero.getByRole('link', { name: /^Start Your Free Trial/ });
    await expect(trial).toHaveAttribute('href', chatAppUrl);
    await expectNewTab(trial);
    // Without a demo video (PUBLIC_DEMO_VIDEO_URL unset) the home page's own steps show how it
    // works, below the fixed header; with one it opens in a new tab (tests/e2e/fixture-build).
    const demo = hero.getByRole('link', { name: /^See How It Works/ });
    await expect(demo).toHaveAttribute('href', '#how-it-works');
    await expect(demo).not.toHaveAttribute('target', /.*/);
    await demo.click();
    await expect(page).toHaveURL(/#how-it-works$/);
    const steps = page.locator('#how-it-works');
    await expect(steps).toBeInViewport();
    const headerBottom = (await page.locator('#site-header').boundingBox())!.height;
    await expect
      .poll(async () => (await steps.boundingBox())!.y)
      .toBeGreaterThanOrEqual(headerBottom - 1);
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));

    const prompts = hero.locator('[data-chat-prompts] li');
    await expect(prompts).toHaveCount(3);
    await expect(prompts.nth(0)).toContainText(/tax treaty between South Africa and/);
    await expect(prompts.nth(1)).toContainText(/action items .*SARS letter \(PDF\)/);
    await expect(prompts.nth(2)).toContainText(/Draft a client email .*tax deadline/);
    // The highlight copy that makes the shimmer is hidden from assistive technology.
    const status = hero.locator('[data-chat-status]');
    await expect(status).toHaveText(/^\s*Analyzing your request/);
    await expect(status.locator('[aria-hidden="true"]')).toHaveText(/^\s*Analyzing your request/);
  });

  test('the status line shimmers on a 5 s loop, only while on screen', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    const status = page.locator('[data-chat-status]');
    const shimmer = status.locator('.shimmer-window');
    const animation = await shimmer.evaluate((el) => {
      const style = getComputedStyle(el);
      return { name: style.animationName, duration: style.animationDuration };
    });
    expect(animation.name).not.toBe('none');
    expect(animation.duration).toBe('5s');
    await expect(status).toHaveAttribute('data-in-view', '');
    await expect
      .poll(() => shimmer.evaluate((el) => getComputedStyle(el).animationPlayState))
      .toBe('running');
    // Scrolled away: the loop stops, so nothing is composited or painted for it.
    await page.locator('#features').scrollIntoViewIfNeeded();
    await expect(status).not.toHaveAttribute('data-in-view');
    expect(await shimmer.evaluate((el) => getComputedStyle(el).animationPlayState)).toBe('paused');
  });

  test('the first phrase is in the server HTML, so nothing shifts when the island starts', async ({
    page,
    request,
  }) => {
    const html = await (await request.get('/')).text();
    expect(html).toMatch(/data-typing-text[^>]*>Accounting</);
    await page.goto('/');
    const word = page.locator('[data-typing]');
    const before = await word.boundingBox();
    await waitForIsland(page, 'TypingHeadline');
    await expect(word).toHaveAttribute('data-typing', 'running');
    const after = await word.boundingBox();
    expect(after).toEqual(before);
  });
});

/** Hydrates the typing island on a paused clock; resolves once its timer chain has started. */
async function startTypingOnPausedClock(page: Page) {
  await installPausedClock(page);
  await page.goto('/');
  // client:idle waits for requestIdleCallback, which the paused clock holds back until now.
  await page.clock.runFor(500);
  await waitForIsland(page, 'TypingHeadline');
}

test.describe('home: typing headline on a controlled clock', () => {
  test('75 ms a character, 1,500 ms pause, deleting at half the delay, then the next phrase', async ({
    page,
  }) => {
    await startTypingOnPausedClock(page);
    const word = page.locator('[data-typing-text]');
    await expect(page.locator('[data-typing]')).toHaveAttribute('data-typing', 'running');
    await expect(word).toHaveText('Accounting');

    // The complete first phrase stays for the 1,500 ms pause.
    await page.clock.runFor(1499);
    await expect(word).toHaveText('Accounting');
    // Then deleting starts, one character every 37.5 ms.
    await page.clock.runFor(2); // 1,501 ms
    await expect(word).toHaveText('Accountin');
    await page.clock.runFor(300); // 1,801 ms: eight more deleted
    await expect(word).toHaveText('A');
    await page.clock.runFor(37.5); // 1,838.5 ms
    await expect(word).toHaveText('');
    // The next phrase types at 75 ms a character.
    await page.clock.runFor(75); // 1,913.5 ms
    await expect(word).toHaveText('T');
    await page.clock.runFor(73); // 1,986.5 ms: the next character is due at 1,987.5 ms
    await expect(word).toHaveText('T');
    await page.clock.runFor(152); // 2,138.5 ms
    await expect(word).toHaveText('Tax');
    // "Tax" is complete at 2,062.5 ms and pauses until 3,562.5 ms.
    await page.clock.runFor(1420); // 3,558.5 ms
    await expect(word).toHaveText('Tax');
    await page.clock.runFor(5); // 3,563.5 ms
    await expect(word).toHaveText('Ta');
  });

  test('cycles Accounting, Tax, Statutory, Audit and loops back', async ({ page }) => {
    await startTypingOnPausedClock(page);
    const word = page.locator('[data-typing-text]');
    await expect(page.locator('[data-typing]')).toHaveAttribute('data-typing', 'running');
    // Each phrase is complete at: previous deletion end + 75 ms × its length, and stays 1,500 ms.
    // Accounting: deleted 1,500–1,837.5. Tax: complete 2,062.5, deleted 3,562.5–3,637.5.
    // Statutory: complete 4,312.5, deleted 5,812.5–6,112.5. Audit: complete 6,487.5,
    // deleted 7,987.5–8,137.5. Accounting again: complete 8,887.5.
    const checkpoints: Array<[number, string]> = [
      [2100, 'Tax'],
      [4400, 'Statutory'],
      [6500, 'Audit'],
      [8900, 'Accounting'],
    ];
    let now = 0;
    for (const [at, text] of checkpoints) {
      await page.clock.runFor(at - now);
      now = at;
      await expect(word).toHaveText(text);
    }
  });

  test('with reduced motion the word stays "Accounting" and nothing is typed', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await startTypingOnPausedClock(page);
    await expect(page.locator('[data-typing]')).toHaveAttribute('data-typing', 'static');
    await page.clock.runFor(10_000);
    await expect(page.locator('[data-typing-text]')).toHaveText('Accounting');
  });

  test('switching to reduced motion while typing stops on the static first phrase', async ({
    page,
  }) => {
    await startTypingOnPausedClock(page);
    const word = page.locator('[data-typing-text]');
    await page.clock.runFor(1600);
    await expect(word).not.toHaveText('Accounting');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await expect(page.locator('[data-typing]')).toHaveAttribute('data-typing', 'static');
    await expect(word).toHaveText('Accounting');
    await page.clock.runFor(10_000);
    await expect(word).toHaveText('Accounting');
    // And back: motion allowed again restarts the cycle.
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await expect(page.locator('[data-typing]')).toHaveAttribute('data-typing', 'running');
    await page.clock.runFor(1501);
    await expect(word).toHaveText('Accountin');
  });
});

test.describe('home: trusted-by marquee', () => {
  test('shows 8 organisation logos with alt text, moving at 40 px/s and pausing on hover', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    const marquee = page.locator('[data-logo-marquee]');
    const logos = marquee.locator('img:not([alt=""])');
    await expect(logos).toHaveCount(8);
    const alts = await logos.evaluateAll((images) => images.map((img) => img.getAttribute('alt')));
    expect(new Set(alts).size).toBe(8);
    await marquee.scrollIntoViewIfNeeded();
    for (const image of await logos.all()) {
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0);
    }
    // The duplicate set that makes the loop seamless is hidden from assistive technology.
    await expect(marquee.locator('ul[aria-hidden="true"] img')).toHaveCount(8);

    const track = marquee.locator('.marquee-track');
    const motion = await track.evaluate((el) => {
      const style = getComputedStyle(el);
      const set = el.querySelector('ul')!.getBoundingClientRect().width;
      return { name: style.animationName, seconds: parseFloat(style.animationDuration), set };
    });
    expect(motion.name).not.toBe('none');
    // One set's width travels in one cycle: speed 40 = 40 px per second.
    expect(motion.set / motion.seconds).toBeCloseTo(40, 0);

    // It moves while on screen, and stops when scrolled away.
    await marquee.scrollIntoViewIfNeeded();
    await page.mouse.move(0, 0);
    await expect
      .poll(() => track.evaluate((el) => getComputedStyle(el).animationPlayState))
      .toBe('running');
    await page.locator('#features').scrollIntoViewIfNeeded();
    await expect
      .poll(() => track.evaluate((el) => getComputedStyle(el).animationPlayState))
      .toBe('paused');
    await marquee.scrollIntoViewIfNeeded();
    await expect
      .poll(() => track.evaluate((el) => getComputedStyle(el).animationPlayState))
      .toBe('running');
    await marquee.hover();
    await expect
      .poll(() => track.evaluate((el) => getComputedStyle(el).animationPlayState))
      .toBe('paused');
  });

  test('is static with every logo visible under reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    const marquee = page.locator('[data-logo-marquee]');
    const track = marquee.locator('.marquee-track');
    expect(await track.evaluate((el) => getComputedStyle(el).animationName)).toBe('none');
    await expect(marquee.locator('ul[aria-hidden="true"]')).toBeHidden();
    // The status line's shimmer is off too.
    await expect(page.locator('[data-chat-status] .shimmer-window')).toBeHidden();
    const logos = marquee.locator('img:not([alt=""])');
    await expect(logos).toHaveCount(8);
    for (const logo of await logos.all()) {
      await logo.scrollIntoViewIfNeeded();
      await expect(logo).toBeInViewport();
    }
  });
});

test.describe('home: banner, features, benefits, audience, call to action', () => {
  test('the coming-soon banner advertises BringSpark', async ({ page }) => {
    await page.goto('/');
    const banner = page.locator('#coming-soon');
    await expect(banner).toContainText('Coming soon');
    await expect(banner.getByRole('heading', { level: 2 })).toContainText('BringSpark');
    await expect(banner.getByRole('link', { name: /BringSpark/ })).toHaveAttribute(
      'href',
      '/bringspark',
    );
  });

  test('the three further sections: steps, example tasks, security and POPIA', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('#how-it-works [data-steps] > li')).toHaveCount(3);
    await expect(page.locator('#how-it-works')).toContainText('30-day free trial');
    await expect(page.locator('#example-tasks [data-example-tasks] > li')).toHaveCount(4);
    await expect(page.locator('#security')).toContainText('POPIA');
    // The title claims what its text says (in transit and at rest), never "end to end".
    const security = await page.locator('#security').innerText();
    expect(security).toContain('Encrypted in transit and at rest');
    expect(security).not.toMatch(/end[ -]to[ -]end/i);
  });

  test('features: the heading and exactly 6 cards in 1, 2 or 3 columns', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    const features = page.locator('#features');
    await expect(features.getByRole('heading', { level: 2 })).toHaveText(
      'Powerful Features to Help with Your Finance Work',
    );
    await expect(features.locator('[data-feature-card] h3')).toHaveText([
      'Instant Analysis',
      'Email Assistance',
      'Financial Analysis',
      'Policy & Contract Interpretation',
      'Strategy & Risk Assessment',
      'Action Item Extraction',
    ]);
    expect(await countGridColumns(page, '[data-feature-grid]')).toBe(3);
    await page.setViewportSize({ width: 800, height: 900 });
    expect(await countGridColumns(page, '[data-feature-grid]')).toBe(2);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await countGridColumns(page, '[data-feature-grid]')).toBe(1);
  });

  test('features: glow of radius 400 px follows the pointer, 12 particles, a ripple on click', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    const card = page.locator('[data-feature-card]').first();
    await card.scrollIntoViewIfNeeded();
    const glow = card.locator('.feature-glow');
    expect(await glow.evaluate((el) => getComputedStyle(el).backgroundImage)).toContain('400px');

    const box = (await card.boundingBox())!;
    await page.mouse.move(box.x + 30, box.y + 40);
    await page.mouse.move(box.x + 60, box.y + 50);
    await expect(card.locator('.feature-particle')).toHaveCount(12);
    // Relative to the card (which lifts by 2 px on hover, hence the tolerance).
    const glowAt = () =>
      card.evaluate((el) => [
        parseFloat(el.style.getPropertyValue('--x')),
        parseFloat(el.style.getPropertyValue('--y')),
      ]);
    await expect.poll(async () => (await glowAt())[0]).toBeCloseTo(60, -1);
    expect((await glowAt())[1]).toBeCloseTo(50, -1);
    await expect.poll(() => glow.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');

    await page.mouse.down();
    await expect(card.locator('.feature-ripple')).toHaveCount(1);
    await page.mouse.up();
    // The ripple removes itself when its animation ends.
    await expect(card.locator('.feature-ripple')).toHaveCount(0);
  });

  test('features: no glow, particles or ripple under reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    const card = page.locator('[data-feature-card]').first();
    await card.scrollIntoViewIfNeeded();
    const box = (await card.boundingBox())!;
    await page.mouse.move(box.x + 30, box.y + 40);
    await page.mouse.move(box.x + 60, box.y + 50);
    await page.mouse.down();
    await page.mouse.up();
    expect(await card.locator('.feature-glow').evaluate((el) => getComputedStyle(el).display)).toBe(
      'none',
    );
    await expect(card.locator('.feature-particle')).toHaveCount(0);
    await expect(card.locator('.feature-ripple')).toHaveCount(0);
    expect(await card.evaluate((el) => el.style.getPropertyValue('--x'))).toBe('');
  });

  test('"Why Choose": exactly 8 benefit cards in 1, 2 or 4 columns', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    const section = page.locator('#why-choose');
    await expect(section.getByRole('heading', { level: 2 })).toHaveText(/^Why Choose/);
    await expect(section.locator('[data-card-grid] > li h3')).toHaveText([
      'Localized Support',
      'To-Do Lists',
      'Investment Insights',
      'Regulatory Updates',
      'Complex Problem Solving',
      'Leadership Coaching',
      'Compliance & Security',
      'Generating Presentations',
    ]);
    await expect(section).toContainText('updated for South Africa');
    await expect(section).toContainText('encrypted');
    const grid = '#why-choose [data-card-grid]';
    expect(await countGridColumns(page, grid)).toBe(4);
    await page.setViewportSize({ width: 800, height: 900 });
    expect(await countGridColumns(page, grid)).toBe(2);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await countGridColumns(page, grid)).toBe(1);
  });

  test('"Who Is This For?": the four groups, the first 10 titles as a list, the first 9 as a grid', async ({
    page,
  }) => {
    await page.goto('/');
    const section = page.locator('#who-is-this-for');
    await expect(section.getByRole('heading', { level: 2 })).toHaveText('Who Is This For?');
    await expect(section.locator('[data-audience-groups] li')).toHaveText([
      'Advisors',
      'Tax Practitioners',
      'Accountants',
      'Lawyers',
    ]);
    const titles = [
      'Financial Analyst',
      'Accountant',
      'Auditor',
      'Tax Advisor',
      'Compliance Officer',
      'Risk Professional',
      'Financial Manager',
      'CFO Support',
      'Debtors/Creditors Manager',
      'Payroll Specialist',
    ];
    await expect(section.locator('[data-job-list] > li')).toHaveText(titles);
    await expect(section.locator('[data-job-grid] > li')).toHaveText(titles.slice(0, 9));
    await expect(section.locator('[data-job-grid] > li svg')).toHaveCount(9);
  });

  test('the call-to-action band: two chat-app buttons in a new tab, demo and pricing links', async ({
    page,
  }) => {
    const chatAppUrl = await readChatAppUrl(page);
    const band = page.locator('[data-cta-band]');
    for (const name of ['Get Started For Free Today', 'See How It Works For Free']) {
      const link = band.getByRole('link', { name: new RegExp(`^${name}`) });
      await expect(link).toHaveAttribute('href', chatAppUrl);
      await expectNewTab(link);
    }
    await expect(band.getByRole('link', { name: 'Request a Demo' })).toHaveAttribute(
      'href',
      '/contact',
    );
    await expect(band.getByRole('link', { name: 'See pricing' })).toHaveAttribute(
      'href',
      '/pricing',
    );
  });

  test('opens at the top', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => window.scrollTo(0, 2000));
    await page.reload();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test.describe('sister product page', () => {
  test('/bringspark says coming soon and links to its site in a new tab', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/bringspark');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('BringSpark');
    await expect(page.locator('main')).toContainText('Coming soon');
    // The same external address as the header's desktop sister-product link.
    const headerLink = page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: /BringSpark/ });
    const externalUrl = await headerLink.getAttribute('href');
    expect(externalUrl).toMatch(/^https:\/\//);
    const site = page.locator('main').getByRole('link', { name: /Visit the BringSpark site/ });
    await expect(site).toHaveAttribute('href', externalUrl!);
    await expectNewTab(site);
    await expect(page.locator('#planned [data-card-grid] > li')).toHaveCount(3);
  });
});

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

test.describe('about', () => {
  test('vision, founder story, team of two, four values, three steps', async ({ page }) => {
    const chatAppUrl = await readChatAppUrl(page);
    await page.goto('/about');
    const main = page.locator('main');
    await expect(page.locator('#vision h2')).toHaveText('Our Vision');
    await expect(page.locator('#story p')).not.toHaveCount(0);
    await expect(page.locator('#story')).toContainText('19 years');

    const team = page.locator('[data-team] > li');
    await expect(team).toHaveCount(2);
    await expect(team.nth(0)).toContainText('Founder & CEO');
    await expect(team.nth(0)).toContainText('19+ years of finance experience');
    await expect(team.nth(1)).toContainText('Co-founder & Lead Engineer');

    await expect(page.locator('#values [data-card-grid] > li h3')).toHaveText([
      'Accuracy First',
      'Client-Centric',
      'Innovation',
      'Security',
    ]);

    const steps = page.locator('#get-started-steps [data-steps] > li');
    await expect(steps).toHaveCount(3);
    await expect(steps.nth(0)).toContainText('30-day free trial');
    await expect(steps.nth(0)).toContainText('No credit card');
    await expect(steps.nth(0)).toContainText('30 seconds');
    await expect(steps.nth(1)).toContainText(/upload/i);
    await expect(steps.nth(2)).toContainText(/cited answers/i);
    await expect(steps.nth(2)).toContainText(/task list/i);

    const getStarted = main.locator('[data-cta-band]').getByRole('link', { name: /^Get Started/ });
    await expect(getStarted).toHaveAttribute('href', chatAppUrl);
    await expectNewTab(getStarted);
  });
});

test.describe('pricing', () => {
  // The suite's build runs after the Free plan's default last day (21 July 2025), so its card says
  // it has ended. The variant site is built with a later day; its test below checks the open offer.
  test('three plan cards with their texts, prices and calls to action; the Free card says it ended', async ({
    page,
  }) => {
    const chatAppUrl = await readChatAppUrl(page);
    await page.goto('/pricing');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Simple, Transparent Pricing');
    const plans = page.locator('[data-plans] > li');
    await expect(plans.locator('h2')).toHaveText(['Free', 'Professional', 'Enterprise']);

    const free = page.locator('[data-plan="Free"]');
    await expect(free).toHaveAttribute('data-ended', 'true');
    await expect(free.locator('[data-plan-price]')).toHaveText(/R0\s*ended 21 July 2025/);
    await expect(free).toContainText(
      'Free access ended on 21 July 2025. Try every Professional feature free for 30 days instead.',
    );
    await expect(free.locator('[data-plan-features]')).toHaveCount(0);
    // Its only action is the one a visitor can still take for free: the Professional trial.
    await expect(free.getByRole('link')).toHaveCount(1);
    const freeTrial = free.getByRole('link', { name: /^Start 30-day free trial/ });
    await expect(freeTrial).toHaveAttribute('href', chatAppUrl);
    await expectNewTab(freeTrial);
    await expect(page.locator('main')).not.toContainText(/Free to all users until|Get Started/);
    await expect(page.locator('#pricing-faq')).toContainText(
      'The Free plan ended on 21 July 2025.',
    );

    const pro = page.locator('[data-plan="Professional"]');
    await expect(pro).toHaveAttribute('data-highlight', 'true');
    await expect(page.locator('[data-plans] > li[data-highlight]')).toHaveCount(1);
    await expect(page.locator('[data-plans] > li[data-ended]')).toHaveCount(1);
    await expect(pro).toContainText('Most Popular');
    await expect(pro.locator('[data-plan-price]')).toHaveText(/R200\s*per month, excl\. VAT/);
    await expect(pro).toContainText('R200 per month excluding VAT');
    await expect(pro.locator('[data-plan-features] li')).toHaveText([
      'Advanced features',
      'Internet research',
      'Action item extractor',
      'Report writer',
      'Email writer',
      'Priority support',
    ]);
    const trial = pro.getByRole('link', { name: /^Start 30-day free trial/ });
    await expect(trial).toHaveAttribute('href', chatAppUrl);
    await expectNewTab(trial);

    const enterprise = page.locator('[data-plan="Enterprise"]');
    await expect(enterprise.locator('[data-plan-price]')).toContainText('Custom');
    await expect(enterprise).toContainText('next billing cycle');
    const contact = enterprise.getByRole('link', { name: 'Contact Us' });
    await expect(contact).toHaveAttribute('href', '/contact');
    await expect(contact).not.toHaveAttribute('target', /.*/);

    await expect(page.locator('[data-pricing-notes]')).toContainText(
      'Annual discounts are offered',
    );
  });

  test('has a pricing FAQ and the call-to-action band', async ({ page }) => {
    await page.goto('/pricing');
    const faq = page.locator('#pricing-faq');
    await expect(faq.getByRole('heading', { level: 2 })).toHaveText('Pricing Questions');
    await expect(faq.locator('[data-faq-item]')).toHaveCount(6);
    await expect(faq.locator('[data-faq-item] h3 button').first()).toBeVisible();
    const band = page.locator('[data-cta-band]');
    await expect(band.getByRole('link', { name: /^Start 30-day free trial/ })).toBeVisible();
    await expect(band.getByRole('link', { name: 'Request a Demo' })).toHaveAttribute(
      'href',
      '/contact',
    );
  });

  test('Product JSON-LD with ZAR offers: Professional 200 a month ex VAT, Enterprise unpriced, no ended Free offer', async ({
    page,
  }) => {
    await page.goto('/pricing');
    const product = (await readJsonLd(page)).find((block) => block['@type'] === 'Product');
    expect(product).toBeDefined();
    expect(product!.name).toBe('Ledgerwise');
    const offers = product!.offers as Array<Record<string, unknown>>;
    expect(offers.map((offer) => offer.name)).toEqual(['Professional', 'Enterprise']);
    expect(offers[0]).toMatchObject({
      '@type': 'Offer',
      price: '200.00',
      priceCurrency: 'ZAR',
      priceSpecification: {
        '@type': 'UnitPriceSpecification',
        price: 200,
        priceCurrency: 'ZAR',
        unitCode: 'MON',
        valueAddedTaxIncluded: false,
      },
    });
    expect(offers[1]).not.toHaveProperty('price');
    expect(String(offers[1].url)).toMatch(/\/contact$/);
    await expect(page.locator('meta[name="description"]')).not.toHaveAttribute(
      'content',
      /Free for all users/,
    );
  });

  test('the build warned once that the Free plan ended, naming FREE_PLAN_END_DATE', async () => {
    const output = await readFile(process.env.E2E_BUILD_OUTPUT!, 'utf8');
    const warnings = output.split('\n').filter((line) => line.includes('The Free plan ended'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('The Free plan ended on 21 July 2025');
    expect(warnings[0]).toContain('FREE_PLAN_END_DATE is not set');
  });
});

test.describe('faq accordion', () => {
  const question = (page: Page, index: number) =>
    page.locator('[data-faq-item]').nth(index).getByRole('button');
  const answer = (page: Page, index: number) =>
    page.locator('[data-faq-item]').nth(index).getByRole('region', { includeHidden: true });

  test('eight questions whose answers are in the HTML before any script runs', async ({
    page,
    request,
  }) => {
    const html = await (await request.get('/faq')).text();
    expect(html.match(/aria-controls="faq-answer-\d"/g)).toHaveLength(8);
    expect(html.match(/<section[^>]*id="faq-answer-\d"[^>]*hidden/g)).toHaveLength(8);
    expect(html).toContain(SUPPORT_EMAIL);
    expect(html).toContain('free trial of a month');

    await page.goto('/faq');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Frequently Asked Questions');
    await expect(page.locator('[data-faq-item]')).toHaveCount(8);
    await expect(page.locator('[data-faq-item] h2')).toHaveCount(8);
    await expect(page.locator('[aria-expanded="true"]')).toHaveCount(0);
  });

  test('by mouse: at most one open, clicking the open one closes it', async ({ page }) => {
    await page.goto('/faq');
    await waitForIsland(page, 'FaqAccordion');
    for (let i = 0; i < 8; i++) {
      const button = question(page, i);
      const controls = await button.getAttribute('aria-controls');
      expect(await answer(page, i).getAttribute('id')).toBe(controls);
    }

    await question(page, 0).click();
    await expect(question(page, 0)).toHaveAttribute('aria-expanded', 'true');
    await expect(answer(page, 0)).toBeVisible();

    await question(page, 3).click();
    await expect(question(page, 3)).toHaveAttribute('aria-expanded', 'true');
    await expect(answer(page, 3)).toBeVisible();
    await expect(question(page, 0)).toHaveAttribute('aria-expanded', 'false');
    await expect(answer(page, 0)).toBeHidden();
    await expect(page.locator('[data-faq-item] [aria-expanded="true"]')).toHaveCount(1);

    await question(page, 3).click();
    await expect(question(page, 3)).toHaveAttribute('aria-expanded', 'false');
    await expect(answer(page, 3)).toBeHidden();
    await expect(page.locator('[data-faq-item] [aria-expanded="true"]')).toHaveCount(0);
  });

  test('the support address is a mail link and one answer states a free trial of a month', async ({
    page,
  }) => {
    await page.goto('/faq');
    await waitForIsland(page, 'FaqAccordion');
    const items = page.locator('[data-faq-item]');
    const support = items.filter({ hasText: SUPPORT_EMAIL });
    await expect(support).toHaveCount(1);
    await support.getByRole('button').click();
    await expect(support.getByRole('link', { name: SUPPORT_EMAIL })).toHaveAttribute(
      'href',
      `mailto:${SUPPORT_EMAIL}`,
    );
    const trial = items.filter({ hasText: 'free trial of a month' });
    await expect(trial).toHaveCount(1);
    await trial.getByRole('button').click();
    await expect(trial.getByRole('region')).toContainText('free trial of a month');
  });

  test('by keyboard: Enter and Space toggle, arrows, Home and End move between questions', async ({
    page,
  }) => {
    await page.goto('/faq');
    await waitForIsland(page, 'FaqAccordion');
    await question(page, 0).focus();
    await page.keyboard.press('Enter');
    await expect(question(page, 0)).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('ArrowDown');
    await expect(question(page, 1)).toBeFocused();
    await page.keyboard.press('Space');
    await expect(question(page, 1)).toHaveAttribute('aria-expanded', 'true');
    await expect(question(page, 0)).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('Space');
    await expect(question(page, 1)).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('End');
    await expect(question(page, 7)).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(question(page, 0)).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(question(page, 7)).toBeFocused();
    await page.keyboard.press('Home');
    await expect(question(page, 0)).toBeFocused();
    // Tab leaves the question for the next focusable element, as a button should.
    await page.keyboard.press('Tab');
    await expect(question(page, 1)).toBeFocused();
  });

  test('FAQPage JSON-LD lists the same eight questions', async ({ page }) => {
    await page.goto('/faq');
    const faqPage = (await readJsonLd(page)).find((block) => block['@type'] === 'FAQPage');
    expect(faqPage).toBeDefined();
    const entities = faqPage!.mainEntity as Array<{
      '@type': string;
      name: string;
      acceptedAnswer: { '@type': string; text: string };
    }>;
    expect(entities).toHaveLength(8);
    const questions = await page.locator('[data-faq-item] button').allTextContents();
    expect(entities.map((entity) => entity.name)).toEqual(questions.map((text) => text.trim()));
    for (const entity of entities) {
      expect(entity['@type']).toBe('Question');
      expect(entity.acceptedAnswer['@type']).toBe('Answer');
      expect(entity.acceptedAnswer.text.length).toBeGreaterThan(20);
    }
  });
});

test.describe('with every optional setting given', () => {
  test('"See How It Works" opens the demo video in a new tab', async ({ page }) => {
    await page.goto(`${variantSite().url}/`);
    const demo = page.locator('#hero').getByRole('link', { name: /^See How It Works/ });
    await expect(demo).toHaveAttribute('href', SETTINGS.PUBLIC_DEMO_VIDEO_URL);
    await expect(demo).toHaveAttribute('target', '_blank');
    await expect(demo).toHaveAttribute('rel', 'noopener noreferrer');
  });

  test('the social profile is linked in the footer and on /contact, and is the sameAs', async ({
    page,
  }) => {
    await page.goto(`${variantSite().url}/contact`);
    const links = page.getByRole('link', { name: /^Follow Ledgerwise/ });
    await expect(links).toHaveCount(2);
    for (const link of await links.all()) {
      await expect(link).toHaveAttribute('href', SETTINGS.PUBLIC_SOCIAL_URL);
    }
    const organization = (await readJsonLd(page)).find((item) => item['@type'] === 'Organization');
    expect(organization?.sameAs).toEqual([SETTINGS.PUBLIC_SOCIAL_URL]);
  });

  test('a Free plan whose last day lies ahead is offered: card, FAQ, Offer with validThrough', async ({
    page,
  }) => {
    expect(variantSite().output).not.toContain('The Free plan ended');
    await page.goto(`${variantSite().url}/pricing`);
    await expect(page.locator('[data-plan] h2')).toHaveText(['Free', 'Professional', 'Enterprise']);
    const free = page.locator('[data-plan="Free"]');
    await expect(page.locator('[data-plan][data-ended]')).toHaveCount(0);
    await expect(free).toContainText('Free to all users until 31 December 2099');
    await expect(free.locator('[data-plan-price]')).toHaveText(/R0\s*until 31 December 2099/);
    await expect(free.locator('[data-plan-features] li')).toHaveText([
      'Basic bots',
      'System advisor',
      'Legal updates (coming soon)',
    ]);
    const cta = free.getByRole('link', { name: /^Get Started/ });
    await expect(cta).toHaveAttribute('href', /^https:\/\/app\./);
    await expect(cta).toHaveAttribute('target', '_blank');
    await expect(page.locator('#pricing-faq')).toContainText(
      'The Free plan is free to all users until 31 December 2099.',
    );
    const product = (await readJsonLd(page)).find((item) => item['@type'] === 'Product');
    const offers = product?.offers as Array<Record<string, unknown>>;
    expect(offers.map((offer) => offer.name)).toEqual(['Free', 'Professional', 'Enterprise']);
    expect(offers[0]).toMatchObject({
      price: '0.00',
      validThrough: '2099-12-31T23:59:59+02:00',
    });
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      /^Ledgerwise plans: Free for all users until 31 December 2099, Professional/,
    );
  });
});
