/**
 * The blog end to end, in Chromium, on real builds against real PocketBase servers: a build
 * with 35 posts (two list pages, banners that work and one that fails, testimonials with and
 * without avatars), made in beforeAll, and the variant site of the global setup, whose
 * PocketBase is empty.
 */
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { createPosts, startTestPocketBase, type TestPocketBase } from '../support/pocketbase';
import { variantSite } from '../support/sharedSites';
import { buildSite, serveSite, type ServedSite } from '../support/site';
import { SAMPLE_TESTIMONIALS } from '../../src/data/testimonials';
import { expectNoAxeViolations, presetTheme, recordRequests, scrollThrough } from '../support/e2e';
import { VIEWPORTS, checkPage, matrixTheme } from '../support/deviceChecks';
import { listFiles } from '../support/files';
import { deleteStoredFiles, pngBlob } from '../support/pictures';
import { parseAllRedirects } from '@netlify/redirect-parser';

const BUILD_TIMEOUT = 300_000;
const TAGLINE = 'Insights, updates, and news about AI in finance, tax, and accounting.';

interface Variant {
  pocketbase: TestPocketBase;
  outDir: string;
  site: ServedSite;
}

async function stopVariant(variant: Variant | undefined) {
  if (!variant) return;
  await variant.site.close();
  await variant.pocketbase.stop();
  await rm(path.dirname(variant.outDir), { recursive: true, force: true });
}

