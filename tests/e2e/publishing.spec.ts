/**
 * The editorial workflow end to end, on real builds against real PocketBase servers, in Chromium:
 * pictures in a post's body are served by the site itself without layout shift; pictures from
 * another host are downloaded at build time (and unusable ones dropped with a warning); drafts
 * and scheduled posts never reach a production build, even one that has the preview's login; a
 * draft preview shows them with their badges, and nothing of it is indexable.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { RecordModel } from 'pocketbase';
import { bodyEditor, logInToAdminUi, openCollection, openRecord } from '../support/adminUi';
import { expectNoAxeViolations, recordRequests, scrollThrough, THEME_KEY } from '../support/e2e';
import { listFiles } from '../support/files';
import { pngBlob, pngBuffer, startPictureHost } from '../support/pictures';
import { SAVE_CHECKS, startTestPocketBase, type TestPocketBase } from '../support/pocketbase';
import { runBuild, serveSite, type ServedSite } from '../support/site';
import { seedClient } from '../support/sharedSites';
import { findContentWarnings } from '../../src/integrations/contentWarnings.ts';
import { getFreePort, startPocketBase } from '../../tools/local/pocketbase/serverProcess.ts';
import { superuserClient } from '../../tools/local/pocketbase/superuser.ts';

const BUILD_TIMEOUT = 420_000;

/**
 * Loads a page on a phone-sized screen, scrolls to the end a screen at a time (so every lazy
 * picture loads while in view) and returns its cumulative layout shift.
 */
async function measureCls(page: Page, url: string): Promise<number> {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number };
    w.__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[]) {
        if (!entry.hadRecentInput) w.__cls += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(url);
  await scrollThrough(page);
  // Every picture of the body has loaded.
  for (const picture of await page.locator('.article-body img').all())
    await expect(picture).not.toHaveJSProperty('naturalWidth', 0);
  return page.evaluate(() => (window as unknown as { __cls: number }).__cls);
}

/** The seed's posts, from the PocketBase the shared site was built from. */
async function seedRecords(): Promise<RecordModel[]> {
  return seedClient().collection('blogs').getFullList();
}

/** Published and due: on the production site. */
const isLive = (record: RecordModel) =>
  record.published && Date.parse(record.published_at.replace(' ', 'T')) <= Date.now();

