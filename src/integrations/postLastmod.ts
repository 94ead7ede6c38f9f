import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import type { SitemapItem } from '@astrojs/sitemap';

/**
 * The sitemap's `lastmod` of each post: the `dateModified` its own page states in its JSON-LD
 * (the post's `updated`), read from the built page, so the sitemap and the page always agree.
 * The sitemap integration cannot read content collections; the built pages are there when it
 * writes. `postLastmod()` gives the integration that learns where the build writes its pages
 * (`--outDir` included) and the sitemap's `serialize` that reads them.
 *
 * @astrojs/sitemap catches an error in `serialize` (or in writing) and only logs it, so the
 * build would succeed without a sitemap. The integration, placed after the sitemap's, fails the
 * build instead: on the error `serialize` met, or when no sitemap-index.xml was written.
 */
export function postLastmod(): {
  integration: AstroIntegration;
  serialize: (item: SitemapItem) => Promise<SitemapItem>;
} {
  let outDir = '';
  let failure: { url: string; error: unknown } | undefined;
  return {
    integration: {
      name: 'ledgerwise-post-lastmod',
      hooks: {
        'astro:config:done': ({ config }) => {
          outDir = fileURLToPath(config.outDir);
          failure = undefined;
        },
        'astro:build:done': ({ dir }) => {
          if (failure) {
            const { url, error } = failure;
            throw new Error(`The sitemap could not be written: ${url}: ${String(error)}`, {
              cause: error,
            });
          }
          if (!existsSync(new URL('sitemap-index.xml', dir)))
            throw new Error("The sitemap was not written: see @astrojs/sitemap's message above.");
        },
      },
    },
    async serialize(item) {
      try {
        const pathname = decodeURIComponent(new URL(item.url).pathname);
        // A post is /blog/<slug> (build.format 'file': blog/<slug>.html); other pages keep no date.
        if (!/^\/blog\/[^/]+$/.test(pathname)) return item;
        const html = await readFile(path.join(outDir, `${pathname}.html`), 'utf8');
        const lastmod = dateModified(html);
        return lastmod ? { ...item, lastmod } : item;
      } catch (error) {
        failure ??= { url: item.url, error };
        throw error;
      }
    },
  };
}

const JSON_LD = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/g;

/** The first `dateModified` in a page's JSON-LD blocks, at any depth. */
export function dateModified(html: string): string | undefined {
  const find = (value: unknown): string | undefined => {
    if (!value || typeof value !== 'object') return undefined;
    const record = value as Record<string, unknown>;
    if (typeof record.dateModified === 'string') return record.dateModified;
    for (const child of Object.values(record)) {
      const found = find(child);
      if (found) return found;
    }
    return undefined;
  };
  for (const [, text] of html.matchAll(JSON_LD)) {
    const found = find(JSON.parse(text));
    if (found) return found;
  }
  return undefined;
}
