/** Topics and related posts on the shared site, built from the seeded PocketBase. */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { RecordModel } from 'pocketbase';
import { distDir, readSitemap } from '../support/builtSite';
import { readJsonLd } from '../support/e2e';
import { seedClient } from '../support/sharedSites';

interface Seed {
  topics: RecordModel[];
  /** Published and due: on the site, newest first. */
  live: RecordModel[];
}

async function readSeed(): Promise<Seed> {
  const pb = seedClient();
  const topics = await pb.collection('topics').getFullList({ sort: 'name' });
  const posts = await pb.collection('blogs').getFullList({ sort: '-published_at,-id' });
  const isLive = (post: RecordModel) =>
    post.published && Date.parse(post.published_at.replace(' ', 'T')) <= Date.now();
  return { topics, live: posts.filter(isLive) };
}

const postsOn = (seed: Seed, topic: RecordModel) =>
  seed.live.filter((post) => post.topics.includes(topic.id));

// A topic only a draft has is nowhere: blog.spec, on every file of its build.
test('every topic a live post has: listed with its count, its own page of posts, feed and sitemap entry', async ({
  page,
}) => {
  const seed = await readSeed();
  const used = seed.topics.filter((topic) => postsOn(seed, topic).length > 0);

  await page.goto('/blog/topics');
  const cards = page.getByRole('main').getByRole('listitem');
  await expect(cards.getByRole('heading', { level: 2 })).toHaveText(
    used.map((topic) => topic.name),
  );
  for (const [index, topic] of used.entries()) {
    const count = postsOn(seed, topic).length;
    await expect(cards.nth(index)).toContainText(count === 1 ? '1 article' : `${count} articles`);
  }

  const { urls } = await readSitemap();
  const paths = urls.map((url) => new URL(url).pathname);
  expect(paths).toContain('/blog/topics');
  // Only the new addresses: the old ones (/blog/tags, /blog/tag/…) answer 301 (netlify.toml).
  expect(paths.filter((route) => /^\/blog\/tags?(\/|$)/.test(route))).toEqual([]);
  for (const topic of used) {
    const posts = postsOn(seed, topic);
    await page.getByRole('link', { name: topic.name, exact: true }).first().click();
    await expect(page).toHaveURL(`/blog/topic/${topic.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(topic.name);
    await expect(page.getByText(topic.description)).toBeVisible();
    await expect(page.locator('[data-post-card] h3')).toHaveText(posts.map((post) => post.title));
    const collection = (await readJsonLd(page)).find((item) => item['@type'] === 'CollectionPage');
    expect(collection).toMatchObject({ name: topic.name, description: topic.description });
    expect(paths).toContain(`/blog/topic/${topic.slug}`);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      new RegExp(`/blog/topic/${topic.slug}$`),
    );
    // Its own feed, named in the page's head, with its posts.
    const feed = page.locator('link[rel="alternate"][type="application/rss+xml"]').last();
    await expect(feed).toHaveAttribute('href', new RegExp(`/blog/topic/${topic.slug}/rss\\.xml$`));
    const rss = await readFile(path.join(distDir(), 'blog/topic', topic.slug, 'rss.xml'), 'utf8');
    expect([...rss.matchAll(/<item><title>([^<]*)<\/title>/g)].map((m) => m[1])).toEqual(
      posts.map((post) => post.title.replace(/&/g, '&amp;')),
    );
    await page.goBack();
  }
});

test('the old addresses of topics, from when they were tags, lead to the new ones', async ({
  page,
  request,
}) => {
  for (const [old, now] of [
    ['/blog/tags', '/blog/topics'],
    ['/blog/tag/tax', '/blog/topic/tax'],
    ['/blog/tag/tax/rss.xml', '/blog/topic/tax/rss.xml'],
  ]) {
    const response = await request.get(old, { maxRedirects: 0 });
    expect(response.status(), old).toBe(301);
    expect(response.headers().location, old).toBe(now);
  }
  await page.goto('/blog/tag/tax');
  await expect(page).toHaveURL('/blog/topic/tax');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tax');
});

test('/blog offers every topic in use and a link to all topics', async ({ page }) => {
  const seed = await readSeed();
  const used = seed.topics.filter((topic) => postsOn(seed, topic).length > 0);
  await page.goto('/blog');
  const topics = page.getByRole('navigation', { name: 'Topics' });
  await expect(topics.getByRole('link')).toHaveText([...used.map((t) => t.name), 'All topics']);
  await topics.getByRole('link', { name: 'All topics' }).click();
  await expect(page).toHaveURL('/blog/topics');
});

// How related posts rank (most shared topics, then newest; never a draft): topics.test.ts.
test('a post shows its topics as links, names them in its JSON-LD, and ends with three related live posts', async ({
  page,
}) => {
  const seed = await readSeed();
  const post = seed.live.find((p) => p.topics.length > 1)!;
  const names = post.topics.map((id: string) => seed.topics.find((topic) => topic.id === id)!.name);
  await page.goto(`/blog/${post.slug}`);
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
  // Live posts only (a draft's title would find none), never the post itself, the first sharing
  // a topic.
  expect(shown.every(Boolean)).toBe(true);
  expect(shown.map((p) => p.id)).not.toContain(post.id);
  expect(shown[0].topics.some((id: string) => post.topics.includes(id))).toBe(true);
});
