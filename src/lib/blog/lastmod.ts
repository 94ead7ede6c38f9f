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
 */
export function postLastmod(): {
  integration: AstroIntegration;
  serialize: (item: SitemapItem) => Promise<SitemapItem>;
} {
  let outDir = '';
  return {
    integration: {
      name: 'ledgerwise-post-lastmod',
      hooks: {
        'astro:config:done': ({ config }) => {
          outDir = fileURLToPath(config.outDir);
        },
      },
    },
    async serialize(item) {
      const pathname = decodeURIComponent(new URL(item.url).pathname);
      // A post is /blog/<id> (build.format 'file': blog/<id>.html); other pages keep no date.
      if (!/^\/blog\/[^/]+$/.test(pathname)) return item;
      const lastmod = dateModified(await readFile(path.join(outDir, `${pathname}.html`), 'utf8'));
      return lastmod ? { ...item, lastmod } : item;
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
