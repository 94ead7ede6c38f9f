/**
 * Site-wide checks on the built site, each walking every page and naming every failure: valid HTML
 * (the W3C Nu Html Checker, the standard's reference), internal links, head tags, sitemap, robots,
 * JSON-LD; netlify.toml's headers and each page's CSP in Chromium; external links and other hosts;
 * axe on every page in both themes at two widths; and islands that throw (variant site, astro dev).
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { LinkChecker } from 'linkinator';
import { parse } from 'smol-toml';
import { PROJECT_ROOT } from '../../tools/shared/paths.ts';
import { getFreePort } from '../../tools/local/pocketbase/serverProcess.ts';
import { compilePattern, NETLIFY_TOML } from '../../tools/serve/netlifyRules.ts';
import { distDir, listBuiltPages, pngSize, readSitemap } from '../support/builtSite';
import {
  expectNoAxeViolations,
  presetTheme,
  ROUTES,
  scrollThrough,
  waitForIsland,
  watchCsp,
} from '../support/e2e';
import { FIXTURE_CONFIG, variantSite } from '../support/sharedSites';
import { TEST_EMAILJS_ENV } from '../support/site';
import { BROKEN_MESSAGE } from '../fixtures/island-errors/message';
import { PAGE_ROUTES } from '../support/pages';

// Independent tests: let both workers take them.
test.describe.configure({ mode: 'parallel' });

/** The Nu Html Checker, as the npm package vnu-jar ships it. */
const VNU_JAR = fileURLToPath(import.meta.resolve('vnu-jar/build/dist/vnu.jar'));
/** URLs that answer 404 on purpose: an unknown page, an unknown post, a list page past the end. */
const INTENDED_NOT_FOUND = ['/no-such-page', '/blog/no-such-post', '/blog/page/99'];
const REQUIRED_OG = [
  'og:title',
  'og:description',
  'og:type',
  'og:url',
  'og:image',
  'og:image:alt',
] as const;
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

