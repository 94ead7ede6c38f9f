/**
 * The blog's search end to end on the shared site (the seed, indexed by Pagefind at build time):
 * no script before use, keyboard and finger, what the screen reader hears, and what must never be
 * found (a draft's, a scheduled post's words).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { devices, expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, presetTheme, watchCsp } from '../support/e2e';
import { variantSite } from '../support/sharedSites';
import { PROJECT_ROOT } from '../../tools/shared/paths.ts';

interface SeedPost {
  title: string;
  file: string;
  publishedDaysAgo?: number;
  scheduledInDays?: number;
}

const SEED = path.join(PROJECT_ROOT, 'pocketbase', 'seed');

/** The words of a seed post, title and body, lower-cased. */
async function wordsOf(post: SeedPost): Promise<Set<string>> {
  const html = await readFile(path.join(SEED, post.file), 'utf8');
  const text = `${post.title} ${html.replace(/<[^>]+>/g, ' ')}`.toLowerCase();
  return new Set(text.match(/\p{L}+/gu) ?? []);
}

/**
 * A word of `post` that no live post has, nor any word sharing its first five letters (Pagefind
 * stems words and matches prefixes: "papers" finds "paper"): what a search for it must not find.
 */
async function ownWord(post: SeedPost, live: SeedPost[]): Promise<string> {
  const stem = (word: string) => word.slice(0, 5);
  const liveStems = new Set<string>();
  for (const other of live) for (const word of await wordsOf(other)) liveStems.add(stem(word));
  const own = [...(await wordsOf(post))].filter(
    (word) => word.length >= 6 && !liveStems.has(stem(word)),
  );
  expect(own.length, `${post.title} has no word of its own`).toBeGreaterThan(0);
  return own[0];
}

const box = (page: Page) => page.getByRole('searchbox', { name: 'Search articles' });
/** The results: a list of links under the line that counts them. */
const results = (page: Page) => page.locator('#blog-search-results');
/** The live region a screen reader hears (the panel shows the same words). */
const announced = (page: Page) => page.locator('#blog-search-announce[role="status"]');

