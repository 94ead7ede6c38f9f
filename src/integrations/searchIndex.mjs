// @ts-check
/**
 * After `astro build`, Pagefind indexes the built posts into `dist/pagefind/`: a chunked static
 * index that the blog's search box downloads part by part, only once a reader uses it. Only
 * elements marked `data-pagefind-body` are indexed, and the post layout marks only a live post's
 * article, so a draft or scheduled post is never in the index (a draft preview's included).
 * A failure stops the build: a site whose search silently finds nothing must not go live.
 */
import { readdir, rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { close, createIndex } from 'pagefind';

/**
 * What the site never loads: Pagefind's own search interfaces (about 430 KB), and the WebAssembly
 * for pages in no known language (every page is indexed as English).
 */
const UNUSED =
  /^(pagefind-(ui|modular-ui|component-ui|highlight)\.(js|css)|wasm\.unknown\.pagefind)$/;

/**
 * @param {string} step
 * @param {string[]} errors
 * @returns {never}
 */
function fail(step, errors) {
  throw new Error(`Search index: ${step} failed: ${errors.join('; ')}`);
}

/** @returns {import('astro').AstroIntegration} */
export default function searchIndex() {
  return {
    name: 'ledgerwise-search-index',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const started = performance.now();
        const site = fileURLToPath(dir);
        try {
          const { index, errors } = await createIndex({ forceLanguage: 'en' });
          if (!index) return fail('starting Pagefind', errors);
          const added = await index.addDirectory({ path: site });
          if (added.errors.length > 0) fail('reading the pages', added.errors);
          const output = path.join(site, 'pagefind');
          const written = await index.writeFiles({ outputPath: output });
          if (written.errors.length > 0) fail('writing the index', written.errors);
          // Pagefind also writes its ready-made search interfaces; the site has its own box.
          for (const file of await readdir(output)) {
            if (UNUSED.test(file)) await rm(path.join(output, file));
          }
          const seconds = ((performance.now() - started) / 1000).toFixed(1);
          logger.info(`Search index: ${added.page_count} posts indexed in ${seconds} s`);
        } finally {
          await close();
        }
      },
    },
  };
}
