/**
 * A post's body lives beside the content store, not in it. Astro bundles the whole store into
 * the build's server code at every build (`astro:data-layer-content`), so bodies kept there cost
 * Vite time and memory in proportion to all the site has published: 5 MB of HTML at 1,000 posts
 * was about 100 MB of a build's peak. The loader writes each sanitised body to
 * `<cacheDir>/ledgerwise-post-html/<sha256>.html` and the entry keeps the file's name; a post page
 * reads its own when it renders. Named by its digest, an edited body is a new file, so the entry,
 * and with it the page's cache key, changes with the body.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { cacheFolder, writeOnce } from './cacheFiles';

const POST_HTML_FOLDER = 'ledgerwise-post-html';

/** The folder of the bodies in Astro's cacheDir. */
export function postHtmlDir(cacheDir: URL | string): string {
  return cacheFolder(cacheDir, POST_HTML_FOLDER);
}

/** Keeps a body in `dir`; returns its file's name, `<sha256>.html`. */
export async function writePostHtml(dir: string, html: string): Promise<string> {
  const file = `${createHash('sha256').update(html).digest('hex')}.html`;
  await mkdir(dir, { recursive: true });
  await writeOnce(path.join(dir, file), html);
  return file;
}

/** Whether a stored entry's body is still in `dir` (a warm build fetches the post again if not). */
export function postHtmlPresent(dir: string, file: string): boolean {
  return existsSync(path.join(dir, file));
}

/** A body the loader kept, by its file's name. */
export async function readPostHtml(dir: string, file: string): Promise<string> {
  try {
    return await readFile(path.join(dir, file), 'utf8');
  } catch (error) {
    throw new Error(
      `The body ${file} is not in ${dir}: was the folder emptied during the build, or do the ` +
        'content loader and the pages use different cacheDirs (ASTRO_CACHE_DIR)?',
      { cause: error },
    );
  }
}
