import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SitemapItem } from '@astrojs/sitemap';

/**
 * The sitemap's `lastmod` of each post, from its `updated`. The sitemap integration cannot read
 * content collections, so the blogs loader writes each post's path and `updated` into Astro's
 * cacheDir, and the sitemap's `serialize` (astro.config.mjs) reads them back in the same build.
 */
const LASTMOD_FILE = 'ledgerwise-post-lastmod.json';

const fileIn = (cacheDir: URL | string) =>
  path.join(typeof cacheDir === 'string' ? cacheDir : fileURLToPath(cacheDir), LASTMOD_FILE);

/** Replaces the list: `{ "/blog/<id>": "<ISO date>" }` for every post of this build. */
export async function writePostLastmod(
  cacheDir: URL | string,
  lastmod: Record<string, string>,
): Promise<void> {
  const file = fileIn(cacheDir);
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, JSON.stringify(lastmod));
  await rename(temporary, file);
}

/** A sitemap `serialize` that gives each post its `lastmod`; other pages pass through unchanged. */
export function addPostLastmod(cacheDir: string): (item: SitemapItem) => Promise<SitemapItem> {
  let lastmod: Promise<Record<string, string>> | undefined;
  return async (item) => {
    // Written by every build's blog load (an empty blog writes {}): a missing file is a bug.
    lastmod ??= readFile(fileIn(cacheDir), 'utf8').then(
      (text) => JSON.parse(text) as Record<string, string>,
    );
    const date = (await lastmod)[new URL(item.url).pathname];
    return date ? { ...item, lastmod: date } : item;
  };
}
