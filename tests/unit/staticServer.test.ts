import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compilePattern, startStaticServer } from '../../scripts/lib/static-server.mjs';

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
  let root: string;
  let rulesFile: string;
  let server: Awaited<ReturnType<typeof startStaticServer>>;

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'lw-static-'));
    await mkdir(path.join(root, 'blog'));
    await writeFile(path.join(root, 'index.html'), '<h1>home</h1>');
    await writeFile(path.join(root, 'about.html'), '<h1>about</h1>'.repeat(50));
    await writeFile(path.join(root, '404.html'), '<h1>missing</h1>');
    await writeFile(path.join(root, 'blog', '404.html'), '<h1>no post</h1>');
    await writeFile(path.join(root, 'blog', 'real.html'), '<h1>post</h1>');
    rulesFile = path.join(root, 'rules.toml');
    await writeFile(
      rulesFile,
      [
        '[[headers]]',
        '  for = "/*"',
        '  [headers.values]',
        '    X-Test = "all"',
        '[[redirects]]',
        '  from = "/blog/*"',
        '  to = "/blog/404.html"',
        '  status = 404',
        '[[redirects]]',
        '  from = "/old"',
        '  to = "/about"',
        '  status = 301',
      ].join('\n'),
    );
    server = await startStaticServer({ root, rulesFile });
  });

  afterAll(async () => {
    await server.close();
    await rm(root, { recursive: true, force: true });
  });

  it('listens on loopback only', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('serves clean URLs with the configured headers', async () => {
    const home = await fetch(`${server.url}/`);
    expect(home.status).toBe(200);
    expect(home.headers.get('x-test')).toBe('all');
    expect(await home.text()).toBe('<h1>home</h1>');
    const about = await fetch(`${server.url}/about`);
    expect(about.status).toBe(200);
    expect(about.headers.get('content-type')).toContain('text/html');
  });

  it('answers a rule with its status only where no file exists', async () => {
    const post = await fetch(`${server.url}/blog/real`);
    expect(post.status).toBe(200);
    const missing = await fetch(`${server.url}/blog/nope`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe('<h1>no post</h1>');
    const moved = await fetch(`${server.url}/old`, { redirect: 'manual' });
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe('/about');
  });

  it('falls back to 404.html with status 404', async () => {
    const response = await fetch(`${server.url}/nothing/here`);
    expect(response.status).toBe(404);
    expect(await response.text()).toBe('<h1>missing</h1>');
  });

  it('never serves files outside its root', async () => {
    const response = await fetch(`${server.url}/..%2f..%2fetc%2fpasswd`);
    expect(response.status).toBe(404);
  });

  it('compresses text with brotli or gzip as asked', async () => {
    const br = await fetch(`${server.url}/about`, { headers: { 'accept-encoding': 'br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(await br.text()).toBe('<h1>about</h1>'.repeat(50));
    const gzip = await fetch(`${server.url}/about`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
  });
});
