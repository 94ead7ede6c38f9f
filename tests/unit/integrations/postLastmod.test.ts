import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import sitemap from '@astrojs/sitemap';
import type { AstroIntegration } from 'astro';
import { describe, expect, it } from 'vitest';
import { dateModified, postLastmod } from '@/integrations/postLastmod';

const ldJson = (value: unknown) =>
  `<script type="application/ld+json">${JSON.stringify(value)}</script>`;

describe('dateModified', () => {
  it('reads the date a page states in its JSON-LD, at any depth, in any of its blocks', () => {
    const html = [
      '<html><head>',
      ldJson({ '@type': 'Organization', name: 'Ledgerwise' }),
      ldJson({ '@graph': [{ '@type': 'BlogPosting', dateModified: '2026-03-02T08:00:00.000Z' }] }),
      '</head><body></body></html>',
    ].join('');
    expect(dateModified(html)).toBe('2026-03-02T08:00:00.000Z');
  });

  it('reads nothing from the body, nor from a title that quotes the key', () => {
    const html = [
      ldJson({ '@type': 'BlogPosting', headline: '"dateModified":"1999-01-01"' }),
      '<pre><code>{"dateModified":"1999-01-01"}</code></pre>',
    ].join('');
    expect(dateModified(html)).toBeUndefined();
  });
});

type Hook = (options: Record<string, unknown>) => unknown;
const hook = (integration: AstroIntegration, name: string) =>
  integration.hooks[name as keyof AstroIntegration['hooks']] as Hook;

/**
 * The end of a build as Astro runs it: @astrojs/sitemap with our serialize, then our integration,
 * over a built folder holding one post. Resolves to the sitemap's error log.
 */
async function finishBuild(postPath: string) {
  const outDir = await mkdtemp(path.join(tmpdir(), 'lw-lastmod-'));
  try {
    await mkdir(path.join(outDir, 'blog'));
    await writeFile(
      path.join(outDir, 'blog', 'abc123def456ghi.html'),
      ldJson({ '@type': 'BlogPosting', dateModified: '2026-03-02T08:00:00.000Z' }),
    );
    const lastmod = postLastmod();
    const integrations = [sitemap({ serialize: lastmod.serialize }), lastmod.integration];
    const dir = pathToFileURL(`${outDir}/`);
    const config = {
      site: 'https://example.test',
      base: '/',
      outDir: dir,
      trailingSlash: 'never',
      build: { format: 'file' },
    };
    const errors: string[] = [];
    const logger = { info() {}, warn() {}, error: (message: string) => errors.push(message) };
    for (const integration of integrations) {
      await hook(integration, 'astro:routes:resolved')?.({ routes: [] });
      await hook(integration, 'astro:config:done')?.({ config });
    }
    const pages = [{ pathname: '' }, { pathname: postPath }];
    for (const integration of integrations)
      await hook(integration, 'astro:build:done')?.({ dir, pages, logger });
    return { errors, sitemap: await readFile(path.join(outDir, 'sitemap-0.xml'), 'utf8') };
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}

describe('the sitemap at the end of a build', () => {
  it("gives a post the page's dateModified", async () => {
    const { errors, sitemap } = await finishBuild('blog/abc123def456ghi');
    expect(errors).toEqual([]);
    expect(sitemap).toContain(
      '<url><loc>https://example.test/blog/abc123def456ghi</loc><lastmod>2026-03-02T08:00:00.000Z</lastmod></url>',
    );
  });

  it('fails the build when a page cannot be serialised (the sitemap only logs it)', async () => {
    await expect(finishBuild('blog/odd%zz')).rejects.toThrow(
      'The sitemap could not be written: https://example.test/blog/odd%zz: URIError: URI malformed',
    );
  });
});
