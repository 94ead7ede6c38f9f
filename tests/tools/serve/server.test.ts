import { mkdtemp, mkdir, rename, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compilePattern } from '../../../tools/serve/netlifyRules.ts';
import { isHiddenPath, startStaticServer } from '../../../tools/serve/staticServer.ts';
import { hostileRequests, rawRequest } from '../../support/rawHttp';

/** The security headers every answer carries (from the test rules: X-Test, like netlify.toml's /*). */
function expectSiteHeaders(response: Response) {
  expect(response.headers.get('x-test')).toBe('all');
}

describe('compilePattern (Netlify paths)', () => {
  it('matches splats and placeholders', () => {
    expect(compilePattern('/*').test('/anything/at/all')).toBe(true);
    expect(compilePattern('/_astro/*').test('/_astro/x.js')).toBe(true);
    expect(compilePattern('/_astro/*').test('/about')).toBe(false);
    expect(compilePattern('/blog/:id').exec('/blog/abc')?.groups?.id).toBe('abc');
    expect(compilePattern('/blog/:id').test('/blog/a/b')).toBe(false);
  });
});

describe('static server', () => {
  let work: string;
  let root: string;
  let rulesFile: string;
  let server: Awaited<ReturnType<typeof startStaticServer>>;
  const logged: string[] = [];

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'lw-static-'));
    root = path.join(work, 'site');
    await mkdir(root);
    await writeFile(path.join(work, 'secret.txt'), 'outside the root');
    await mkdir(path.join(work, 'outside-dir'));
    await writeFile(path.join(work, 'outside-dir', 'page.html'), 'outside the root too');
    await symlink(path.join(work, 'secret.txt'), path.join(root, 'leak.txt'));
    await symlink(path.join(work, 'outside-dir'), path.join(root, 'linked-dir'));
    await writeFile(path.join(root, 'inside.txt'), 'inside');
    await symlink('inside.txt', path.join(root, 'alias.txt'));
    await writeFile(path.join(root, '.env'), 'SECRET=1');
    await symlink('.env', path.join(root, 'env-alias.txt'));
    await mkdir(path.join(root, '.git'));
    await writeFile(path.join(root, '.git', 'config'), '[core]');
    await mkdir(path.join(root, '.well-known'));
    await writeFile(
      path.join(root, '.well-known', 'security.txt'),
      'Contact: mailto:x@example.com',
    );
    await mkdir(path.join(root, 'assets', '.hidden'), { recursive: true });
    await writeFile(path.join(root, 'assets', '.hidden', 'x.txt'), 'hidden');
    await writeFile(path.join(root, 'index.html'), '<h1>home</h1>');
    await writeFile(path.join(root, 'about.html'), '<h1>about</h1>'.repeat(50));
    await writeFile(path.join(root, '404.html'), '<h1>missing</h1>');
    await writeFile(path.join(root, 'broken.txt'), 'broken');
    rulesFile = path.join(root, 'rules.toml');
    await writeFile(
      rulesFile,
      [
        '[[headers]]',
        '  for = "/*"',
        '  [headers.values]',
        '    X-Test = "all"',
        '[[redirects]]',
        '  from = "/old"',
        '  to = "/about"',
        '  status = 301',
        // A header value Node refuses to send (a control character) makes the server fail inside.
        '[[headers]]',
        '  for = "/broken.txt"',
        '  [headers.values]',
        '    X-Broken = "a\\u0001b"',
      ].join('\n'),
    );
    server = await startStaticServer({ root, rulesFile, log: (message) => logged.push(message) });
  });

  afterAll(async () => {
    await server.close();
    await rm(work, { recursive: true, force: true });
  });

  it('listens on loopback only', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  // Clean URLs, the 404 pages, a rule only where no file answers and paths above the root, with
  // netlify.toml's rules: serverParity.test.ts.
  it("answers a redirect rule's status and location", async () => {
    const moved = await fetch(`${server.url}/old`, { redirect: 'manual' });
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe('/about');
  });

  it('follows no symbolic link out of the root, or to a hidden file, but follows links inside it', async () => {
    for (const target of [
      '/leak.txt',
      '/linked-dir/page',
      '/linked-dir/page.html',
      '/env-alias.txt',
    ]) {
      const response = await fetch(`${server.url}${target}`);
      expect(response.status, target).toBe(404);
      const body = await response.text();
      expect(body, target).toBe('<h1>missing</h1>');
    }
    const alias = await fetch(`${server.url}/alias.txt`);
    expect(alias.status).toBe(200);
    expect(await alias.text()).toBe('inside');
  });

  it('answers 404 for dot-files and dot-folders, except /.well-known/', async () => {
    for (const target of ['/.env', '/.git/config', '/.git/', '/assets/.hidden/x.txt', '/%2eenv']) {
      const response = await fetch(`${server.url}${target}`);
      expect(response.status, target).toBe(404);
      expect(await response.text(), target).not.toMatch(/SECRET|core|hidden/);
    }
    const wellKnown = await fetch(`${server.url}/.well-known/security.txt`);
    expect(wellKnown.status).toBe(200);
    expect(await wellKnown.text()).toContain('Contact:');
    expect(isHiddenPath('/.well-known/a/.b')).toBe(true);
    expect(isHiddenPath('/a/.well-known/b')).toBe(true);
  });

  it('serves a root that is a symbolic link swapped atomically, from the new target at once', async () => {
    const builds = path.join(work, 'builds');
    for (const version of ['one', 'two']) {
      await mkdir(path.join(builds, version), { recursive: true });
      await writeFile(path.join(builds, version, 'index.html'), `<h1>${version}</h1>`);
    }
    const live = path.join(work, 'live');
    await symlink(path.join(builds, 'one'), live);
    const site = await startStaticServer({ root: live, rulesFile });
    try {
      expect(await (await fetch(`${site.url}/`)).text()).toBe('<h1>one</h1>');
      await symlink(path.join(builds, 'two'), `${live}.tmp`);
      await rename(`${live}.tmp`, live);
      expect(await (await fetch(`${site.url}/`)).text()).toBe('<h1>two</h1>');
    } finally {
      await site.close();
    }
  });

  it('answers errors with a generic body and the security headers, and logs the details', async () => {
    const broken = await fetch(`${server.url}/broken.txt`);
    expect(broken.status).toBe(500);
    expectSiteHeaders(broken);
    expect(broken.headers.get('cache-control')).toBe('no-store');
    expect(await broken.text()).toBe('Internal server error\n');
    expect(logged.join('\n')).toMatch(/TypeError/);

    const badEscape = await fetch(`${server.url}/%zz`);
    expect(badEscape.status).toBe(400);
    expectSiteHeaders(badEscape);
    expect(await badEscape.text()).toBe('Bad request\n');

    const post = await fetch(`${server.url}/`, { method: 'POST' });
    expect(post.status).toBe(405);
    expectSiteHeaders(post);
    expect(post.headers.get('allow')).toBe('GET, HEAD');

    const notFound = await fetch(`${server.url}/nothing`);
    expectSiteHeaders(notFound);
  });

  it('refuses to start on a rule Netlify would refuse (a number where a path belongs)', async () => {
    const refused = path.join(work, 'refused.toml');
    await writeFile(refused, '[[redirects]]\n  from = "/x"\n  to = 404\n  status = 200\n');
    await expect(startStaticServer({ root, rulesFile: refused })).rejects.toThrow(/redirect/);
  });

  it('answers every hostile request line with a 4xx and keeps serving', async () => {
    for (const [name, payload] of hostileRequests(new URL(server.url).host)) {
      const { status, text } = await rawRequest(server.port, payload);
      expect(status, `${name}: ${text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
      expect(status, name).toBeLessThan(500);
      // Answered by Node's parser, before any handler: still with the site's security headers.
      expect(text, name).toMatch(/\r\nx-test: all\r\n/i);
      // Error answers are never cached; a 404 is the site's own not-found page, cached as pages are.
      if (status !== 404) expect(text, name).toMatch(/\r\ncache-control: no-store\r\n/i);
    }
    expect((await fetch(`${server.url}/`)).status).toBe(200);
  });

  it('compresses text with brotli or gzip as asked, honouring q=0 in Accept-Encoding', async () => {
    const cases: [string, string | null][] = [
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['gzip;q=0', null],
      ['br;q=0, gzip;q=0', null],
      ['*;q=0, identity', null],
      ['gzip, br;q=0.5', 'gzip'],
      ['gzip, br', 'br'],
      ['*', 'br'],
    ];
    for (const [accept, expected] of cases) {
      const response = await fetch(`${server.url}/about`, {
        headers: { 'accept-encoding': accept },
      });
      expect(response.headers.get('content-encoding'), accept).toBe(expected);
      expect(await response.text(), accept).toBe('<h1>about</h1>'.repeat(50));
    }
  });

  it('answers a conditional GET with 304 while the file is unchanged', async () => {
    const first = await fetch(`${server.url}/inside.txt`);
    const etag = first.headers.get('etag');
    const lastModified = first.headers.get('last-modified');
    expect(etag).toMatch(/^W\/"/);
    expect(lastModified).toMatch(/GMT$/);
    expectSiteHeaders(first);

    // As a browser revalidates (fetch() adds "no-cache", an end-to-end reload, unless told).
    const revalidate = { 'cache-control': 'max-age=0' };
    const byTag = await fetch(`${server.url}/inside.txt`, {
      headers: { ...revalidate, 'if-none-match': etag! },
    });
    expect(byTag.status).toBe(304);
    expect(await byTag.text()).toBe('');
    expect(byTag.headers.get('etag')).toBe(etag);
    expectSiteHeaders(byTag);
    const byDate = await fetch(`${server.url}/inside.txt`, {
      headers: { ...revalidate, 'if-modified-since': lastModified! },
    });
    expect(byDate.status).toBe(304);

    // A changed file is sent again, even to a client holding the old validators.
    const later = new Date(Date.now() + 5_000);
    await writeFile(path.join(root, 'inside.txt'), 'inside, edited');
    await utimes(path.join(root, 'inside.txt'), later, later);
    const changed = await fetch(`${server.url}/inside.txt`, {
      headers: { ...revalidate, 'if-none-match': etag! },
    });
    expect(changed.status).toBe(200);
    expect(await changed.text()).toBe('inside, edited');
    const missing = await fetch(`${server.url}/nothing`, {
      headers: { ...revalidate, 'if-none-match': '*' },
    });
    expect(missing.status).toBe(404);
  });
});

describe('static server limits', () => {
  let root: string;
  let server: Awaited<ReturnType<typeof startStaticServer>>;

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'lw-static-limits-'));
    await writeFile(path.join(root, 'index.html'), '<h1>home</h1>');
    server = await startStaticServer({
      root,
      limits: {
        headersTimeoutMs: 500,
        requestTimeoutMs: 800,
        idleTimeoutMs: 1_000,
        checkIntervalMs: 100,
        maxConnections: 3,
      },
    });
  });

  afterAll(async () => {
    await server.close();
    await rm(root, { recursive: true, force: true });
  });

  it('answers 408 to a client that never finishes its headers', async () => {
    const started = Date.now();
    const { status } = await rawRequest(server.port, 'GET / HTTP/1.1\r\nHost: x\r\n', 10_000);
    expect(status).toBe(408);
    expect(Date.now() - started).toBeLessThan(8_000);
  });

  it('closes a connection that stays silent', async () => {
    const { status, text } = await rawRequest(server.port, '', 10_000);
    expect(text === '' || status === 408, text).toBe(true);
  });

  it('closes connections beyond the cap and serves again once they are gone', async () => {
    const sockets = await Promise.all(
      Array.from({ length: 3 }, () => {
        return new Promise<ReturnType<typeof connect>>((resolve) => {
          const socket = connect(server.port, '127.0.0.1', () => resolve(socket));
          socket.on('error', () => {});
        });
      }),
    );
    const extra = await rawRequest(server.port, 'GET / HTTP/1.1\r\nHost: x\r\n\r\n', 10_000);
    expect(extra.status).toBeNull();
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await fetch(`${server.url}/`)).status).toBe(200);
  });
});
