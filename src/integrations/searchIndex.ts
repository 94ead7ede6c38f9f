/**
 * After `astro build`, Pagefind indexes the live posts into `dist/pagefind/`, a chunked index the
 * blog's search downloads part by part. Only pages marked `data-pagefind-body` go in, and the post
 * layout marks only a live post's article: no draft, scheduled post or other page is ever indexed.
 * A failure stops the build: a site whose search silently finds nothing must not go live.
 *
 * Pagefind cannot update an index, only write a whole one (a few seconds at 1,000 posts). So the
 * rebuild listener's builds leave it out (`later`, SEARCH_INDEX_LATER=true): the listener puts
 * the pages live with the previous index, then writes the new one with writeSearchIndex and puts
 * it live too (tools/publish/rebuildListener/buildQueue.ts).
 */
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { close, createIndex } from 'pagefind';
import { searchResultPath } from '../lib/blog/search.ts';

/** Pagefind's own search interfaces, which the site does not use (about 430 KB). */
const UNUSED = /^pagefind-(ui|modular-ui|component-ui|highlight)\.(js|css)$/;

/** The marker of what search indexes (layouts/PostLayout.astro). */
const INDEXED = /\sdata-pagefind-body[\s=>]/;

/** The folder of a site that holds its search index. */
export const SEARCH_INDEX_FOLDER = 'pagefind';

function fail(step: string, errors: string[]): never {
  throw new Error(`Search index: ${step} failed: ${errors.join('; ')}`);
}

/** Indexes the built site in `site` into `site/pagefind/`: how many posts, in how many seconds. */
export async function writeSearchIndex(site: string): Promise<{ posts: number; seconds: string }> {
  const started = performance.now();
  try {
    const { index, errors } = await createIndex({ forceLanguage: 'en' });
    if (!index) return fail('starting Pagefind', errors);
    let posts = 0;
    const files = await readdir(site, { recursive: true });
    for (const file of files.filter((name) => name.endsWith('.html')).sort()) {
      const content = await readFile(path.join(site, file), 'utf8');
      if (!INDEXED.test(content)) continue;
      const added = await index.addHTMLFile({
        url: searchResultPath(`/${file.split(path.sep).join('/')}`),
        content,
      });
      if (added.errors.length > 0) fail(`reading ${file}`, added.errors);
      posts += 1;
    }
    const output = path.join(site, SEARCH_INDEX_FOLDER);
    const written = await index.writeFiles({ outputPath: output });
    if (written.errors.length > 0) fail('writing the index', written.errors);
    for (const file of await readdir(output)) {
      if (UNUSED.test(file)) await rm(path.join(output, file));
    }
    return { posts, seconds: ((performance.now() - started) / 1000).toFixed(1) };
  } finally {
    await close();
  }
}

export default function searchIndex({ later = false }: { later?: boolean } = {}): AstroIntegration {
  return {
    name: 'ledgerwise-search-index',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        if (later) {
          logger.info(
            'Search index: left out (SEARCH_INDEX_LATER), for the rebuild listener to write',
          );
          return;
        }
        const { posts, seconds } = await writeSearchIndex(fileURLToPath(dir));
        logger.info(`Search index: ${posts} posts indexed in ${seconds} s`);
      },
    },
  };
}
