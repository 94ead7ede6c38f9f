/**
 * Named authors on the shared site, built from the seeded PocketBase: two authors, a post by
 * both, posts by one, and posts by the team (no author). The 35-post build of blog.spec.ts adds
 * an author without an avatar and one whose only post is a draft.
 */
import { expect, test } from '@playwright/test';
import type { RecordModel } from 'pocketbase';
import { readSitemap } from '../support/builtSite';
import { readJsonLd } from '../support/e2e';
import { seedClient } from '../support/sharedSites';

async function readSeed() {
  const pb = seedClient();
  const authors = await pb.collection('authors').getFullList();
  const posts = await pb.collection('blogs').getFullList({ sort: '-published_at,-id' });
  const live = posts.filter(
    (post) => post.published && Date.parse(post.published_at.replace(' ', 'T')) <= Date.now(),
  );
  const byId = (id: string) => authors.find((author) => author.id === id)!;
  return { authors, live, byId };
}

test('a post by two authors names both, in order, with avatar, link and credentials, in its byline, its card and its JSON-LD', async ({
  page,
}) => {
  const { live, byId } = await readSeed();
  const post = live.find((p) => p.authors.length === 2)!;
  const authors: RecordModel[] = post.authors.map(byId);
  await page.goto(`/blog/${post.slug}`);
  const byline = page.locator('[data-byline] li');
  await expect(byline).toHaveCount(2);
  for (const [index, author] of authors.entries()) {
    const item = byline.nth(index);
    await expect(item.getByRole('link', { name: author.name })).toHaveAttribute(
      'href',
      `/blog/author/${author.slug}`,
    );
    await expect(item).toContainText(author.role);
    const avatar = item.locator('img[data-avatar]');
    await expect(avatar).toHaveAttribute('src', /^\/_astro\/[^/]+\.webp$/);
    await expect(avatar).toHaveAttribute('width', '40');
    await expect(avatar).not.toHaveJSProperty('naturalWidth', 0);
  }
  await expect(page.locator('article[data-post]')).not.toContainText('Ledgerwise Team');
  const posting = (await readJsonLd(page)).find((item) => item['@type'] === 'BlogPosting');
  expect(posting?.author).toEqual(
    authors.map((author) => ({
      '@type': 'Person',
      name: author.name,
      jobTitle: author.role,
      url: expect.stringMatching(new RegExp(`/blog/author/${author.slug}$`)),
    })),
  );

  await page.goto('/blog');
  const card = page.locator(`[data-post-card="${post.id}"]`);
  await expect(card).toContainText(`${authors[0].name} and ${authors[1].name}`);
});

test('a post without an author is by "Ledgerwise Team", as before', async ({ page }) => {
  const { live } = await readSeed();
  const post = live.find((p) => p.authors.length === 0)!;
  await page.goto(`/blog/${post.slug}`);
  await expect(page.locator('[data-byline]')).toHaveCount(0);
  await expect(page.locator('article[data-post]')).toContainText('Ledgerwise Team');
  const posting = (await readJsonLd(page)).find((item) => item['@type'] === 'BlogPosting');
  expect(posting?.author).toMatchObject({ '@type': 'Organization', name: 'Ledgerwise Team' });
  await page.goto('/blog');
  await expect(page.locator(`[data-post-card="${post.id}"]`)).not.toContainText('Ledgerwise Team');
});

test("an author's page: name, credentials, bio and avatar, their live posts newest first, JSON-LD Person, in the sitemap", async ({
  page,
}) => {
  const { authors, live } = await readSeed();
  const paths = (await readSitemap()).urls.map((url) => new URL(url).pathname);
  for (const author of authors) {
    const posts = live.filter((post) => post.authors.includes(author.id));
    await page.goto(`/blog/author/${author.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(author.name);
    await expect(page.getByText(author.role, { exact: true })).toBeVisible();
    await expect(page.locator('[data-author-bio]')).toHaveText(author.bio);
    await expect(page.locator('img[data-avatar]')).toHaveAttribute('width', '96');
    await expect(page.locator('[data-post-card] h3')).toHaveText(posts.map((post) => post.title));
    const profile = (await readJsonLd(page)).find((item) => item['@type'] === 'ProfilePage');
    expect(profile?.mainEntity).toMatchObject({
      '@type': 'Person',
      name: author.name,
      jobTitle: author.role,
      description: author.bio,
    });
    expect(paths).toContain(`/blog/author/${author.slug}`);
  }
});
