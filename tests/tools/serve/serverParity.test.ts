/**
 * The local server answers as Netlify does for a site shaped like ours (about.html for /about and
 * /about/) with the project's netlify.toml: the table is Netlify's documented rules written out by
 * hand (pretty URLs, unforced rules only where no file answers, the first matching rule, 404.html,
 * [[headers]] by glob), plus ours: no dot-file, nothing above the root, site-wide headers always.
 * The site's own _redirects file (the build's, with each post's old addresses) comes before
 * netlify.toml's rules, as on Netlify, and is read again when a rebuild changes it.
 */
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStaticServer } from '../../../tools/serve/staticServer.ts';
import { rawRequest } from '../../support/rawHttp';

const PAGE = 'public, max-age=0, must-revalidate';
const ASSET = 'public, max-age=31536000, immutable';
const NETLIFY_DEFAULT = 'public,max-age=0,must-revalidate';
/** The [[headers]] for = "/*" values of netlify.toml, as written there. */
const SITE_WIDE = {
  'content-security-policy':
    "frame-ancestors 'none'; object-src 'none'; base-uri 'self'; form-action 'self'",
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy':
    'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()',
  'cross-origin-opener-policy': 'same-origin',
};

const FILES: Record<string, string> = {
  'index.html': 'home',
  'about.html': 'about',
  'blog.html': 'blog list',
  'blog/some-post.html': 'a post',
  'blog/404.html': 'no such post',
  '404.html': 'no such page',
  'docs/index.html': 'docs',
  '_astro/app.1a2b.js': 'script',
  'logos/acme.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  '.env': 'SECRET=1',
  // What the build writes (src/pages/[_redirects].ts): a post's id and earlier slug, 301 to its
  // address; and one rule that shows this file comes before netlify.toml's.
  _redirects: [
    '/blog/abcdefghijklmno /blog/some-post 301',
    '/blog/old-post /blog/some-post 301',
    '/blog/some-post /blog/elsewhere 301',
    '/blog/tag/special /blog/topic/renamed 301',
    '',
  ].join('\n'),
};

type Row = [
  path: string,
  status: number,
  expected: { location?: string; body?: string; cache?: string },
];

const TABLE: Row[] = [
  ['/', 200, { body: 'home', cache: PAGE }],
  ['/about', 200, { body: 'about', cache: PAGE }],
  ['/about/', 200, { body: 'about' }],
  ['/about/?ref=x', 200, { body: 'about' }],
  ['/blog', 200, { body: 'blog list', cache: PAGE }],
  ['/blog/', 200, { body: 'blog list' }],
  ['/blog/some-post', 200, { body: 'a post', cache: PAGE }],
  ['/blog/some-post/', 200, { body: 'a post' }],
  ['/blog/no-such-post/', 404, { body: 'no such post' }],
  ['/blog/no-such-post', 404, { body: 'no such post' }],
  ['/blog/page/99', 404, { body: 'no such page' }],
  // A post's id and its earlier slug lead to its address; the page itself wins over a rule.
  ['/blog/abcdefghijklmno', 301, { location: '/blog/some-post' }],
  ['/blog/abcdefghijklmno/', 301, { location: '/blog/some-post' }],
  ['/blog/old-post', 301, { location: '/blog/some-post' }],
  ['/blog/tag/special', 301, { location: '/blog/topic/renamed' }],
  // Topics were tags: every old address of a topic answers 301 with its new one.
  ['/blog/tags', 301, { location: '/blog/topics' }],
  ['/blog/tag/tax', 301, { location: '/blog/topic/tax' }],
  ['/blog/tag/tax/page/2', 301, { location: '/blog/topic/tax/page/2' }],
  ['/blog/tag/tax/rss.xml', 301, { location: '/blog/topic/tax/rss.xml' }],
  ['/docs', 301, { location: '/docs/' }],
  ['/docs/', 200, { body: 'docs' }],
  ['/missing', 404, { body: 'no such page' }],
  ['/.env', 404, { body: 'no such page' }],
  // The URL standard reads %2e%2e as "..", so a browser (and fetch) asks for / itself.
  ['/%2e%2e/', 200, { body: 'home', cache: PAGE }],
  ['/%2e%2e/%2e%2e/etc/passwd', 404, { body: 'no such page' }],
  ['/_astro/app.1a2b.js', 200, { body: 'script', cache: ASSET }],
  ['/logos/acme.svg', 200, { cache: NETLIFY_DEFAULT }],
];

describe('static server answers as Netlify does', () => {
  let root: string;
  let server: Awaited<ReturnType<typeof startStaticServer>>;

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'lw-parity-'));
    for (const [name, body] of Object.entries(FILES)) {
      await mkdir(path.dirname(path.join(root, name)), { recursive: true });
      await writeFile(path.join(root, name), body);
    }
    server = await startStaticServer({ root });
  });

  afterAll(async () => {
    await server.close();
    await rm(root, { recursive: true, force: true });
  });

  it.each(TABLE)('%s answers %i', async (pathname, status, expected) => {
    const response = await fetch(`${server.url}${pathname}`, { redirect: 'manual' });
    expect(response.status).toBe(status);
    expect(response.headers.get('location')).toBe(expected.location ?? null);
    for (const [name, value] of Object.entries(SITE_WIDE)) {
      expect(response.headers.get(name), name).toBe(value);
    }
    if (expected.cache) expect(response.headers.get('cache-control')).toBe(expected.cache);
    const body = await response.text();
    if (expected.body !== undefined) expect(body).toBe(expected.body);
    expect(body).not.toContain('SECRET');
  });

  it('reads the _redirects file again when a build rewrites it', async () => {
    const file = path.join(root, '_redirects');
    await writeFile(file, '/blog/newer-old-slug /blog/some-post 301\n');
    // A later modification time, as a rebuild a moment later gives it.
    await utimes(file, new Date(), new Date(Date.now() + 10_000));
    const moved = await fetch(`${server.url}/blog/newer-old-slug`, { redirect: 'manual' });
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe('/blog/some-post');
    const gone = await fetch(`${server.url}/blog/old-post`, { redirect: 'manual' });
    expect(gone.status).toBe(404);
    await writeFile(file, FILES._redirects);
  });

  it('answers a raw /%2e%2e/ (no client resolved it) with the 404 page, never a file above the root', async () => {
    for (const target of ['/%2e%2e/', '/%2e%2e/%2e%2e/etc/passwd', '/..%2f..%2fetc%2fpasswd']) {
      const { status, text } = await rawRequest(
        server.port,
        `GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
      );
      expect(status, target).toBe(404);
      expect(text, target).toMatch(/no such page$/);
    }
  });
});