test.describe('site-wide checks on the built site', () => {
  test('every page is valid HTML by the W3C Nu Html Checker (vnu)', async () => {
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

  test('every page has a unique title and description, a canonical URL, and Open Graph and X card tags with the picture described', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const { origin } = await readSitemap();
    const seen = { title: new Map<string, string[]>(), description: new Map<string, string[]>() };
    const checkedImages = new Set<string>();
    for (const built of (await listBuiltPages()).filter((built) => !built.isNotFound)) {
      const response = await page.goto(built.route, { waitUntil: 'domcontentloaded' });
      expect(response?.status(), built.route).toBe(200);
      const canonical = new URL(built.route, origin).href;
      // Soft, so that one run names every problem of every page; a second tag of a kind fails too.
      const expectTag = (selector: string, name: string, value: string | RegExp) =>
        expect
          .soft(page.locator(selector), `${built.route}: ${selector}`)
          .toHaveAttribute(name, value, { timeout: 1_000 });
      // Without waiting: a missing tag is expectTag's soft failure, not a test timeout.
      const content = (selector: string) =>
        page.locator(selector).evaluateAll((tags) => tags[0]?.getAttribute('content') ?? null);
      await expect.soft(page, built.route).toHaveTitle(/\S/, { timeout: 1_000 });
      await expectTag('meta[name="description"]', 'content', /\S/);
      await expectTag('link[rel="canonical"]', 'href', canonical);
      for (const property of REQUIRED_OG)
        await expectTag(`meta[property="${property}"]`, 'content', /\S/);
      await expectTag('meta[property="og:url"]', 'content', canonical);
      // The card's picture, described alike for both kinds of card.
      const image = (await content('meta[property="og:image"]')) ?? '';
      await expectTag('meta[name="twitter:image"]', 'content', image);
      const alt = (await content('meta[property="og:image:alt"]')) ?? '';
      await expectTag('meta[name="twitter:image:alt"]', 'content', alt);
      expect
        .soft(URL.canParse(image), `${built.route}: og:image "${image}" is absolute`)
        .toBe(true);
      if (URL.canParse(image) && new URL(image).origin === origin && !checkedImages.has(image)) {
        // Social cards fetch the picture from the site itself: it must exist there.
        checkedImages.add(image);
        expect.soft((await request.get(new URL(image).pathname)).status(), image).toBe(200);
      }
      for (const [kind, text] of [
        ['title', await page.title()],
        ['description', (await content('meta[name="description"]')) ?? ''],
      ] as const)
        seen[kind].set(text, [...(seen[kind].get(text) ?? []), built.route]);
    }
    for (const [kind, values] of Object.entries(seen))
      expect(
        [...values].filter(([, routes]) => routes.length > 1),
        `duplicate ${kind}s`,
      ).toEqual([]);
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
    const posts = listed.filter((route) => /^\/blog\/(?!topics$)[^/]+$/.test(route));
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

interface HeaderRule {
  for: string;
  values: Record<string, string>;
}

const RULES = (parse(readFileSync(NETLIFY_TOML, 'utf8')).headers ?? []) as unknown as HeaderRule[];

/** Every header netlify.toml gives a path (later rules win, as in the local server). */
function expectedHeaders(pathname: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const rule of RULES) {
    if (compilePattern(rule.for).test(pathname)) Object.assign(result, rule.values);
  }
  return result;
}

/** One real file of each kind in the build: a post, a script, a stylesheet, a logo. */
function samplePaths() {
  const dist = distDir();
  const post = readdirSync(path.join(dist, 'blog')).find(
    (name) => name.endsWith('.html') && name !== '404.html' && name !== 'topics.html',
  );
  const assets = readdirSync(path.join(dist, '_astro'));
  const script = assets.find((name) => name.endsWith('.js'));
  const style = assets.find((name) => name.endsWith('.css'));
  if (!post || !script || !style) throw new Error(`The build in ${dist} lacks a post or assets.`);
  return {
    post: `/blog/${post.replace(/\.html$/, '')}`,
    paths: [
      '/',
      '/about',
      '/blog',
      `/blog/${post.replace(/\.html$/, '')}`,
      `/_astro/${script}`,
      `/_astro/${style}`,
      '/rss.xml',
      '/robots.txt',
      '/favicon.svg',
    ],
  };
}

// What netlify.toml declares, and that a 404 carries the site-wide headers too: serverParity.test.ts.
test.describe('headers from netlify.toml', () => {
  test('every rule of netlify.toml is sent, value for value, on the paths it covers', async ({
    request,
  }) => {
    const { paths } = samplePaths();
    // Each rule must cover at least one sampled path, so a new rule cannot go untested.
    for (const rule of RULES) {
      expect(
        paths.some((pathname) => compilePattern(rule.for).test(pathname)),
        `no sample path for ${rule.for}`,
      ).toBe(true);
    }
    for (const pathname of paths) {
      const response = await request.get(pathname);
      expect(response.status(), pathname).toBe(200);
      const headers = response.headers();
      for (const [name, value] of Object.entries(expectedHeaders(pathname))) {
        expect(headers[name.toLowerCase()], `${name} on ${pathname}`).toBe(value);
      }
    }
  });
});

// What each page's policy says (hashes, no 'unsafe-inline', connect-src, WebAssembly only with the
// search box): contentSecurityPolicy.test.ts; the header's part: the headers above.
test.describe('Content-Security-Policy in Chromium', () => {
  const pages = [...ROUTES, 'post', '/no-such-page', '/blog/no-such-post'];
  for (const route of pages) {
    test(`${route}: the policy blocks nothing the page needs`, async ({ page }) => {
      const target = route === 'post' ? samplePaths().post : route;
      const watch = await watchCsp(page);
      await page.goto(target);
      await scrollThrough(page);
      // The inline theme script ran (the policy allows it): the theme class is set.
      await expect(page.locator('html')).toHaveClass(/\b(dark|light)\b/);
      expect(await watch.violations()).toEqual([]);
      expect(watch.consoleErrors).toEqual([]);
    });
  }

  test('the policy does block an injected inline script', async ({ page }) => {
    const watch = await watchCsp(page);
    await page.goto('/about');
    const ran = await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true;';
      document.body.append(script);
      return (window as unknown as { __injected?: boolean }).__injected === true;
    });
    expect(ran).toBe(false);
    await expect
      .poll(() => watch.violations())
      .toEqual([expect.stringMatching(/^script-src-elem blocked inline/)]);
  });
});

test.describe('links', () => {
  for (const route of PAGE_ROUTES) {
    test(`${route}: every external link opens in a new tab with rel="noopener noreferrer"`, async ({
      page,
    }) => {
      await page.goto(route);
      const origin = new URL(page.url()).origin;
      const links = await page.locator('a[href]').evaluateAll((anchors) =>
        anchors.map((a) => ({
          href: (a as HTMLAnchorElement).href,
          target: a.getAttribute('target'),
          rel: a.getAttribute('rel'),
        })),
      );
      const external = links.filter(
        ({ href }) => /^https?:/.test(href) && new URL(href).origin !== origin,
      );
      expect(external.length).toBeGreaterThan(0);
      for (const link of external) {
        expect(link, link.href).toMatchObject({ target: '_blank', rel: 'noopener noreferrer' });
      }
      // And nothing internal is pushed into a new tab.
      const internalInNewTab = links.filter(
        ({ href, target }) => href.startsWith(origin) && target === '_blank',
      );
      expect(internalInNewTab).toEqual([]);
    });
  }

  test('no page of this suite asks any other host for anything', async ({ page, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    const foreign: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (/^https?:$/.test(url.protocol) && url.origin !== origin) foreign.push(request.url());
    });
    for (const route of PAGE_ROUTES) {
      await page.goto(route);
      await scrollThrough(page);
    }
    expect(foreign).toEqual([]);
  });
});

test.describe('accessibility (axe-core)', () => {
  // The blog's list and post pages are checked on the 35-post build (blog.spec.ts), the contact
  // form with its errors and toasts in contact.spec.ts. The topics, and a post with its topic
  // links, exist on the seed site only: they are checked here, at one width.
  const routes = [...ROUTES.filter((route) => route !== '/blog'), '/no-such-page'];
  for (const theme of ['dark', 'light'] as const) {
    for (const route of ['/blog/topics', '/blog/topic/tax', 'post']) {
      test(`${route} in the ${theme} theme at 1280 px`, async ({ page }) => {
        await presetTheme(page, theme);
        await page.setViewportSize({ width: 1280, height: 900 });
        await page.goto(route === 'post' ? samplePaths().post : route);
        await expect(page.locator('html')).toHaveClass(
          theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/,
        );
        await expectNoAxeViolations(page);
      });
    }
  }
  for (const theme of ['dark', 'light'] as const) {
    for (const route of routes) {
      test(`${route} in the ${theme} theme at 1280 px, then at 390 px`, async ({ page }) => {
        await presetTheme(page, theme);
        await page.setViewportSize({ width: 1280, height: 900 });
        await page.goto(route);
        await expect(page.locator('html')).toHaveClass(
          theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/,
        );
        if (route === '/faq') {
          // Also with an answer open.
          await waitForIsland(page, 'FaqAccordion');
          await page.locator('[data-faq-item] button').first().click();
        }
        await test.step('1280 px', () => expectNoAxeViolations(page));
        // The phone layout of the same page: the header's menu button, one column.
        await page.setViewportSize({ width: 390, height: 844 });
        await test.step('390 px', () => expectNoAxeViolations(page));
      });
    }
  }
});

const FIXTURE_PATH = '/test-fixtures/island-errors';

/** What each island shows in a built site when it breaks. */
const QUIET_FALLBACKS = {
  contact: 'The form could not be loaded. Please email us at support@ledgerwise.co.za.',
  faq: 'The answers could not be shown. Please reload the page.',
  testimonials: 'The testimonials could not be shown. Please reload the page.',
  headline: 'Accounting',
  theme: '',
} as const;

/** Opens the fixture page and waits until every island has hydrated (and failed). */
async function openBrokenIslands(page: Page, url: string) {
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  await page.goto(url);
  // The fixture's islands, in main: the header's toggle hydrates only on interaction.
  await expect(page.locator('main astro-island[ssr]')).toHaveCount(0, { timeout: 60_000 });
  return consoleErrors;
}

test.describe('an island that throws, in the built site', () => {
  test('shows its own quiet fallback, never the error or its stack', async ({ page }) => {
    const consoleErrors = await openBrokenIslands(page, `${variantSite().url}${FIXTURE_PATH}`);
    for (const [island, text] of Object.entries(QUIET_FALLBACKS)) {
      const section = page.locator(`[data-island="${island}"]`);
      if (text) await expect(section).toHaveText(text);
      else await expect(section).toHaveText('');
    }
    const contact = page.locator('[data-island="contact"]');
    await expect(contact.getByRole('link', { name: 'support@ledgerwise.co.za' })).toHaveAttribute(
      'href',
      'mailto:support@ledgerwise.co.za',
    );
    const main = page.locator('main');
    await expect(main).not.toContainText('Unexpected Application Error!');
    await expect(main).not.toContainText(BROKEN_MESSAGE);
    await expect(main.locator('pre')).toHaveCount(0);
    // Developers still find the error in the console.
    expect(consoleErrors.join('\n')).toContain(BROKEN_MESSAGE);
    // The rest of the page works: the header's own island hydrated.
    await expect(page.getByRole('button', { name: 'Toggle theme' })).toBeVisible();
  });

  test('the fixture page is in this test build only, never in the site the suite serves', async ({
    request,
  }) => {
    expect(existsSync(path.join(variantSite().outDir, 'test-fixtures', 'island-errors.html'))).toBe(
      true,
    );
    expect(existsSync(path.join(distDir(), 'test-fixtures'))).toBe(false);
    const response = await request.get(FIXTURE_PATH);
    expect(response.status()).toBe(404);
  });
});

test.describe('an island that throws, in astro dev', () => {
  let dev: ChildProcess | undefined;

  test.afterAll(async () => {
    if (dev?.pid && dev.exitCode === null) {
      const exited = new Promise((resolve) => dev!.once('exit', resolve));
      dev.kill('SIGTERM');
      await exited;
    }
  });

  test('shows the error screen with the message and the stack', async ({ page }) => {
    // Starting the dev server and compiling the page on first request on a busy machine.
    test.setTimeout(240_000);
    const port = await getFreePort();
    const url = `http://127.0.0.1:${port}`;
    let output = '';
    dev = spawn(
      process.execPath,
      [
        path.join(PROJECT_ROOT, 'node_modules/astro/bin/astro.mjs'),
        'dev',
        '--config',
        path.relative(PROJECT_ROOT, FIXTURE_CONFIG),
        '--host',
        '127.0.0.1',
        '--port',
        String(port),
      ],
      {
        cwd: PROJECT_ROOT,
        env: {
          ...process.env,
          ...TEST_EMAILJS_ENV,
          POCKETBASE_URL: process.env.E2E_POCKETBASE_URL,
          ASTRO_TELEMETRY_DISABLED: '1',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    dev.stdout?.on('data', (chunk) => (output += chunk));
    dev.stderr?.on('data', (chunk) => (output += chunk));
    await expect
      .poll(
        async () => {
          if (dev?.exitCode !== null) throw new Error(`astro dev exited:\n${output}`);
          return fetch(`${url}${FIXTURE_PATH}`).then(
            (response) => response.status,
            () => 0,
          );
        },
        { timeout: 180_000, intervals: [1_000] },
      )
      .toBe(200);

    await openBrokenIslands(page, `${url}${FIXTURE_PATH}`);
    const screens = page.locator('main [role="alert"]');
    await expect(screens).toHaveCount(Object.keys(QUIET_FALLBACKS).length);
    for (const screen of await screens.all()) {
      await expect(screen).toContainText('Unexpected Application Error!');
      await expect(screen).toContainText(BROKEN_MESSAGE);
      await expect(screen.locator('pre')).toContainText('Explode');
    }
  });
});
