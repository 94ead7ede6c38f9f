/**
 * Reads the built site in E2E_DIST_DIR (the folder the Playwright global setup built and serves):
 * which pages exist, the routes they answer, the sitemap and a few file facts. Pure Node, no
 * browser, so the site-wide checks can walk every page.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

interface BuiltPage {
  /** Path of the .html file relative to the built folder, e.g. "blog/abc.html". */
  file: string;
  /** The clean URL it answers (build.format 'file'): "/", "/about", "/blog/abc". */
  route: string;
  /** A 404 page: served with status 404, never in the sitemap. */
  isNotFound: boolean;
}

export function distDir(): string {
  const dir = process.env.E2E_DIST_DIR;
  if (!dir)
    throw new Error('E2E_DIST_DIR is not set: run these checks through `npx playwright test`.');
  return dir;
}

/** "index.html" → "/", "about.html" → "/about", "blog/index.html" → "/blog". */
export function routeOf(file: string): string {
  const withoutExt = `/${file.replace(/\.html$/, '')}`;
  return withoutExt.replace(/\/index$/, '') || '/';
}

/** Every HTML page of the built site, sorted by route. */
export async function listBuiltPages(dir = distDir()): Promise<BuiltPage[]> {
  const files = (await readdir(dir, { recursive: true }))
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => file.endsWith('.html'));
  return files
    .map((file) => ({
      file,
      route: routeOf(file),
      isNotFound: path.posix.basename(file) === '404.html',
    }))
    .sort((a, b) => a.route.localeCompare(b.route));
}

/** The text of every <loc> in an XML sitemap document. */
export function readLocs(xml: string): string[] {
  return [...xml.matchAll(/<loc>\s*([^<\s]+)\s*<\/loc>/g)].map((match) =>
    match[1].replace(/&amp;/g, '&'),
  );
}

/**
 * The sitemap's URLs, read from sitemap-index.xml and the sitemaps it names (local files: the
 * index names them by the production origin). Also returns that origin, the site's own URL.
 */
export async function readSitemap(dir = distDir()): Promise<{ origin: string; urls: string[] }> {
  const index = await readFile(path.join(dir, 'sitemap-index.xml'), 'utf8');
  const sitemaps = readLocs(index);
  if (sitemaps.length === 0) throw new Error('sitemap-index.xml names no sitemap.');
  const origin = new URL(sitemaps[0]).origin;
  const urls: string[] = [];
  for (const sitemap of sitemaps) {
    const local = path.join(dir, new URL(sitemap).pathname);
    urls.push(...readLocs(await readFile(local, 'utf8')));
  }
  return { origin, urls };
}

/** Width and height from a PNG's IHDR chunk. */
export function pngSize(data: Buffer): { width: number; height: number } {
  const signature = '89504e470d0a1a0a';
  if (
    data.subarray(0, 8).toString('hex') !== signature ||
    data.toString('ascii', 12, 16) !== 'IHDR'
  ) {
    throw new Error('not a PNG file');
  }
  return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
}
