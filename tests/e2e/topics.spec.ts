/**
 * Topics and related posts on the shared site, built from the seeded PocketBase: the seed's
 * topics, on its posts, with one topic that only the draft has.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { RecordModel } from 'pocketbase';
import { distDir, readSitemap } from '../support/builtSite';
import { readJsonLd } from '../support/e2e';
import { seedClient } from '../support/sharedSites';

interface Seed {
  tags: RecordModel[];
  /** Published and due: on the site, newest first. */
  live: RecordModel[];
  hidden: RecordModel[];
}

async function readSeed(): Promise<Seed> {
  const pb = await seedClient();
  const tags = await pb.collection('tags').getFullList({ sort: 'name' });
  const posts = await pb.collection('blogs').getFullList({ sort: '-published_at,-id' });
  const isLive = (post: RecordModel) =>
    post.published && Date.parse(post.published_at.replace(' ', 'T')) <= Date.now();
  return { tags, live: posts.filter(isLive), hidden: posts.filter((post) => !isLive(post)) };
}

const postsOn = (seed: Seed, tag: RecordModel) =>
  seed.live.filter((post) => post.tags.includes(tag.id));

test('every topic a live post has: listed with its count, its own page of posts, feed and sitemap entry; a topic only a draft has is nowhere', async ({
  page,
}) => {
  const seed = await readSeed();
  const used = seed.tags.filter((tag) => postsOn(seed, tag).length > 0);
  const unused = seed.tags.filter((tag) => postsOn(seed, tag).length === 0);
  // The seed's draft has a topic of its own.
  expect(unused.length).toBeGreaterThan(0);
  expect(seed.hidden.some((post) => post.tags.includes(unused[0].id))).toBe(true);

  await page.goto('/blog/tags');
  const cards = page.getByRole('main').getByRole('listitem');
  await expect(cards.getByRole('heading', { level: 2 })).toHaveText(used.map((tag) => tag.name));
  for (const [index, tag] of used.entries()) {
    const count = postsOn(seed, tag).length;
    await expect(cards.nth(index)).toContainText(count === 1 ? '1 article' : `${count} articles`);
  }

  const { urls } = await readSitemap();
  const paths = urls.map((url) => new URL(url).pathname);
  expect(paths).toContain('/blog/tags');
  for (const tag of used) {
    const posts = postsOn(seed, tag);
    await page.getByRole('link', { name: tag.name, exact: true }).first().click();
    await expect(page).toHaveURL(`/blog/tag/${tag.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(tag.name);
    await expect(page.getByText(tag.description)).toBeVisible();
    await expect(page.locator('[data-post-card] h3')).toHaveText(posts.map((post) => post.title));
    const collection = (await readJsonLd(page)).find((item) => item['@type'] === 'CollectionPage');
    expect(collection).toMatchObject({ name: tag.name, description: tag.description });
    expect(paths).toContain(`/blog/tag/${tag.slug}`);
    // Its own feed, named in the page's head, with its posts.
    const feed = page.locator('link[rel="alternate"][type="application/rss+xml"]').last();
    await expect(feed).toHaveAttribute('href', new RegExp(`/blog/tag/${tag.slug}/rss\\.xml$`));
    const rss = await readFile(path.join(distDir(), 'blog/tag', tag.slug, 'rss.xml'), 'utf8');
    expect([...rss.matchAll(/<item><title>([^<]*)<\/title>/g)].map((m) => m[1])).toEqual(
      posts.map((post) => post.title.replace(/&/g, '&amp;')),
    );
    await page.goBack();
  }

  // The draft's own topic: no page, no link, no feed, not in the sitemap.
  for (const tag of unused) {
    expect((await page.goto(`/blog/tag/${tag.slug}`))?.status()).toBe(404);
    expect(paths.some((p) => p.includes(tag.slug))).toBe(false);
    for (const listed of ['/blog', '/blog/tags']) {
      await page.goto(listed);
      await expect(page.getByText(tag.name)).toHaveCount(0);
    }
  }
});

test('/blog offers every topic in use and a link to all topics', async ({ page }) => {
  const seed = await readSeed();
  const used = seed.tags.filter((tag) => postsOn(seed, tag).length > 0);
  await page.goto('/blog');
  const topics = page.getByRole('navigation', { name: 'Topics' });
  await expect(topics.getByRole('link')).toHaveText([...used.map((t) => t.name), 'All topics']);
  await topics.getByRole('link', { name: 'All topics' }).click();
  await expect(page).toHaveURL('/blog/tags');
});

test('a post shows its topics as links, names them in its JSON-LD, and ends with three related live posts, those sharing most topics first', async ({
  page,
}) => {
  const seed = await readSeed();
  const post = seed.live.find((p) => p.tags.length > 1)!;
  const names = post.tags.map((id: string) => seed.tags.find((tag) => tag.id === id)!.name);
  await page.goto(`/blog/${post.id}`);
  const topics = page.locator('article[data-post]').getByRole('navigation', { name: 'Topics' });
  await expect(topics.getByRole('link')).toHaveText(names);
  const posting = (await readJsonLd(page)).find((item) => item['@type'] === 'BlogPosting');
  expect(posting?.keywords).toEqual(names);

  const related = page.locator('[data-related] [data-post-card]');
  await expect(related).toHaveCount(3);
  const shown = await related
    .locator('h3')
    .allTextContents()
    .then((titles) => titles.map((title) => seed.live.find((p) => p.title === title.trim())!));
  // Live posts only, never the post itself.
  expect(shown.every(Boolean)).toBe(true);
  expect(shown.map((p) => p.id)).not.toContain(post.id);
  // Most shared topics first; equal ones newest first.
  const shared = (other: RecordModel) =>
    other.tags.filter((id: string) => post.tags.includes(id)).length;
  expect(shared(shown[0])).toBeGreaterThan(0);
  for (let i = 1; i < shown.length; i += 1) {
    const [before, after] = [shown[i - 1], shown[i]];
    expect(shared(before)).toBeGreaterThanOrEqual(shared(after));
    if (shared(before) === shared(after))
      expect(before.published_at >= after.published_at).toBe(true);
  }
  // A draft that shares its topics is never suggested.
  const hiddenTitles = seed.hidden.map((p) => p.title);
  for (const title of await related.locator('h3').allTextContents())
    expect(hiddenTitles).not.toContain(title.trim());
});
