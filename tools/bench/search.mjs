/**
 * What the blog's search costs a reader who uses it: on a built site, /blog in Chromium at
 * Lighthouse's mobile viewport, the box focused and a query typed. Counts the script files loaded
 * from then on (gzip, from the built files) and, apart, Pagefind's index parts (already
 * compressed by Pagefind, so their size as served).
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { startStaticServer } from '../serve/staticServer.mjs';
import { CHROMIUM_FLAGS } from '../shared/chromium.mjs';
import { chromiumPath } from './lighthouse.mjs';
import { gzipSize } from './weight.mjs';

/**
 * @param {string} distDir the built site
 * @param {string} query what the reader types
 * @returns {Promise<{ query: string, results: string, scriptGzip: number, indexBytes: number, scripts: string[] }>}
 */
export async function measureSearch(distDir, query) {
  const server = await startStaticServer({ root: distDir });
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS });
  try {
    const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
    await page.goto(new URL('/blog', server.url).href, { waitUntil: 'networkidle' });
    /** @type {string[]} */
    const loaded = [];
    page.on('request', (request) => loaded.push(new URL(request.url()).pathname));
    await page.locator('#blog-search-input').focus();
    await page.keyboard.type(query);
    await page.locator('#blog-search-results li').first().waitFor();
    await page.waitForLoadState('networkidle');
    const results = (await page.locator('#blog-search-summary').textContent()) ?? '';
    const scripts = loaded.filter((url) => /\.m?js$/.test(url));
    const file = (url) => path.join(distDir, decodeURIComponent(url));
    let scriptGzip = 0;
    for (const url of scripts) scriptGzip += gzipSize(await readFile(file(url)));
    let indexBytes = 0;
    for (const url of loaded.filter((item) => item.startsWith('/pagefind/') && !/\.js$/.test(item)))
      indexBytes += (await stat(file(url))).size;
    return { query, results, scriptGzip, indexBytes, scripts };
  } finally {
    await browser.close();
    await server.close();
  }
}