test.describe('the seed site (the production build all specs share)', () => {
  test('a post with a picture in its body: served by the site with width, height, srcset and alt; CLS 0; no other host; the alignment the editor set; its banner is its share card', async ({
    page,
    baseURL,
  }) => {
    const post = (await seedRecords()).find((record) => record.content.includes('<img'))!;
    const requests = recordRequests(page);
    const cls = await measureCls(page, `/blog/${post.slug}`);
    expect(cls).toBe(0);

    const picture = page.locator('.article-body figure img');
    await expect(picture).toHaveAttribute('src', /^\/_astro\/[^/]+\.webp$/);
    await expect(picture).toHaveAttribute('srcset', /400w.*800w/);
    await expect(picture).toHaveAttribute('width', '800');
    await expect(picture).toHaveAttribute('height', /^\d+$/);
    await expect(picture).toHaveAttribute('loading', 'lazy');
    await expect(picture).toHaveAttribute('alt', /August and February/);
    // The closing note the editor centred is centred, by the site's class, with no style.
    const note = page.locator('.article-body p', { hasText: 'not tax advice' });
    await expect(note).toHaveClass('align-center');
    await expect(note).toHaveCSS('text-align', 'center');
    await expect(page.locator('.article-body [style]')).toHaveCount(0);
    // The banner carries the editor's alt text, and shares it with the post's card.
    const banner = page.locator('article[data-post] img[data-banner="pocketbase"]');
    await expect(banner).toHaveAttribute('alt', /.{10,}/);
    const bannerAlt = await banner.getAttribute('alt');
    for (const meta of ['meta[property="og:image:alt"]', 'meta[name="twitter:image:alt"]'])
      await expect(page.locator(meta)).toHaveAttribute('content', bannerAlt!);
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
      'content',
      /\/_astro\/[^/]+\.webp$/,
    );

    const origin = new URL(baseURL!).origin;
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.filter((url) => new URL(url).origin !== origin)).toEqual([]);
  });

  test('a post without a banner shares its own card: a 1200×630 picture of its title, named in both tags', async ({
    page,
    request,
  }) => {
    const post = (await seedRecords()).find((record) => isLive(record) && !record.banner_image)!;
    await page.goto(`/blog/${post.slug}`);
    const image = await page.locator('meta[property="og:image"]').getAttribute('content');
    expect(new URL(image!).pathname).toBe(`/og/${post.id}.png`);
    await expect(page.locator('meta[name="twitter:image"]')).toHaveAttribute('content', image!);
    for (const meta of ['meta[property="og:image:alt"]', 'meta[name="twitter:image:alt"]'])
      await expect(page.locator(meta)).toHaveAttribute(
        'content',
        `${post.title} (Ledgerwise Blog)`,
      );
    const response = await request.get(`/og/${post.id}.png`);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('image/png');
    const { default: sharp } = await import('sharp');
    const { width, height, format } = await sharp(await response.body()).metadata();
    expect({ width, height, format }).toEqual({ width: 1200, height: 630, format: 'png' });
    // A post with a banner has no card: it shares its banner.
    const withBanner = (await seedRecords()).find(
      (record) => isLive(record) && record.banner_image,
    )!;
    expect((await request.get(`/og/${withBanner.id}.png`)).status()).toBe(404);
  });

  // The list holds the live posts only (the rest of this test); that the seed's draft and scheduled
  // post are not built, quality.spec's sitemap test counts.
  test('the blog leads with the post the editor featured, not the newest; a featured post that is not live yet is not featured', async ({
    page,
  }) => {
    const records = await seedRecords();
    const live = records
      .filter(isLive)
      .sort((a, b) => b.published_at.localeCompare(a.published_at));
    const chosen = live.find((record) => record.featured)!;
    expect(chosen).toBeDefined();
    expect(chosen.id).not.toBe(live[0].id);
    // The seed's scheduled post is featured too, and newer: it must wait until it is live.
    const waiting = records.filter((record) => record.featured && !isLive(record));
    expect(waiting.map((record) => record.published)).toEqual([true]);
    await page.goto('/blog');
    const featured = page.getByRole('region', { name: 'Featured Article' });
    await expect(featured.getByRole('heading', { level: 3 })).toHaveText(chosen.title);
    // The rest, newest first, without the featured post.
    const recent = page.getByRole('region', { name: 'Recent Articles' });
    await expect(recent.getByRole('heading', { level: 3 })).toHaveText(
      live.filter((record) => record !== chosen).map((record) => record.title),
    );
  });
});

test.describe('a long seed post, read on a phone with a finger', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('its contents open with a tap, and a tapped section lands just below the header; a heading links to itself', async ({
    page,
  }, testInfo) => {
    const post = (await seedRecords()).find((record) => record.title.startsWith('POPIA'))!;
    await page.goto(`/blog/${post.slug}`);
    await page.mouse.wheel(0, 300);
    const contents = page.getByRole('navigation', { name: 'Contents' });
    await contents.locator('summary').tap();
    const links = contents.getByRole('link');
    expect(await links.count()).toBeGreaterThanOrEqual(6);
    await testInfo.attach('contents at 390 px', {
      body: await page.screenshot(),
      contentType: 'image/png',
    });
    const fifth = links.nth(4);
    const href = (await fifth.getAttribute('href'))!;
    await fifth.tap();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    const heading = page.locator(href);
    const headerBottom = await page
      .locator('#site-header')
      .evaluate((header) => header.getBoundingClientRect().bottom);
    // Just below the fixed header once the smooth scroll ends: not under it, not far below.
    const top = () => heading.evaluate((h) => h.getBoundingClientRect().top);
    await expect.poll(top).toBeLessThan(headerBottom + 48);
    expect(await top()).toBeGreaterThanOrEqual(headerBottom);
    await expect(heading.getByRole('link')).toHaveAttribute('href', href);
  });
});

