/**
 * Home on the shared site: its sections in order, the hero and its typing headline on a controlled
 * clock, the trusted-by marquee, the banner, features, benefits, audience and call to action.
 */
import { expect, test, type Page } from '@playwright/test';
import { installPausedClock, scrollThrough, waitForIsland } from '../support/e2e';
import { countGridColumns, readChatAppUrl } from '../support/pages';

// Independent tests: let both workers take them. That the chat app's links open in a new tab, as
// every link to another site, and the page's own do not, quality.spec proves for every link.
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
    // Without a demo video (PUBLIC_DEMO_VIDEO_URL unset) the home page's own steps show how it
    // works, below the fixed header; with one it opens in a new tab (settings.spec).
    const demo = hero.getByRole('link', { name: /^See How It Works/ });
    await expect(demo).toHaveAttribute('href', '#how-it-works');
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
    await expect(shimmer).not.toHaveCSS('animation-name', 'none');
    await expect(shimmer).toHaveCSS('animation-duration', '5s');
    await expect(status).toHaveAttribute('data-in-view', '');
    await expect(shimmer).toHaveCSS('animation-play-state', 'running');
    // Scrolled away: the loop stops, so nothing is composited or painted for it.
    await page.locator('#features').scrollIntoViewIfNeeded();
    await expect(status).not.toHaveAttribute('data-in-view');
    await expect(shimmer).toHaveCSS('animation-play-state', 'paused');
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
  test('the headline pauses on a phrase, deletes it and types the next on the page clock', async ({
    page,
  }) => {
    await startTypingOnPausedClock(page);
    const word = page.locator('[data-typing-text]');
    await expect(page.locator('[data-typing]')).toHaveAttribute('data-typing', 'running');
    await expect(word).toHaveText('Accounting');

    // The complete first phrase stays for the 1,500 ms pause, then goes a character at a time and
    // "Tax" is typed. Each step's timing, over the whole cycle: typingCycle.test.ts.
    await page.clock.runFor(1499);
    await expect(word).toHaveText('Accounting');
    await page.clock.runFor(2); // 1,501 ms
    await expect(word).toHaveText('Accountin');
    await page.clock.runFor(637.5); // 2,138.5 ms: deleted by 1,837.5, "Tax" typed by 2,062.5
    await expect(word).toHaveText('Tax');
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
    for (const image of await logos.all())
      await expect(image).not.toHaveJSProperty('naturalWidth', 0);
    // The duplicate set that makes the loop seamless is hidden from assistive technology.
    await expect(marquee.locator('ul[aria-hidden="true"] img')).toHaveCount(8);

    const track = marquee.locator('.marquee-track');
    await expect(track).not.toHaveCSS('animation-name', 'none');
    const motion = await track.evaluate((el) => ({
      seconds: parseFloat(getComputedStyle(el).animationDuration),
      set: el.querySelector('ul')!.getBoundingClientRect().width,
    }));
    // One set's width travels in one cycle: speed 40 = 40 px per second.
    expect(motion.set / motion.seconds).toBeCloseTo(40, 0);

    // It moves while on screen, and stops when scrolled away or hovered.
    await marquee.scrollIntoViewIfNeeded();
    await page.mouse.move(0, 0);
    await expect(track).toHaveCSS('animation-play-state', 'running');
    await page.locator('#features').scrollIntoViewIfNeeded();
    await expect(track).toHaveCSS('animation-play-state', 'paused');
    await marquee.scrollIntoViewIfNeeded();
    await expect(track).toHaveCSS('animation-play-state', 'running');
    await marquee.hover();
    await expect(track).toHaveCSS('animation-play-state', 'paused');
  });

  test('is static with every logo visible under reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    const marquee = page.locator('[data-logo-marquee]');
    await expect(marquee.locator('.marquee-track')).toHaveCSS('animation-name', 'none');
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
    // The title claims what its text says (in transit and at rest), never "end to end". The
    // rendered text, as a visitor reads it: the section is laid out once it nears the viewport.
    const section = page.locator('#security');
    await section.scrollIntoViewIfNeeded();
    await expect(section).toContainText('Encrypted in transit and at rest', { useInnerText: true });
    const security = await section.innerText();
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
    await expect(glow).toHaveCSS('background-image', /400px/);

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
    await expect(glow).toHaveCSS('opacity', '1');

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
    await expect(card.locator('.feature-glow')).toHaveCSS('display', 'none');
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
    for (const name of [/^Get Started For Free Today/, /^See How It Works For Free/])
      await expect(band.getByRole('link', { name })).toHaveAttribute('href', chatAppUrl);
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

test.describe('home: first paint', () => {
  // Home is long: laying out all of it before its largest text (the hero's lead paragraph on a
  // phone) could paint made it the slowest page to its largest paint.
  test('below the opening screen, a section is laid out only as it nears the viewport', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    // Whether what a section holds is rendered (a skipped section's own box still is).
    const rendered = (id: string) =>
      page
        .locator(`#${id} > *`)
        .first()
        .evaluate((content) => content.checkVisibility({ contentVisibilityAuto: true }));
    expect(await rendered('hero')).toBe(true);
    for (const id of ['why-choose', 'testimonials', 'get-started'])
      expect(await rendered(id)).toBe(false);
    await page.locator('#testimonials').scrollIntoViewIfNeeded();
    await expect.poll(() => rendered('testimonials')).toBe(true);
  });

  test('nothing shifts while home loads and is read to its end, at 390 and 1280 px', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      const w = window as unknown as { shifted: number };
      w.shifted = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[])
          w.shifted += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/');
      await scrollThrough(page);
      expect(await page.evaluate(() => (window as unknown as { shifted: number }).shifted)).toBe(0);
    }
  });
});
