/**
 * Security and cache headers, and the Content-Security-Policy in a real browser.
 *
 * The expected headers are read from netlify.toml (never copied here), so the local server is
 * checked against what Netlify is told to send. Then every page is opened in Chromium with a
 * listener for `securitypolicyviolation`: the header policy and each page's meta policy together
 * must block nothing the site needs, the contact form's send included.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { parse } from 'smol-toml';
import { compilePattern, NETLIFY_TOML } from '../../scripts/lib/static-server.mjs';
import { ROUTES, watchCsp } from '../support/e2e';

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

function distDir(): string {
  const dir = process.env.E2E_DIST_DIR;
  if (!dir) throw new Error('E2E_DIST_DIR is not set: run through playwright.config.ts.');
  return dir;
}

/** One real file of each kind in the build: a post, a script, a stylesheet, a logo. */
function samplePaths() {
  const dist = distDir();
  const post = readdirSync(path.join(dist, 'blog')).find(
    (name) => name.endsWith('.html') && name !== '404.html',
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

test.describe('headers from netlify.toml', () => {
  test('netlify.toml declares the security and cache headers the site relies on', () => {
    const everyPage = expectedHeaders('/about');
    for (const name of [
      'Content-Security-Policy',
      'Strict-Transport-Security',
      'X-Content-Type-Options',
      'Referrer-Policy',
      'Permissions-Policy',
    ]) {
      expect(everyPage[name], name).toBeTruthy();
    }
    const csp = everyPage['Content-Security-Policy'];
    for (const directive of [
      "frame-ancestors 'none'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(csp).not.toContain('unsafe-inline');
    expect(everyPage['Cache-Control']).toMatch(/max-age=0.*must-revalidate/);
    expect(expectedHeaders('/_astro/x.js')['Cache-Control']).toBe(
      'public, max-age=31536000, immutable',
    );
  });

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

  test('a 404 answer carries the site-wide headers too', async ({ request }) => {
    const siteWide = RULES.filter((rule) => rule.for === '/*').flatMap((rule) =>
      Object.entries(rule.values),
    );
    expect(siteWide.length).toBeGreaterThan(0);
    for (const pathname of ['/no-such-page', '/blog/no-such-post']) {
      const response = await request.get(pathname);
      expect(response.status()).toBe(404);
      for (const [name, value] of siteWide) {
        expect(response.headers()[name.toLowerCase()], `${name} on ${pathname}`).toBe(value);
      }
    }
  });
});

/** Scrolls through the page so every client:visible island hydrates. */
async function scrollThrough(page: Page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 400) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
    window.scrollTo(0, document.body.scrollHeight);
  });
  await page.waitForLoadState('networkidle');
}

test.describe('Content-Security-Policy in Chromium', () => {
  const pages = [...ROUTES, 'post', '/no-such-page', '/blog/no-such-post'];
  for (const route of pages) {
    test(`${route}: the policy blocks nothing the page needs`, async ({ page }) => {
      const target = route === 'post' ? samplePaths().post : route;
      const watch = await watchCsp(page);
      const response = await page.goto(target);
      expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
      const meta = await page
        .locator('meta[http-equiv="content-security-policy"]')
        .getAttribute('content');
      expect(meta).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
      // The shared site's form sends to the fake EmailJS endpoint, and the policy follows it.
      expect(meta).toContain(`connect-src 'self' ${process.env.E2E_EMAILJS_ORIGIN};`);
      expect(meta).not.toMatch(/script-src[^;]*unsafe-inline/);
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