test('on /blog: nothing loads until "/"; results as one types, marked, announced; arrows, Escape, Enter', async ({
  page,
}) => {
  const csp = await watchCsp(page);
  const loaded: string[] = [];
  page.on('request', (request) => loaded.push(new URL(request.url()).pathname));
  await page.goto('/blog');
  await page.waitForLoadState('networkidle');
  expect(loaded.filter((url) => /\.m?js$|^\/pagefind\//.test(url))).toEqual([]);

  // "/" from anywhere on the page, mid-page, jumps to the box.
  await page.mouse.wheel(0, 800);
  await page.keyboard.press('/');
  await expect(box(page)).toBeFocused();
  await page.keyboard.type('provisional tax');
  const links = results(page).getByRole('link');
  await expect(links.first()).toBeVisible();
  await expect(announced(page)).toHaveText(
    /^(1 article matches|\d+ articles match) “provisional tax”\.$/,
  );
  await expect(links.first().locator('mark').first()).toHaveText(/provisional|tax/i);
  expect(loaded.some((url) => url.startsWith('/pagefind/'))).toBe(true);
  await expectNoAxeViolations(page);

  // Arrow keys move from the box into the results and back.
  await page.keyboard.press('ArrowDown');
  await expect(links.first()).toBeFocused();
  if ((await links.count()) > 1) {
    await page.keyboard.press('ArrowDown');
    await expect(links.nth(1)).toBeFocused();
    await page.keyboard.press('ArrowUp');
  }
  await page.keyboard.press('ArrowUp');
  await expect(box(page)).toBeFocused();

  // Escape closes and stays in the box; typing again reopens; Enter on a result opens it.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Escape');
  await expect(results(page)).toBeHidden();
  await expect(box(page)).toBeFocused();
  await expect(box(page)).toHaveValue('provisional tax');
  await page.keyboard.type(' ');
  await expect(links.first()).toBeVisible();
  await page.keyboard.press('ArrowDown');
  const href = await links.first().getAttribute('href');
  expect(href).toMatch(/^\/blog\/[a-z0-9]+(-[a-z0-9]+)*$/);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(href!);
  await expect(page.locator('[data-post]')).toBeVisible();

  expect(await csp.violations()).toEqual([]);
  expect(csp.consoleErrors).toEqual([]);
});

// Only pages with the box may compile WebAssembly (Pagefind): contentSecurityPolicy.test.ts.

test("a draft's and a scheduled post's own words find nothing", async ({ page }) => {
  const seed = JSON.parse(await readFile(path.join(SEED, 'blogs.json'), 'utf8')) as SeedPost[];
  const live = seed.filter((post) => post.publishedDaysAgo !== undefined);
  const hidden = seed.filter((post) => post.publishedDaysAgo === undefined);
  expect(hidden.map((post) => post.scheduledInDays !== undefined).sort()).toEqual([false, true]);

  await page.goto('/blog');
  await box(page).focus();
  // A live post's own word finds that post: the index works.
  const liveWord = await ownWord(live[0], live.slice(1));
  await box(page).fill(liveWord);
  await expect(results(page).getByRole('link')).toHaveCount(1);
  await expect(results(page).getByRole('link')).toContainText(live[0].title);

  for (const post of hidden) {
    const word = await ownWord(post, live);
    await box(page).fill(word);
    await expect(announced(page)).toHaveText(`No articles match “${word}”.`);
    await expect(results(page).getByRole('link')).toHaveCount(0);
  }
});

test('a blog with no post yet has no search box: nothing to search, no index to load', async ({
  page,
}) => {
  await page.goto(`${variantSite().url}/blog`);
  await expect(page.getByText('No Blogs Yet')).toBeVisible();
  await expect(page.locator('form[role="search"]')).toHaveCount(0);
  await page.goto(`${variantSite().url}/blog/search`);
  await expect(page.locator('form[role="search"]')).toHaveCount(0);
});

test('on a post, with a finger: tap the box, type, tap a result', async ({ browser }) => {
  const context = await browser.newContext({ ...devices['Pixel 7'] });
  try {
    const page = await context.newPage();
    await page.goto('/blog');
    const firstPost = await page.locator('[data-post-card] a').first().getAttribute('href');
    await page.goto(firstPost!);
    await box(page).tap();
    await page.keyboard.type('vat');
    const result = results(page).getByRole('link').first();
    await expect(result).toBeVisible();
    const href = await result.getAttribute('href');
    await result.tap();
    await expect(page).toHaveURL(href!);
  } finally {
    await context.close();
  }
});

test('Enter without a chosen result opens the search page with the query run (light theme)', async ({
  page,
}) => {
  await presetTheme(page, 'light');
  await page.goto('/blog');
  await box(page).fill('vat');
  await expect(results(page).getByRole('link').first()).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/blog\/search\?q=vat$/);
  await expect(box(page)).toHaveValue('vat');
  await expect(results(page).getByRole('link').first()).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  // Here the results are the page: Escape keeps them.
  await box(page).press('Escape');
  await expect(results(page).getByRole('link').first()).toBeVisible();
  await expectNoAxeViolations(page);
});

test('without JavaScript the box leads to the search page, which says why and offers the topics', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto('/blog');
    await box(page).fill('vat');
    await box(page).press('Enter');
    await expect(page).toHaveURL(/\/blog\/search\?q=vat$/);
    // By CSS: Playwright's text and role engines never look inside <noscript>.
    await expect(page.locator('noscript [data-search-no-script]')).toContainText(
      'needs JavaScript',
    );
    const topics = page.getByRole('navigation', { name: 'Topics' }).getByRole('link');
    expect(await topics.count()).toBeGreaterThan(1);
  } finally {
    await context.close();
  }
});