test.describe('blog with 35 posts', () => {
  let variant: Variant | undefined;
  let posts: RecordModel[]; // newest first, as PocketBase sorts them
  let withBanner: RecordModel;
  let soloAuthor: RecordModel;
  let brokenBanner: RecordModel;
  let testimonials: RecordModel[];
  let hidden: RecordModel[];

  test.beforeAll(async () => {
    test.setTimeout(BUILD_TIMEOUT);
    const pocketbase = await startTestPocketBase();
    try {
      const pb: PocketBase = await pocketbase.superuserClient();
      await createPosts(pb, 33);
      const good = new FormData();
      good.set('title', 'Post with a banner');
      good.set('content', '<p>Banner post body.</p>');
      good.set('banner_image', await pngBlob(1200, 630), 'banner.png');
      good.set('banner_alt', 'An orange rectangle');
      good.set('published', 'true');
      // Its author has no avatar: the byline shows their initial.
      soloAuthor = await pb
        .collection('authors')
        .create({ name: 'Zanele Dube', slug: 'zanele-dube', role: 'Tax Partner' });
      good.set('authors', soloAuthor.id);
      withBanner = await pb.collection('blogs').create(good);
      // Renamed once live: its first slug becomes an earlier one, whose address leads here.
      withBanner = await pb.collection('blogs').update(withBanner.id, { slug: 'banner-post' });
      const broken = new FormData();
      broken.set('title', 'Newest post, banner lost');
      broken.set(
        'content',
        '<h2>Hello</h2><p>The newest post &amp; its <a href="https://www.sars.gov.za/">link</a>.</p>' +
          '<h2>Deadlines</h2><h3>The second period</h3><p>Due in February.</p>' +
          '<h2>What changes</h2><p>Little.</p>',
      );
      broken.set('banner_image', await pngBlob(800, 420), 'lost.png');
      broken.set('published', 'true');
      brokenBanner = await pb.collection('blogs').create(broken);
      await deleteStoredFiles(pocketbase, brokenBanner);

      const avatarOk = new FormData();
      avatarOk.set('quote', 'Quote with an avatar.');
      avatarOk.set('author', 'Lindiwe Khumalo');
      avatarOk.set('position', 'CFO');
      avatarOk.set('company', 'Highveld Holdings');
      avatarOk.set('avatar', await pngBlob(128, 128), 'lindiwe.png');
      avatarOk.set('published', 'true');
      const t1 = await pb.collection('testimonials').create(avatarOk);
      const t2 = await pb
        .collection('testimonials')
        .create({ quote: 'Quote without an avatar.', author: 'sipho Ndlovu', published: true });
      const t3 = await pb
        .collection('testimonials')
        .create({ quote: 'Quote without an author.', published: true });
      testimonials = [t3, t2, t1];
      // Not on the site: a draft, a post scheduled for next week, an unapproved testimonial.
      hidden = [
        await pb.collection('blogs').create({
          title: 'Hidden draft about provisional tax',
          content: '<p>Half written.</p>',
          // An author whose only post is this draft, and a topic only it has.
          authors: [
            (
              await pb
                .collection('authors')
                .create({ name: 'Hidden Draft Author', slug: 'hidden-draft-author' })
            ).id,
          ],
          topics: [
            (
              await pb
                .collection('topics')
                .create({ name: 'Hidden Draft Topic', slug: 'hidden-topic' })
            ).id,
          ],
        }),
        await pb.collection('blogs').create({
          title: 'Hidden scheduled post about VAT',
          content: '<p>Next week.</p>',
          published: true,
          published_at: new Date(Date.now() + 7 * 86_400_000).toISOString(),
        }),
      ];
      await pb.collection('testimonials').create({ quote: 'Hidden unapproved quote.' });

      posts = await pb
        .collection('blogs')
        .getFullList({ sort: '-published_at,-id', filter: 'published = true' });
      posts = posts.filter((post) => !hidden.some((h) => h.id === post.id));
      const outDir = await buildSite({ pocketbaseUrl: pocketbase.url });
      variant = { pocketbase, outDir, site: await serveSite(outDir) };
    } catch (error) {
      await pocketbase.stop();
      throw error;
    }
  });

  test.afterAll(() => stopVariant(variant));

  const url = (pathname: string) => `${variant!.site.url}${pathname}`;

  test('list: title, tagline, newest post featured, 29 recent cards, newsletter', async ({
    page,
  }) => {
    await page.goto(url('/blog'));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText(TAGLINE, { exact: true })).toBeVisible();

    const featured = page.getByRole('region', { name: 'Featured Article' });
    await expect(featured.getByRole('heading', { level: 3 })).toHaveText(posts[0].title);
    expect(posts[0].id).toBe(brokenBanner.id);

    const recent = page.getByRole('region', { name: 'Recent Articles' });
    const cards = recent.locator('article');
    await expect(cards).toHaveCount(29);
    await expect(cards.getByRole('heading', { level: 3 })).toHaveText(
      posts.slice(1, 30).map((p) => p.title),
    );

    // Each card: image, date, read time, title, excerpt, Read More.
    const card = cards.first();
    await expect(card.locator('img')).toHaveAttribute('width', /\d+/);
    await expect(card.locator('img')).toHaveAttribute('height', /\d+/);
    await expect(card.locator('img')).toHaveAttribute('loading', 'lazy');
    await expect(card.locator('time')).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
    await expect(card).toContainText('1 min read');
    await expect(card.locator('p').last()).not.toBeEmpty();
    await expect(card.getByRole('link', { name: /^Read More/ })).toHaveAttribute(
      'href',
      `/blog/${posts[1].slug}`,
    );

    const email = page.getByRole('textbox', { name: 'Email address' });
    await expect(email).toHaveAttribute('type', 'email');
    await expect(page.getByRole('button', { name: 'Subscribe' })).toBeVisible();
  });

  test('search: more matches than the drop-down holds lead to the search page, which lists them all', async ({
    page,
  }) => {
    await page.goto(url('/blog'));
    await page.getByRole('searchbox', { name: 'Search articles' }).fill('provisional');
    const results = page.locator('#blog-search-results');
    const all = results.getByRole('link', { name: /^See all \d+ results$/ });
    await expect(all).toBeVisible();
    // Eight results, then the link to the rest.
    await expect(results.getByRole('link')).toHaveCount(9);
    const total = Number(/\d+/.exec((await all.textContent()) ?? '')?.[0]);
    expect(total).toBeGreaterThanOrEqual(33);
    await all.click();
    await expect(page).toHaveURL(url('/blog/search?q=provisional'));
    await expect(page.locator('#blog-search-results').getByRole('link')).toHaveCount(total);
  });

  test('pagination: page 2 holds the rest, with previous and next links; every post is reachable', async ({
    page,
  }) => {
    await page.goto(url('/blog'));
    const seen = new Set(
      await page
        .locator('a', { hasText: 'Read More' })
        .evaluateAll((links) => links.map((a) => a.getAttribute('href'))),
    );
    await expect(page.getByRole('link', { name: 'Previous page' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Next page' }).click();
    await expect(page).toHaveURL(url('/blog/page/2'));
    await expect(page.getByRole('heading', { name: 'Featured Article' })).toHaveCount(0);
    const cards = page.locator('article');
    await expect(cards).toHaveCount(5);
    await expect(cards.getByRole('heading', { level: 3 })).toHaveText(
      posts.slice(30).map((p) => p.title),
    );
    for (const href of await page
      .locator('a', { hasText: 'Read More' })
      .evaluateAll((links) => links.map((a) => a.getAttribute('href'))))
      seen.add(href);
    expect(seen).toEqual(new Set(posts.map((p) => `/blog/${p.slug}`)));
    await expect(page.getByRole('link', { name: 'Next page' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Previous page' }).click();
    await expect(page).toHaveURL(url('/blog'));
    // Past the last page is a page that does not exist, not a missing post: shell.spec.
  });

  test("the picture that leads a list loads at once and first: /blog's featured post, the first card of page 2 and of an author's page", async ({
    page,
  }) => {
    await page.goto(url('/blog'));
    const featured = page
      .getByRole('region', { name: 'Featured Article' })
      .locator('[data-banner]');
    await expect(featured).toHaveAttribute('loading', 'eager');
    await expect(featured).toHaveAttribute('fetchpriority', 'high');
    for (const path of ['/blog/page/2', `/blog/author/${soloAuthor.slug}`]) {
      await page.goto(url(path));
      const pictures = page.locator('article [data-banner]');
      await expect(pictures.first(), path).toHaveAttribute('loading', 'eager');
      await expect(pictures.first(), path).toHaveAttribute('fetchpriority', 'high');
    }
    // The cards after the first wait until they near the viewport.
    await page.goto(url('/blog/page/2'));
    const second = page.locator('article [data-banner]').nth(1);
    await expect(second).toHaveAttribute('loading', 'lazy');
    await expect(second).not.toHaveAttribute('fetchpriority');
  });

  test('/blog/page/2 on every screen size of the device matrix, each in its theme', async ({
    browser,
  }) => {
    test.slow();
    for (const viewport of VIEWPORTS) {
      const theme = matrixTheme(viewport);
      const context = await browser.newContext({
        viewport: { width: viewport.width, height: viewport.height },
        hasTouch: viewport.touch,
        isMobile: viewport.touch,
      });
      const page = await context.newPage();
      await presetTheme(page, theme);
      await checkPage(page, { path: url('/blog/page/2'), status: 200 }, viewport, theme);
      await context.close();
    }
  });

  test('a card link opens its post: author, date, read time, title, image, body, links, JSON-LD', async ({
    page,
  }) => {
    await page.goto(url('/blog'));
    await page
      .locator('article', { has: page.getByRole('heading', { name: posts[0].title }) })
      .getByRole('link', { name: /^Read More/ })
      .click();
    await expect(page).toHaveURL(url(`/blog/${posts[0].slug}`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(posts[0].title);
    // Its byline, "Ledgerwise Team" (it names no author): authors.spec.
    const article = page.locator('article[data-post]');
    await expect(article.locator('time')).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
    await expect(article).toContainText('1 min read');
    await expect(article.locator('img').first()).toBeVisible();
    await expect(article.getByRole('heading', { level: 2, name: 'Hello' })).toBeVisible();
    await expect(article.getByRole('link', { name: 'link' })).toHaveAttribute(
      'rel',
      'noopener noreferrer',
    );
    await expect(page.locator('.article-body')).toContainText('The newest post & its link.');

    await expect(page.getByRole('link', { name: 'Back to Blog' }).first()).toHaveAttribute(
      'href',
      '/blog',
    );
    const tryFree = page.getByRole('link', { name: 'Try Ledgerwise Free' });
    await expect(tryFree).toHaveAttribute('target', '_blank');
    await expect(tryFree).toHaveAttribute('rel', /noopener/);
    expect(new URL((await tryFree.getAttribute('href'))!).protocol).toBe('https:');

    const jsonLd = await page
      .locator('script[type="application/ld+json"]')
      .evaluateAll((scripts) => scripts.map((s) => JSON.parse(s.textContent ?? 'null')));
    const posting = jsonLd.flat().find((item) => item?.['@type'] === 'BlogPosting');
    expect(posting).toMatchObject({
      headline: posts[0].title,
      datePublished: new Date(posts[0].published_at.replace(' ', 'T')).toISOString(),
      dateModified: new Date(posts[0].updated.replace(' ', 'T')).toISOString(),
    });
  });

  // Folded on a phone until tapped open: publishing.spec, on a long seed post.
  test('contents: a post with three sections lists them, and each heading links to itself; a shorter post has none', async ({
    page,
  }) => {
    const expected = [
      ['Hello', '#hello'],
      ['Deadlines', '#deadlines'],
      ['The second period', '#the-second-period'],
      ['What changes', '#what-changes'],
    ];
    // A laptop: the list is open.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(url(`/blog/${posts[0].slug}`));
    const contents = page.getByRole('navigation', { name: 'Contents' });
    const links = contents.getByRole('link');
    await expect(links).toHaveText(expected.map(([text]) => text));
    expect(await links.evaluateAll((all) => all.map((a) => a.getAttribute('href')))).toEqual(
      expected.map(([, href]) => href),
    );
    // Each heading is a link to itself.
    const heading = page.getByRole('heading', { level: 3, name: 'The second period' });
    await expect(heading).toHaveAttribute('id', 'the-second-period');
    await expect(heading.getByRole('link')).toHaveAttribute('href', '#the-second-period');
    await page.goto(url(`/blog/${withBanner.slug}`));
    await expect(page.locator('[data-contents]')).toHaveCount(0);
  });

  test('an author without an avatar: their initial in the byline, their name on the card, their page', async ({
    page,
  }) => {
    await page.goto(url(`/blog/${withBanner.slug}`));
    const byline = page.locator('[data-byline] li');
    await expect(byline).toHaveCount(1);
    await expect(byline).toHaveText(/^\s*Z\s*Zanele Dube\s*Tax Partner\s*$/);
    await expect(byline.locator('img')).toHaveCount(0);
    await byline.getByRole('link', { name: 'Zanele Dube' }).click();
    await expect(page).toHaveURL(url('/blog/author/zanele-dube'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(soloAuthor.name);
    // No bio: the page describes itself.
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      'Articles by Zanele Dube on the Ledgerwise Blog.',
    );
    await expect(page.locator('[data-post-card]')).toHaveCount(1);
    await expect(page.locator('[data-post-card]')).toContainText('Zanele Dube');
  });

  test('an unknown post answers 404 with "Blog Post Not Found"', async ({ page }) => {
    const response = await page.goto(url('/blog/no-such-post-id'));
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Blog Post Not Found');
    await expect(
      page.getByText("The blog post you're looking for doesn't exist or has been removed."),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Back to Blog' }).click();
    await expect(page).toHaveURL(url('/blog'));
  });

  test('a post lives at /blog/<slug>: its id and its earlier slug answer 301 with it, on the local server as in the _redirects Netlify reads', async ({
    page,
    request,
  }) => {
    expect(withBanner.earlier_slugs).toEqual(['post-with-a-banner']);
    const address = '/blog/banner-post';
    expect((await request.get(url(address), { maxRedirects: 0 })).status()).toBe(200);
    for (const old of [
      `/blog/${withBanner.id}`,
      '/blog/post-with-a-banner',
      `/blog/${posts[0].id}`,
    ]) {
      const response = await request.get(url(old), { maxRedirects: 0 });
      expect(response.status(), old).toBe(301);
    }
    const moved = await request.get(url(`/blog/${withBanner.id}`), { maxRedirects: 0 });
    expect(moved.headers().location).toBe(address);
    await page.goto(url('/blog/post-with-a-banner'));
    await expect(page).toHaveURL(url(address));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(withBanner.title);
    // The file Netlify reads, which Netlify's own parser takes without an error.
    const file = path.join(variant!.outDir, '_redirects');
    const { redirects, errors } = await parseAllRedirects({
      redirectsFiles: [file],
      configRedirects: [],
      minimal: false,
    });
    expect(errors).toEqual([]);
    expect(redirects).toHaveLength(posts.length + 1);
    expect(redirects).toContainEqual(
      expect.objectContaining({ from: '/blog/post-with-a-banner', to: address, status: 301 }),
    );
  });

  test("canonical link, share card, JSON-LD and related posts give the post's slug address", async ({
    page,
  }) => {
    await page.goto(url(`/blog/${posts[1].slug}`));
    const canonical = (await page.locator('link[rel="canonical"]').getAttribute('href'))!;
    expect(new URL(canonical).pathname).toBe(`/blog/${posts[1].slug}`);
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', canonical);
    const jsonLd = await page
      .locator('script[type="application/ld+json"]')
      .evaluateAll((scripts) => scripts.map((s) => JSON.parse(s.textContent ?? 'null')));
    const posting = jsonLd.flat().find((item) => item?.['@type'] === 'BlogPosting');
    expect(JSON.stringify(posting)).toContain(canonical);
    expect(JSON.stringify(posting)).not.toContain(`/blog/${posts[1].id}`);
    const related = await page
      .locator('[data-related] a', { hasText: 'Read More' })
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(related.length).toBe(3);
    const addresses = posts.map((post) => `/blog/${post.slug}`);
    for (const href of related) expect(addresses).toContain(href);
  });

  test('images: optimised banners, the placeholder for a missing or lost banner', async ({
    page,
  }) => {
    await page.goto(url(`/blog/${withBanner.slug}`));
    const banner = page.locator('article[data-post] img').first();
    await expect(banner).toHaveAttribute('data-banner', 'pocketbase');
    await expect(banner).toHaveAttribute('src', /^\/_astro\/.+\.webp$/);
    await expect(banner).toHaveAttribute('srcset', /400w.*800w/);
    await expect(banner).toHaveAttribute('alt', 'An orange rectangle');
    await expect(banner).not.toHaveJSProperty('naturalWidth', 0);

    // The lost banner (deleted on the server) and a post without one both show the placeholder.
    for (const slug of [brokenBanner.slug, posts.find((p) => !p.banner_image)!.slug]) {
      await page.goto(url(`/blog/${slug}`));
      const image = page.locator('article[data-post] img').first();
      await expect(image).toHaveAttribute('data-banner', 'placeholder');
      await expect(image).toHaveAttribute('src', /^\/_astro\/blog-placeholder.+\.webp$/);
      await expect(image).not.toHaveJSProperty('naturalWidth', 0);
    }
  });

  test('testimonials: every quote in the HTML, avatars optimised, gradient initials as fallback', async ({
    page,
    request,
  }) => {
    const html = await (await request.get(url('/'))).text();
    for (const record of testimonials) expect(html).toContain(record.quote);

    await page.goto(url('/'));
    const carousel = page.locator('[aria-roledescription="carousel"]');
    const slides = carousel.locator('[aria-roledescription="slide"]');
    await expect(slides).toHaveCount(3);
    await expect(slides.nth(2).locator('img')).toHaveAttribute('src', /^\/_astro\/.+\.webp$/);
    await expect(slides.nth(1).locator('[data-avatar-fallback]')).toHaveText('S');
    await expect(slides.nth(0).locator('[data-avatar-fallback]')).toHaveText('?');
  });

  test('no built page refers to PocketBase, and no page requests anything from it', async ({
    page,
  }) => {
    const host = new URL(variant!.pocketbase.url).host;
    for (const file of await listFiles(variant!.outDir)) {
      if (!/\.(html|xml|js|css|json|txt)$/.test(file)) continue;
      expect(await readFile(file, 'utf8'), file).not.toContain(host);
    }
    const requests = recordRequests(page);
    for (const pathname of [
      '/',
      '/blog',
      '/blog/page/2',
      `/blog/${withBanner.slug}`,
      `/blog/${posts[0].slug}`,
    ]) {
      await page.goto(url(pathname));
      await scrollThrough(page);
    }
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.filter((r) => new URL(r).host === host)).toEqual([]);
  });

  // One test per page and theme, as for every other page (quality.spec.ts); the post, with its
  // contents, also on a phone, where they fold.
  const axePages = {
    list: { path: () => '/blog', width: 1280 },
    'page 2': { path: () => '/blog/page/2', width: 1280 },
    post: { path: () => `/blog/${posts[0].slug}`, width: 1280 },
    'post on a phone': { path: () => `/blog/${posts[0].slug}`, width: 390 },
    'unknown post': { path: () => '/blog/unknown-id', width: 1280 },
  };
  for (const theme of ['dark', 'light'] as const) {
    for (const [name, { path: pathname, width }] of Object.entries(axePages)) {
      test(`axe (WCAG A/AA): the ${name} in the ${theme} theme`, async ({ page }) => {
        await presetTheme(page, theme);
        await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
        await page.goto(url(pathname()));
        await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /dark/ : /^(?!.*dark)/);
        await expectNoAxeViolations(page);
      });
    }
  }

  test('RSS and sitemap list every post, dated by published_at and updated', async ({
    request,
  }) => {
    const rss = await (await request.get(url('/rss.xml'))).text();
    expect(rss.match(/<item>/g)).toHaveLength(35);
    for (const post of posts) {
      const item = new RegExp(`<link>[^<]*/blog/${post.slug}</link>.*?<pubDate>([^<]+)</pubDate>`);
      const pubDate = item.exec(rss)?.[1];
      expect(pubDate, post.id).toBe(new Date(post.published_at.replace(' ', 'T')).toUTCString());
    }
    const sitemap = await (await request.get(url('/sitemap-0.xml'))).text();
    for (const post of posts) {
      const entry = new RegExp(`/blog/${post.slug}</loc><lastmod>([^<]+)</lastmod>`).exec(sitemap);
      expect(entry?.[1], post.id).toBe(new Date(post.updated.replace(' ', 'T')).toISOString());
    }
    expect(sitemap).toContain('/blog/page/2</loc>');
  });

  test('drafts and scheduled posts are nowhere: no page, not in the list, pagination, RSS, sitemap or JSON-LD, not through an author or a topic', async ({
    page,
  }) => {
    for (const path of [
      ...hidden.flatMap((post) => [`/blog/${post.slug}`, `/blog/${post.id}`]),
      '/blog/author/hidden-draft-author',
      '/blog/topic/hidden-topic',
    ]) {
      expect((await page.goto(url(path)))?.status(), path).toBe(404);
    }
    // Every built file: pages (with their JSON-LD), list pages, RSS, sitemaps, redirects.
    const files = (await listFiles(variant!.outDir)).filter((f) =>
      /(\.(html|xml|json|txt)|\/_redirects)$/.test(f),
    );
    expect(files.some((f) => f.endsWith('_redirects'))).toBe(true);
    expect(files.some((f) => f.endsWith('rss.xml'))).toBe(true);
    expect(files.some((f) => f.endsWith(path.join('blog', 'page', '2.html')))).toBe(true);
    for (const file of files) {
      const text = await readFile(file, 'utf8');
      for (const post of hidden) {
        expect(text, file).not.toContain(post.id);
        expect(text, file).not.toContain(post.slug);
        expect(text, file).not.toContain(post.title);
      }
      // Nor through the author or the topic only the draft has.
      for (const word of ['Hidden Draft Author', 'hidden-draft-author', 'Hidden Draft Topic'])
        expect(text, file).not.toContain(word);
      expect(text, file).not.toContain('Hidden unapproved quote.');
    }
  });
});

test.describe('blog with an empty PocketBase (the variant site)', () => {
  test('/blog says "No Blogs Yet" and Home shows the three sample testimonials', async ({
    page,
  }) => {
    await page.goto(`${variantSite().url}/blog`);
    await expect(page.getByRole('heading', { name: 'No Blogs Yet' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Featured Article' })).toHaveCount(0);
    await expect(page.locator('article')).toHaveCount(0);

    await page.goto(`${variantSite().url}/`);
    const slides = page.locator('[aria-roledescription="slide"]');
    await expect(slides).toHaveCount(3);
    for (const [index, sample] of SAMPLE_TESTIMONIALS.entries()) {
      await expect(slides.nth(index)).toContainText(sample.quote);
      await expect(slides.nth(index)).toContainText(sample.author);
    }
  });
});
