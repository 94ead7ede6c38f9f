/**
 * Security and cache headers, and the Content-Security-Policy in a real browser.
 *
 * The expected headers are read from netlify.toml (never copied here), so the local server is
 * checked against what Netlify is told to send. Then every page is opened in Chromium with a
 * listener for `securitypolicyviolation`: the header policy and each page's meta policy together
 * must block nothing the site needs, the contact form's send included.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { parse } from 'smol-toml';
import { compilePattern, NETLIFY_TOML } from '../../scripts/lib/static-server.mjs';
import { ROUTES, waitForIsland } from '../support/e2e';
import { startEmailjsServer, type EmailjsServer } from '../support/emailjs-server';
import { runBuild, serveSite, type ServedSite } from '../support/site';

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

interface CspWatch {
  violations: () => Promise<string[]>;
  consoleErrors: string[];
}

/** Records CSP violations (from any policy) and console errors about policies. */
async function watchCsp(page: Page): Promise<CspWatch> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(
        `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber} (${event.sample})`,
      );
    });
  });
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (/Content.Security.Policy|Permissions-Policy|Refused to/i.test(text)) {
      consoleErrors.push(`${message.type()}: ${text}`);
    }
  });
  return {
    consoleErrors,
    violations: () =>
      page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations),
  };
}

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
      expect(meta).toMatch(/connect-src 'self' https:\/\/api\.emailjs\.com;/);
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

test.describe('Content-Security-Policy and the contact form', () => {
  test.describe.configure({ mode: 'serial' });
  let emailjs: EmailjsServer;
  let site: ServedSite;
  let outDir: string | undefined;

  test.beforeAll(async () => {
    // A full site build on a busy two-core machine.
    test.setTimeout(300_000);
    emailjs = await startEmailjsServer();
    const build = await runBuild({
      env: {
        PUBLIC_EMAILJS_SERVICE_ID: 'service_csp',
        PUBLIC_EMAILJS_TEMPLATE_ID: 'template_csp',
        PUBLIC_EMAILJS_PUBLIC_KEY: 'public_key_csp',
        PUBLIC_EMAILJS_API_ORIGIN: emailjs.origin,
      },
    });
    outDir = build.outDir;
    if (build.code !== 0)
      throw new Error(`astro build failed (exit ${build.code}):\n${build.output}`);
    site = await serveSite(build.outDir);
  });

  test.afterAll(async () => {
    await site?.close();
    await emailjs?.close();
    if (outDir) await rm(path.dirname(outDir), { recursive: true, force: true });
  });

  test('connect-src follows PUBLIC_EMAILJS_API_ORIGIN and the send goes through', async ({
    page,
  }) => {
    const watch = await watchCsp(page);
    await page.goto(`${site.url}/contact`);
    const meta = await page
      .locator('meta[http-equiv="content-security-policy"]')
      .getAttribute('content');
    expect(meta).toContain(`connect-src 'self' ${emailjs.origin};`);
    expect(meta).not.toContain('api.emailjs.com');

    await waitForIsland(page, 'ContactForm');
    await page.getByLabel('First name', { exact: true }).fill('Sipho');
    await page.getByLabel('Last name', { exact: true }).fill('Dlamini');
    await page.getByLabel('Email', { exact: true }).fill('sipho@example.co.za');
    await page.getByLabel('Profession', { exact: true }).fill('Tax Practitioner');
    await page.getByLabel('Subject', { exact: true }).fill('A question about pricing');
    await page.getByLabel('Message', { exact: true }).fill('How does the Professional plan work?');
    await page.getByRole('button', { name: 'Send Message' }).click();

    await emailjs.waitForRequests(1);
    await expect(page.getByRole('status').filter({ hasText: /\S/ })).toContainText('Message sent');
    expect(await watch.violations()).toEqual([]);
    expect(watch.consoleErrors).toEqual([]);
  });
});
