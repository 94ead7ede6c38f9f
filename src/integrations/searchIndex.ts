/**
 * After `astro build`, Pagefind indexes the live posts into `dist/pagefind/`, a chunked index the
 * blog's search downloads part by part. Only pages marked `data-pagefind-body` go in, and the post
 * layout marks only a live post's article: no draft, scheduled post or other page is ever indexed.
 * A failure stops the build: a site whose search silently finds nothing must not go live.
 */
import { readdir, readFile, rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import type { AstroIntegration } from 'astro';
import { close, createIndex } from 'pagefind';
import { searchResultPath } from '../lib/blog/search.ts';

/** Pagefind's own search interfaces, which the site does not use (about 430 KB). */
const UNUSED = /^pagefind-(ui|modular-ui|component-ui|highlight)\.(js|css)$/;

/** The marker of what search indexes (layouts/PostLayout.astro). */
const INDEXED = /\sdata-pagefind-body[\s=>]/;

function fail(step: string, errors: string[]): never {
  throw new Error(`Search index: ${step} failed: ${errors.join('; ')}`);
}

export default function searchIndex(): AstroIntegration {
  return {
    name: 'ledgerwise-search-index',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const started = performance.now();
        const site = fileURLToPath(dir);
        try {
          const { index, errors } = await createIndex({ forceLanguage: 'en' });
          if (!index) return fail('starting Pagefind', errors);
          let count = 0;
          const files = await readdir(site, { recursive: true });
          for (const file of files.filter((name) => name.endsWith('.html')).sort()) {
            const content = await readFile(path.join(site, file), 'utf8');
            if (!INDEXED.test(content)) continue;
            const added = await index.addHTMLFile({
              url: searchResultPath(`/${file.split(path.sep).join('/')}`),
              content,
            });
            if (added.errors.length > 0) fail(`reading ${file}`, added.errors);
            count += 1;
          }
          const output = path.join(site, 'pagefind');
          const written = await index.writeFiles({ outputPath: output });
          if (written.errors.length > 0) fail('writing the index', written.errors);
          for (const file of await readdir(output)) {
            if (UNUSED.test(file)) await rm(path.join(output, file));
          }
          const seconds = ((performance.now() - started) / 1000).toFixed(1);
          logger.info(`Search index: ${count} posts indexed in ${seconds} s`);
        } finally {
          await close();
        }
      },
    },
  };
}
