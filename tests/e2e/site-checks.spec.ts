/**
 * Site-wide checks on the built site (E2E_DIST_DIR, served at E2E_BASE_URL by the global setup):
 * valid HTML, no broken internal link, the head tags search engines and social cards read, the
 * sitemap, robots.txt, the default social image and JSON-LD. Each test walks every page and
 * lists every failure, so one run names them all.
 *
 * .htmlvalidate.json extends html-validate:recommended and relaxes only what Astro's output needs
 * (a JSON file cannot say why, so it is said here):
 * - `style` counts as flow content: Astro inserts `<style>astro-island,…{display:contents}</style>`
 *   right before the first island, wherever that sits in <body>.
 * - no-inline-style also allows `color-scheme`: the no-flash theme sets it on <html> before any
 *   stylesheet loads (`display` is the rule's default).
 * - attr-case accepts camelCase, and void-style, attribute-boolean-style and
 *   attribute-empty-style are off: React's server renderer, which Astro uses for islands, writes
 *   `srcSet`, `autoComplete`, `noValidate`, `<input/>`, `required=""` and `hidden=""`. All are
 *   valid HTML (attribute names are case-insensitive); only the style differs from Astro's own.
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { HtmlValidate, type ConfigData } from 'html-validate';
import { LinkChecker } from 'linkinator';
import { distDir, listBuiltPages, pngSize, readSitemap } from '../support/built-site';
import { ROUTES } from '../support/e2e';

const PROJECT_ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** The Nu Html Checker, as the npm package vnu-jar ships it. */
const VNU_JAR = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');
/** URLs that answer 404 on purpose: an unknown page, an unknown post, a list page past the end. */
const INTENDED_NOT_FOUND = ['/no-such-page', '/blog/no-such-post', '/blog/page/99'];
const REQUIRED_OG = ['og:title', 'og:description', 'og:type', 'og:url', 'og:image'] as const;
const JSON_LD = /<script\b[^>]*\btype="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g;

function baseUrl(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url)
    throw new Error('E2E_BASE_URL is not set: run these checks through `npx playwright test`.');
  return url;
}

/** The site path of an absolute URL on the site's own origin ("/" stays "/", no trailing slash). */
function sitePath(url: string): string {
  const { pathname } = new URL(url);
  return pathname === '/' ? '/' : pathname.replace(/\/+$/, '');
}

function duplicates(values: Map<string, string[]>): string[] {
  return [...values]
    .filter(([, routes]) => routes.length > 1)
    .map(([value, routes]) => `"${value}" on ${routes.join(', ')}`);
}