test.describe('a post with pictures from another host: production and preview builds', () => {
  test.describe.configure({ mode: 'serial' });

  let pocketbase: TestPocketBase;
  let host: Awaited<ReturnType<typeof startPictureHost>>;
  let production: { outDir: string; output: string; site: ServedSite };
  let preview: { outDir: string; site: ServedSite };
  /** Every build folder made, served or not, for afterAll to remove. */
  const outDirs: string[] = [];
  let post: RecordModel;
  let unreachable: string;
  let draft: RecordModel;
  let scheduled: RecordModel;

  test.beforeAll(async () => {
    test.setTimeout(BUILD_TIMEOUT);
    // Its post carries what the site leaves out, as one saved before the publish check existed.
    pocketbase = await startTestPocketBase({ seed: true, withoutHooks: SAVE_CHECKS });
    host = await startPictureHost({
      '/team-photo.png': {
        type: 'image/png',
        body: await pngBuffer(900, 600, { r: 30, g: 140, b: 90 }),
      },
    });
    const pb = await pocketbase.superuserClient();
    unreachable = `http://127.0.0.1:${await getFreePort()}/gone.png`;
    post = await pb.collection('blogs').create({
      title: 'Our team at the tax indaba',
      content:
        `<p>Opening words.</p><p><img src="${host.url}/team-photo.png" alt="The team on stage"></p>` +
        `<p>Middle.</p><p><img src="${unreachable}" alt="Lost"></p><p>Closing words.</p>` +
        // What the site does not show: an embedded video, a text colour.
        '<iframe src="https://www.youtube.com/embed/abc"></iframe>' +
        '<p><span style="color: #e03e2d">Red words.</span></p>',
      published: true,
    });
    await pb.collection('testimonials').create({ quote: 'Unapproved testimonial.', author: 'Z' });
    const records = await pb.collection('blogs').getFullList();
    draft = records.find((record) => !record.published)!;
    scheduled = records.find(
      (record) =>
        record.published && Date.parse(record.published_at.replace(' ', 'T')) > Date.now(),
    )!;

    const reader = {
      POCKETBASE_PREVIEW_EMAIL: pocketbase.previewReader.email,
      POCKETBASE_PREVIEW_PASSWORD: pocketbase.previewReader.password,
    };
    // "Another host" and the unreachable one are on 127.0.0.1, which the build refuses unless
    // listed, as a self-hoster lists an intranet host.
    const pictureHosts = `${host.url},${new URL(unreachable).origin}`;
    // The preview's login is in both environments: without PREVIEW_DRAFTS=1 it must change nothing.
    // Both builds at once: each has its own output and cache folders.
    const [built, previewBuild] = await Promise.all([
      runBuild({
        pocketbaseUrl: pocketbase.url,
        env: { ...reader, CONTENT_IMAGE_ALLOWED_ORIGINS: pictureHosts, PREVIEW_DRAFTS: undefined },
      }),
      runBuild({
        pocketbaseUrl: pocketbase.url,
        env: { ...reader, CONTENT_IMAGE_ALLOWED_ORIGINS: pictureHosts, PREVIEW_DRAFTS: '1' },
      }),
    ]);
    outDirs.push(built.outDir, previewBuild.outDir);
    if (built.code !== 0) throw new Error(`production build failed:\n${built.output}`);
    if (previewBuild.code !== 0) throw new Error(`preview build failed:\n${previewBuild.output}`);
    production = { ...built, site: await serveSite(built.outDir) };
    preview = { outDir: previewBuild.outDir, site: await serveSite(previewBuild.outDir) };
  });

  test.afterAll(async () => {
    await production?.site.close();
    await preview?.site.close();
    for (const outDir of outDirs) await rm(path.dirname(outDir), { recursive: true, force: true });
    await host?.close();
    await pocketbase?.stop();
  });

  test('the other host is asked once at build time; the picture is served by the site; the unreachable one is dropped with a warning', async ({
    page,
  }) => {
    // One download per build: production and preview (each its own cache).
    expect(host.requests.length).toBe(2);
    const where = `Post "Our team at the tax indaba" (${post.id})`;
    expect(production.output).toContain(
      `${where}: picture removed from the body: ${unreachable}: unreachable`,
    );
    // The build ends with a summary of everything it left out, post by post, for the editors.
    const summary = findContentWarnings(production.output);
    expect(summary).toBe(
      [
        'Content warnings for the editors (2):',
        `  - ${where}: not shown: an embedded video, page or file: paste its link as a link instead; a text colour, background or font (the site keeps its own)`,
        `  - ${where}: picture removed from the body: ${unreachable}: unreachable (ECONNREFUSED)`,
      ].join('\n'),
    );
    // At the end of the output: at most Astro's closing lines follow it.
    const after = production.output.slice(production.output.indexOf(summary!) + summary!.length);
    expect(after.split('\n').filter((line) => line.trim()).length, after).toBeLessThanOrEqual(4);

    const requests = recordRequests(page);
    const cls = await measureCls(page, `${production.site.url}/blog/${post.slug}`);
    expect(cls).toBe(0);
    const pictures = page.locator('.article-body img');
    await expect(pictures).toHaveCount(1);
    await expect(pictures).toHaveAttribute('alt', 'The team on stage');
    await expect(pictures).toHaveAttribute('src', /^\/_astro\/[^/]+\.webp$/);
    await expect(pictures).toHaveAttribute('width', '800');
    await expect(pictures).toHaveAttribute('height', '533');
    await expect(page.locator('.article-body')).toContainText('Closing words.');

    const origin = new URL(production.site.url).origin;
    expect(requests.filter((url) => new URL(url).origin !== origin)).toEqual([]);
    expect(host.requests.length).toBe(2);
    // Nor does any page name the other host, PocketBase, or the CSP allow other image origins.
    const html = await readFile(path.join(production.outDir, 'blog', `${post.slug}.html`), 'utf8');
    expect(html).not.toContain(host.url);
    expect(html).not.toContain(new URL(pocketbase.url).host);
    expect(html).toMatch(/img-src 'self';/);
  });

  test("a production build with the preview's login still has no draft, scheduled post or unapproved testimonial", async () => {
    const files = (await listFiles(production.outDir)).filter((f) =>
      /\.(html|xml|json|txt)$/.test(f),
    );
    for (const file of files) {
      const text = await readFile(file, 'utf8');
      for (const record of [draft, scheduled]) {
        expect(text, file).not.toContain(record.id);
        expect(text, file).not.toContain(record.title);
      }
      expect(text, file).not.toContain('Unapproved testimonial.');
      expect(text, file).not.toContain('data-post-status');
    }
  });

  test('the preview build shows the draft and the scheduled post with their badges, and every page is noindex', async ({
    page,
  }) => {
    await page.goto(`${preview.site.url}/blog/${draft.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(draft.title);
    await expect(page.locator('article[data-post] [data-post-status="draft"]')).toHaveText('Draft');

    await page.goto(`${preview.site.url}/blog/${scheduled.slug}`);
    const badge = (await page
      .locator('article[data-post] [data-post-status="scheduled"]')
      .textContent())!;
    expect(badge.trim()).toMatch(/^Scheduled for [A-Z][a-z]+ \d{1,2}, \d{4}, \d{2}:\d{2} UTC$/);

    await page.goto(`${preview.site.url}/blog`);
    await expect(page.locator('[data-post-status="draft"]')).toHaveCount(1);
    await expect(page.locator('[data-post-status="scheduled"]')).toHaveCount(1);
    await page.goto(`${preview.site.url}/`);
    await expect(page.getByText('Unapproved testimonial.')).toBeAttached();

    // Its search holds the live posts only: a draft or scheduled post is never found by its title.
    await page.goto(`${preview.site.url}/blog`);
    const box = page.getByRole('searchbox', { name: 'Search articles' });
    const results = page.locator('#blog-search-results');
    await box.fill('indaba');
    await expect(results.locator(`a[href="/blog/${post.slug}"]`)).toHaveCount(1);
    for (const hidden of [draft, scheduled]) {
      await box.fill(hidden.title);
      await expect(page.locator('#blog-search-announce')).toContainText(hidden.title);
      await expect(results.locator(`a[href="/blog/${hidden.slug}"]`)).toHaveCount(0);
    }

    // The badges pass axe in both themes.
    for (const theme of ['dark', 'light'] as const) {
      await page.evaluate(([key, value]) => localStorage.setItem(key, value), [THEME_KEY, theme]);
      for (const pathname of ['/blog', `/blog/${draft.slug}`]) {
        await page.goto(`${preview.site.url}${pathname}`);
        await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /dark/ : /^(?!.*dark)/);
        await expectNoAxeViolations(page);
      }
    }

    const pages = (await listFiles(preview.outDir)).filter((f) => f.endsWith('.html'));
    expect(pages.length).toBeGreaterThan(10);
    for (const file of pages) {
      expect(await readFile(file, 'utf8'), file).toMatch(/<meta name="robots" content="noindex">/);
    }
  });
});

/** A stand-in for the site's build hook: every request it receives, with its JSON body's ids. */
async function startBuildHook() {
  const requests: unknown[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      const { collection, action, record_id } = body ? JSON.parse(body) : {};
      requests.push({ method: request.method, collection, action, record_id });
      response.writeHead(200).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/build_hooks/ledgerwise`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

test.describe("PocketBase's admin UI, as an editor uses it", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('an editor at localhost pastes a screenshot and picks a picture; PocketBase moves to 127.0.0.1 on another port; the rebuilt site shows both', async ({
    page,
  }) => {
    test.setTimeout(BUILD_TIMEOUT);
    const dataDir = await mkdtemp(path.join(tmpdir(), 'lw-pb-moved-'));
    const superuser = { email: 'editor@test.local', password: 'editor-password-for-this-test' };
    let server = await startPocketBase({ dataDir, superuser });
    let outDir: string | undefined;
    try {
      const pb = await superuserClient(server.url, superuser);
      // The picture the editor uploaded to the post's pictures field earlier.
      const form = new FormData();
      form.set('title', 'Quarter-end checklist with pictures');
      form.set('content', '<p>First paragraph.</p>');
      form.set('pictures', await pngBlob(640, 360), 'chart.png');
      const draft = await pb.collection('blogs').create(form);
      const [chart] = draft.pictures as string[];

      // The admin UI, opened at localhost (the picker stores the address the browser used).
      const origin = `http://localhost:${server.port}`;
      await logInToAdminUi(page, origin, superuser);
      await openCollection(page, 'blogs');
      await openRecord(page, draft.title);
      const editor = bodyEditor(page);
      await editor.getByText('First paragraph.').click();
      await page.keyboard.press('End');
      await page.keyboard.press('Enter');
      // A screenshot pasted from the clipboard.
      const screenshot = (await pngBuffer(320, 200)).toString('base64');
      await editor.locator('body').evaluate((body, base64) => {
        const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
        const data = new DataTransfer();
        data.items.add(new File([bytes], 'screenshot.png', { type: 'image/png' }));
        body.dispatchEvent(
          new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
        );
      }, screenshot);
      await expect(editor.locator('img')).toHaveCount(1);
      await page.keyboard.press('End');
      await page.keyboard.press('Enter');
      // The post's own picture, through the toolbar's media menu and its file picker, which
      // opens on the posts (adminUi.spec.ts). PocketBase's modals have no dialog role, so the
      // picker is known by its class.
      await page.getByRole('button', { name: 'Insert media' }).click();
      await page.getByRole('menuitem', { name: 'Media from collection' }).click();
      const picker = page.locator('.record-file-picker-modal');
      await picker.getByRole('img', { name: chart, exact: true }).click();
      await picker.getByRole('button', { name: 'Insert', exact: true }).click();
      await expect(editor.locator('img')).toHaveCount(2);
      await page.keyboard.press('End');
      await page.keyboard.press('Enter');
      await page.keyboard.type('Closing note.');
      await page.getByRole('checkbox', { name: 'published', exact: true }).check();
      const sent = page.waitForRequest(
        (request) => request.method() === 'PATCH' && request.url().includes(`/${draft.id}`),
      );
      await page.getByRole('button', { name: 'Save changes' }).click();
      // The UI sends the pasted picture inside the body, as a data: URL…
      expect((await sent).postData()).toContain('data:image/png;base64,');
      await expect(page.getByText(`Successfully updated blogs "${draft.id}".`)).toBeVisible();
      const saved = await pb.collection('blogs').getOne(draft.id);
      expect(saved.published).toBe(true);
      // …and PocketBase stores it as a file of the post, the body pointing at it by path.
      expect(saved.content).not.toContain('data:');
      const files = `/api/files/${saved.collectionId}/${saved.id}`;
      const pasted = (saved.pictures as string[]).filter((name) => name !== chart);
      expect(pasted).toHaveLength(1);
      expect(saved.content).toContain(`src="${files}/${pasted[0]}"`);
      // The picker inserts the file's address as this browser reached PocketBase.
      expect(saved.content).toContain(`src="${origin}/_/..${files}/${chart}"`);

      // Another day, PocketBase answers at another address and port.
      await server.stop();
      let port = await getFreePort();
      while (port === Number(new URL(origin).port)) port = await getFreePort();
      server = await startPocketBase({ dataDir, port, superuser });
      const build = await runBuild({ pocketbaseUrl: server.url });
      outDir = build.outDir;
      expect(build.code, build.output).toBe(0);
      // Nothing was left out: the build's only word for the editors names the two pictures,
      // inserted without alt text.
      expect(findContentWarnings(build.output)).toBe(
        [
          'Content warnings for the editors (1):',
          `  - Post "${draft.title}" (${draft.id}): no alt text, so screen readers skip it: ${pasted[0]}, ${chart}`,
        ].join('\n'),
      );
      const site = await serveSite(build.outDir);
      try {
        await page.goto(`${site.url}/blog/${draft.slug}`);
        const pictures = page.locator('.article-body img');
        await expect(pictures).toHaveCount(2);
        for (const picture of await pictures.all()) {
          await expect(picture).toHaveAttribute('src', /^\/_astro\/[^/]+\.webp$/);
          await expect(picture).toHaveAttribute('width', /^\d+$/);
          await expect(picture).toHaveAttribute('height', /^\d+$/);
          await picture.scrollIntoViewIfNeeded();
          await expect(picture).not.toHaveJSProperty('naturalWidth', 0);
        }
      } finally {
        await site.close();
      }
    } finally {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
      if (outDir) await rm(path.dirname(outDir), { recursive: true, force: true });
    }
  });

  for (const { screen, viewport, foldedSidebar } of [
    { screen: 'a phone', viewport: { width: 390, height: 844 }, foldedSidebar: true },
    { screen: 'a desktop', viewport: { width: 1280, height: 900 }, foldedSidebar: false },
  ]) {
    test(`on ${screen}, an editor publishes, edits and unpublishes a post; each save sends the build hook one POST naming what changed`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      const hook = await startBuildHook();
      const pocketbase = await startTestPocketBase({
        env: { SITE_REBUILD_HOOK_URL: hook.url, SITE_REBUILD_MIN_INTERVAL_SECONDS: '0' },
      });
      try {
        const pb = await pocketbase.superuserClient();
        const draft = await pb.collection('blogs').create({
          title: 'Filing season opens',
          content: '<p>The dates and the documents.</p>',
        });
        // PocketBase calls the hook before it answers a save: a draft's creation called nothing.
        expect(hook.requests).toEqual([]);
        const posted = (...actions: string[]) =>
          actions.map((action) => ({
            method: 'POST',
            collection: 'blogs',
            action,
            record_id: draft.id,
          }));
        const panel = page.getByRole('heading', { name: 'Edit blogs record' });
        const published = page.getByRole('checkbox', { name: 'published', exact: true });
        await logInToAdminUi(page, pocketbase.url, pocketbase.superuser);
        await openCollection(page, 'blogs', { foldedSidebar });

        await openRecord(page, draft.title);
        await published.check();
        await page.getByRole('button', { name: 'Save changes' }).click();
        // "Save changes" closes the post once PocketBase has stored it.
        await expect(panel).toBeHidden();
        await expect.poll(() => hook.requests).toEqual(posted('published'));

        await openRecord(page, draft.title);
        await page.getByRole('textbox', { name: /^title\b/ }).fill('Filing season opens on 1 July');
        await page.getByRole('button', { name: 'Save changes' }).click();
        await expect(panel).toBeHidden();
        await expect.poll(() => hook.requests).toEqual(posted('published', 'updated'));

        await openRecord(page, 'Filing season opens on 1 July');
        await published.uncheck();
        await page.getByRole('button', { name: 'Save changes' }).click();
        await expect(panel).toBeHidden();
        await expect
          .poll(() => hook.requests)
          .toEqual(posted('published', 'updated', 'unpublished'));
        expect(await pb.collection('blogs').getOne(draft.id)).toMatchObject({
          title: 'Filing season opens on 1 July',
          published: false,
        });
      } finally {
        await pocketbase.stop();
        await hook.close();
      }
    });
  }
});
