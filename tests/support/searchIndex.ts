/**
 * What a built site's Pagefind index holds, read from its files: each page's fragment is gzip of
 * `pagefind_dcd` and the page's JSON (its URL, text and meta, the title included).
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';

export interface IndexedPage {
  url: string;
  title: string;
}

/** The pages the search index of the site in `site` finds, sorted by URL. */
export async function readSearchIndex(site: string): Promise<IndexedPage[]> {
  const folder = path.join(site, 'pagefind', 'fragment');
  const pages: IndexedPage[] = [];
  for (const name of await readdir(folder)) {
    const text = gunzipSync(await readFile(path.join(folder, name))).toString('utf8');
    const page = JSON.parse(text.replace(/^pagefind_dcd/, ''));
    pages.push({ url: page.url, title: page.meta.title });
  }
  return pages.sort((a, b) => a.url.localeCompare(b.url));
}