test.describe('site-wide checks on the built site', () => {
  test('every page validates with html-validate (no errors)', async () => {
    const config = JSON.parse(
      await readFile(path.join(PROJECT_ROOT, '.htmlvalidate.json'), 'utf8'),
    ) as ConfigData;
    const validator = new HtmlValidate(config);
    const pages = await listBuiltPages();
    expect(pages.length).toBeGreaterThanOrEqual(ROUTES.length);
    const errors: string[] = [];
    for (const page of pages) {
      const report = await validator.validateFile(path.join(distDir(), page.file));
      for (const result of report.results) {
        for (const message of result.messages) {
          if (message.severity === 2) {
            errors.push(
              `${page.file}:${message.line}:${message.column} ${message.ruleId}: ${message.message}`,
            );
          }
        }
      }
    }
    expect(errors).toEqual([]);
  });

  test('every page is valid HTML by the W3C Nu Html Checker (vnu), beside html-validate', async () => {
    test.setTimeout(180_000);
    const pages = await listBuiltPages();
    const files = pages.map((page) => path.join(distDir(), page.file));
    let output: string;
    try {
      // Exit status 1 means "errors found": the JSON report is on stderr either way.
      const result = await promisify(execFile)(
        'java',
        ['-jar', VNU_JAR, '--errors-only', '--format', 'json', ...files],
        { maxBuffer: 64 * 1024 * 1024 },
      );
      output = result.stderr;
    } catch (error) {
      const failure = error as NodeJS.ErrnoException & { stderr?: string };
      if (failure.code === 'ENOENT') {
        throw new Error(
          'The Nu Html Checker needs Java 11 or later: sudo apt-get install -y default-jre-headless',
        );
      }
      if (!failure.stderr?.trim().startsWith('{')) throw error;
      output = failure.stderr;
    }
    const report = JSON.parse(output) as {
      messages: { type: string; url?: string; lastLine?: number; message: string }[];
    };
    const errors = report.messages
      .filter((message) => message.type === 'error' || message.type === 'non-document-error')
      .map(
        (message) =>
          `${path.relative(distDir(), fileURLToPath(message.url ?? 'file:///'))}:${message.lastLine ?? 0} ${message.message}`,
      );
    expect(errors).toEqual([]);
  });

  test('a crawl of every internal link finds no 404 but the intended ones (linkinator, offline)', async () => {
    test.setTimeout(180_000);
    const base = baseUrl();
    const origin = new URL(base).origin;
    // Links to the site's own domain (its production origin) are internal too: they are checked
    // against this build rather than skipped as another host.
    const { origin: siteOrigin } = await readSitemap();
    const pages = await listBuiltPages();
    const checker = new LinkChecker();
    const result = await checker.check({
      path: [...pages.map((page) => page.route), ...INTENDED_NOT_FOUND].map(
        (route) => new URL(route, base).href,
      ),
      urlRewriteExpressions: [
        {
          pattern: new RegExp(`^${siteOrigin.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?=/|$)`),
          replacement: origin,
        },
      ],
      recurse: true,
      // Pages answer at clean URLs (/about is about.html): resolve their relative links so.
      cleanUrls: true,
      concurrency: 8,
      timeout: 15_000,
      checkCss: true,
      checkFragments: true,
      // Offline: only the served site is checked; other hosts (and mailto:, tel:) are skipped.
      linksToSkip: async (link) => {
        try {
          return new URL(link).origin !== origin;
        } catch {
          return true;
        }
      },
    });
    // The intended 404s answer 404 where the crawl starts, and where they link to themselves (the
    // not-found page's skip link); any other 404 is a dead end.
    const intended = INTENDED_NOT_FOUND.map((route) => new URL(route, base).href);
    const broken = result.links
      .filter((link) => link.state === 'BROKEN')
      .filter(
        (link) =>
          !(
            intended.includes(link.url) &&
            link.status === 404 &&
            (!link.parent || link.parent === link.url)
          ),
      )
      .map(
        (link) =>
          `${link.url} → ${link.status ?? 'no answer'} (linked from ${link.parent ?? 'start'})`,
      );
    expect(broken).toEqual([]);
    const reached = result.links.filter((link) => intended.includes(link.url) && !link.parent);
    expect(reached.map((link) => `${link.url} ${link.status}`).sort()).toEqual(
      intended.map((url) => `${url} 404`).sort(),
    );
    const checked = result.links.filter((link) => link.state === 'OK');
    expect(checked.length).toBeGreaterThan(pages.length);
  });

  test('every page has a unique title and description, a canonical URL and Open Graph tags', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const { origin } = await readSitemap();
    const pages = (await listBuiltPages()).filter((built) => !built.isNotFound);
    const titles = new Map<string, string[]>();
    const descriptions = new Map<string, string[]>();
    const failures: string[] = [];
    const checkedAssets = new Set<string>();

    for (const built of pages) {
      const response = await page.goto(built.route, { waitUntil: 'domcontentloaded' });
      expect(response?.status(), built.route).toBe(200);
      const head = await page.evaluate(() => ({
        title: document.title.trim(),
        descriptions: [...document.querySelectorAll('meta[name="description"]')].map(
          (meta) => meta.getAttribute('content')?.trim() ?? '',
        ),
        canonicals: [...document.querySelectorAll('link[rel="canonical"]')].map(
          (link) => link.getAttribute('href') ?? '',
        ),
        og: [...document.querySelectorAll('meta[property^="og:"]')].map((meta) => [
          meta.getAttribute('property') ?? '',
          meta.getAttribute('content')?.trim() ?? '',
        ]),
      }));
      const where = built.route;
      if (!head.title) failures.push(`${where}: empty <title>`);
      else titles.set(head.title, [...(titles.get(head.title) ?? []), where]);

      if (head.descriptions.length !== 1 || !head.descriptions[0]) {
        failures.push(
          `${where}: ${head.descriptions.length} meta descriptions (want one, not empty)`,
        );
      } else {
        const [description] = head.descriptions;
        descriptions.set(description, [...(descriptions.get(description) ?? []), where]);
      }

      const expectedCanonical = new URL(built.route, origin).href;
      if (head.canonicals.length !== 1) {
        failures.push(`${where}: ${head.canonicals.length} canonical links (want one)`);
      } else if (head.canonicals[0] !== expectedCanonical) {
        failures.push(`${where}: canonical ${head.canonicals[0]} (want ${expectedCanonical})`);
      }

      const og = new Map(head.og as [string, string][]);
      for (const property of REQUIRED_OG) {
        if (!og.get(property)) failures.push(`${where}: no ${property}`);
      }
      const ogUrl = og.get('og:url');
      if (ogUrl && ogUrl !== expectedCanonical) {
        failures.push(`${where}: og:url ${ogUrl} differs from the canonical ${expectedCanonical}`);
      }
      const ogImage = og.get('og:image');
      if (ogImage) {
        if (!URL.canParse(ogImage))
          failures.push(`${where}: og:image "${ogImage}" is not an absolute URL`);
        else if (new URL(ogImage).origin === origin && !checkedAssets.has(ogImage)) {
          // Social cards fetch the image from the site itself: it must exist there.
          checkedAssets.add(ogImage);
          const image = await request.get(new URL(ogImage).pathname);
          if (image.status() !== 200)
            failures.push(`${where}: og:image ${ogImage} answers ${image.status()}`);
        }
      }
    }
    failures.push(...duplicates(titles).map((text) => `duplicate title ${text}`));
    failures.push(...duplicates(descriptions).map((text) => `duplicate description ${text}`));
    expect(failures).toEqual([]);
  });

  test('the sitemap lists every public route and every post, and nothing that answers 404', async ({
    request,
  }) => {
    const dir = distDir();
    const { origin, urls } = await readSitemap(dir);
    const listed = urls.map((url) => sitePath(url));
    const pages = await listBuiltPages(dir);
    const indexable: string[] = [];
    for (const built of pages) {
      if (built.isNotFound) continue;
      const html = await readFile(path.join(dir, built.file), 'utf8');
      if (!/<meta\s+name="robots"\s+content="[^"]*noindex/i.test(html)) indexable.push(built.route);
    }

    expect(urls.filter((url) => new URL(url).origin !== origin)).toEqual([]);
    expect(new Set(listed).size).toBe(listed.length);
    for (const route of ROUTES) expect(listed, `sitemap lists ${route}`).toContain(route);
    expect([...listed].sort()).toEqual([...indexable].sort());

    // Every published seed post is built (not the draft, not the scheduled one), and every built
    // post is in the sitemap (checked above).
    const seedPosts = JSON.parse(
      await readFile(path.join(PROJECT_ROOT, 'pocketbase', 'seed', 'blogs.json'), 'utf8'),
    ) as { publishedDaysAgo?: number }[];
    const posts = listed.filter((route) => /^\/blog\/[^/]+$/.test(route));
    expect(posts).toHaveLength(
      seedPosts.filter((post) => post.publishedDaysAgo !== undefined).length,
    );

    const notOk: string[] = [];
    for (const route of listed) {
      const response = await request.get(route, { maxRedirects: 0 });
      if (response.status() !== 200) notOk.push(`${route} → ${response.status()}`);
    }
    expect(notOk).toEqual([]);
  });

  test('robots.txt allows crawling and points to the sitemap', async ({ request }) => {
    const { origin } = await readSitemap();
    const response = await request.get('/robots.txt');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^text\/plain/);
    const text = await response.text();
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).not.toMatch(/^Disallow: \/\s*$/m);
    const sitemaps = [...text.matchAll(/^Sitemap: (\S+)$/gm)].map((match) => match[1]);
    expect(sitemaps).toEqual([`${origin}/sitemap-index.xml`]);
    const sitemap = await request.get(new URL(sitemaps[0]).pathname);
    expect(sitemap.status()).toBe(200);
    expect(await sitemap.text()).toContain('<sitemapindex');
  });

  test('the default social image is a 1200×630 PNG of modest size', async ({ request }) => {
    const data = await readFile(path.join(distDir(), 'og-default.png'));
    expect(pngSize(data)).toEqual({ width: 1200, height: 630 });
    expect(data.length).toBeLessThan(100_000);
    const response = await request.get('/og-default.png');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('image/png');
  });

  test('the JSON-LD of every page parses and names a schema.org type', async () => {
    const dir = distDir();
    const failures: string[] = [];
    for (const built of await listBuiltPages(dir)) {
      const html = await readFile(path.join(dir, built.file), 'utf8');
      const blocks = [...html.matchAll(JSON_LD)].map((match) => match[1]);
      if (blocks.length === 0) failures.push(`${built.file}: no JSON-LD`);
      blocks.forEach((block, index) => {
        let data: unknown;
        try {
          data = JSON.parse(block);
        } catch (error) {
          failures.push(`${built.file} block ${index + 1}: ${(error as Error).message}`);
          return;
        }
        const items = Array.isArray(data) ? data : [data];
        for (const item of items as Record<string, unknown>[]) {
          const nodes = Array.isArray(item['@graph'])
            ? (item['@graph'] as Record<string, unknown>[])
            : [item];
          if (!String(item['@context'] ?? '').includes('schema.org')) {
            failures.push(`${built.file} block ${index + 1}: @context is not schema.org`);
          }
          for (const node of nodes) {
            if (!node['@type'])
              failures.push(`${built.file} block ${index + 1}: an item without @type`);
          }
        }
      });
    }
    expect(failures).toEqual([]);
  });
});
