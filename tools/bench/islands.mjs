/**
 * Watches a page load in Chromium (Playwright) at Lighthouse's mobile viewport: which scripts
 * load before any scrolling, whether an island's code loads only when the island is in view
 * (client:visible) and which hosts the page contacts, also after scrolling to the bottom.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_FLAGS } from '../shared/chromium.mjs';
import { chromiumPath } from './lighthouse.mjs';
import { gzipSize, isReactRuntime } from './weight.mjs';

/** Lighthouse's mobile screen (Moto G Power). */
const MOBILE_VIEWPORT = { width: 412, height: 823 };
const SETTLE_MS = 2_500;

const isJavaScript = (request) =>
  request.resourceType() === 'script' || /\.m?js(\?|$)/.test(new URL(request.url()).pathname);

/**
 * @param {string} baseUrl served site
 * @param {string[]} routes
 */
export async function watchIslandLoading(baseUrl, routes) {
  const origin = new URL(baseUrl).origin;
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: CHROMIUM_FLAGS,
  });
  const results = [];
  try {
    for (const route of routes) {
      const context = await browser.newContext({
        viewport: MOBILE_VIEWPORT,
        deviceScaleFactor: 1.75,
        isMobile: true,
        hasTouch: true,
      });
      const page = await context.newPage();
      /** @type {{ url: string, phase: 'load' | 'scroll', js: boolean }[]} */
      const requests = [];
      /** @type {'load' | 'scroll'} */
      let phase = 'load';
      page.on('request', (request) => {
        requests.push({ url: request.url(), phase, js: isJavaScript(request) });
      });
      await page.goto(new URL(route, baseUrl).href, { waitUntil: 'networkidle' });
      // client:idle islands wait for requestIdleCallback; give them time before judging.
      await page.waitForTimeout(SETTLE_MS);
      await page.waitForLoadState('networkidle');

      const snapshot = await page.evaluate(() => {
        const paint = performance.getEntriesByName('first-contentful-paint')[0];
        const fcp = paint ? paint.startTime : null;
        const scriptsBeforePaint = performance
          .getEntriesByType('resource')
          .filter((entry) => /\.m?js(\?|$)/.test(new URL(entry.name).pathname))
          .filter((entry) => fcp !== null && entry.startTime < fcp)
          .map((entry) => new URL(entry.name).pathname);
        const islands = [...document.querySelectorAll('astro-island')].map((island) => {
          const rect = island.getBoundingClientRect();
          const shown = island.querySelector('*');
          const box = shown ? shown.getBoundingClientRect() : rect;
          return {
            componentUrl: island.getAttribute('component-url') ?? '',
            client: island.getAttribute('client') ?? '',
            inView: box.bottom > 0 && box.top < window.innerHeight && box.height > 0,
          };
        });
        return { fcp, scriptsBeforePaint, islands };
      });
      const loadedBeforeScroll = new Set(
        requests.filter((item) => item.js).map((item) => new URL(item.url).pathname),
      );

      // Code of islands that must wait: client:visible and out of view, unless another
      // island that may load now shares the same component file.
      const eager = new Set(
        snapshot.islands
          .filter((island) => island.client !== 'visible' || island.inView)
          .map((island) => island.componentUrl),
      );
      const loadedTooEarly = snapshot.islands
        .filter((island) => island.client === 'visible' && !island.inView)
        .filter(
          (island) =>
            !eager.has(island.componentUrl) && loadedBeforeScroll.has(island.componentUrl),
        )
        .map((island) => island.componentUrl);
      const notLoadedInView = snapshot.islands
        .filter((island) => island.client === 'visible' && island.inView)
        .filter((island) => !loadedBeforeScroll.has(island.componentUrl))
        .map((island) => island.componentUrl);

      phase = 'scroll';
      await page.evaluate(async () => {
        const step = Math.max(200, Math.floor(window.innerHeight * 0.8));
        for (let y = 0; y < document.documentElement.scrollHeight; y += step) {
          window.scrollTo(0, y);
          await new Promise((resolve) => setTimeout(resolve, 120));
        }
        window.scrollTo(0, document.documentElement.scrollHeight);
      });
      await page.waitForTimeout(1_000);
      await page.waitForLoadState('networkidle');

      const otherHosts = [
        ...new Set(
          requests
            .map((item) => item.url)
            .filter((url) => /^https?:/.test(url) && new URL(url).origin !== origin),
        ),
      ];
      results.push({
        route,
        fcpMs: snapshot.fcp,
        scriptsBeforePaint: snapshot.scriptsBeforePaint,
        jsBeforeScroll: [...loadedBeforeScroll],
        jsAfterScroll: [
          ...new Set(
            requests
              .filter((item) => item.js && item.phase === 'scroll')
              .map((item) => new URL(item.url).pathname),
          ),
        ],
        islands: snapshot.islands,
        loadedTooEarly,
        notLoadedInView,
        otherHosts,
      });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return results;
}

/** The toggle's directive: an island with it loads nothing until a visitor interacts. */
const ON_INTERACTION = 'interaction';

/**
 * What each watched page loaded before any interaction (the watcher loads, waits and scrolls,
 * and never taps, clicks, focuses or types), weighed from the built files: gzip bytes in all
 * and those of React's runtime. A page is toggle-only when its only islands wait for interaction.
 */
export async function weighJsBeforeInteraction(distDir, watch) {
  const sizes = new Map();
  const weigh = async (pathname) => {
    if (!sizes.has(pathname)) {
      const source = await readFile(path.join(distDir, pathname));
      sizes.set(pathname, {
        gzip: gzipSize(source),
        react: isReactRuntime(source.toString('utf8'), pathname),
      });
    }
    return sizes.get(pathname);
  };
  const pages = [];
  for (const item of watch) {
    const files = [...new Set([...item.jsBeforeScroll, ...item.jsAfterScroll])];
    let gzip = 0;
    let reactGzip = 0;
    for (const file of files) {
      const size = await weigh(file);
      gzip += size.gzip;
      if (size.react) reactGzip += size.gzip;
    }
    pages.push({
      route: item.route,
      toggleOnly:
        item.islands.length > 0 && item.islands.every((island) => island.client === ON_INTERACTION),
      gzip,
      reactGzip,
      files,
    });
  }
  return pages;
}
