import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPhases, renderPhaseSeconds } from '../../../tools/bench/scale.mjs';
import { medianRun } from '../../../tools/bench/lighthouse.mjs';
import {
  fileForRoute,
  gzipSize,
  isMixedReactChunk,
  isReactRuntime,
  readAttributes,
  staticImports,
  weighPage,
} from '../../../tools/bench/weight.mjs';
import { pngSize, readLocs, routeOf } from '../../support/builtSite';

const run = (performance: number, lcpMs: number) => ({ scores: { performance }, lcpMs });

describe('medianRun', () => {
  it('takes the middle run ranked by performance score, then LCP', () => {
    const runs = [run(90, 1000), run(100, 900), run(95, 1200)];
    expect(medianRun(runs)).toBe(runs[2]);
  });

  it('breaks a tie in score by the faster LCP', () => {
    const runs = [run(100, 1300), run(100, 1100), run(100, 1200)];
    expect(medianRun(runs).lcpMs).toBe(1200);
  });
});

describe('renderPhaseSeconds', () => {
  it("reads the duration of Astro's page rendering phase, not of the phases around it", () => {
    const output = [
      ' building client (vite) ',
      '04:13:45 [vite] ✓ built in 3.63s',
      ' generating static routes ',
      '04:13:45 ▶ src/pages/about.astro',
      '04:53:53 ✓ Completed in 4.08s.',
      ' generating optimized images ',
      '04:53:54 ✓ Completed in 716ms.',
    ].join('\n');
    expect(renderPhaseSeconds(output)).toBe(4.08);
    expect(renderPhaseSeconds('generating static routes\n✓ Completed in 380ms.')).toBe(0.38);
    expect(renderPhaseSeconds('[build] Complete!')).toBeNull();
  });
});

describe('buildPhases', () => {
  it("splits Astro 7's build log into loaders, bundling, rendering, images, sitemap, search and CSP", () => {
    // As Astro 7 writes it: the phase banners carry no clock.
    const output = [
      '10:00:00 [content] Syncing content',
      '10:00:07 [content] Synced content',
      '10:00:07 [build] Building static entrypoints...',
      '10:00:12 [vite] ✓ built in 4.80s',
      '\u001b[42m\u001b[30m generating static routes \u001b[39m\u001b[49m',
      '10:00:20 ▶ src/pages/404.astro',
      '10:00:20   └─ /404.html (+53ms)',
      '10:00:50 ✓ Completed in 30.20s.',
      '\u001b[42m\u001b[30m generating optimized images \u001b[39m\u001b[49m',
      '10:00:50   ▶ /_astro/a.webp (before: 30kB, after: 5kB) (+1.2s) (1/2)',
      '10:01:30 ✓ Completed in 40.10s.',
      '10:01:32 [@astrojs/sitemap] `sitemap-index.xml` created at `dist`',
      '10:01:36 [ledgerwise-search-index] Search index: 1000 posts indexed in 3.9 s',
      '10:01:37 [ledgerwise-inline-script-check] Content-Security-Policy checked in 1010 pages (1000 unchanged since a build that passed) in 0.6 s.',
      '10:01:41 [build] 1010 page(s) built in 101.0s',
      '10:01:41 [build] Complete!',
    ].join('\n');
    expect(buildPhases(output)).toEqual({
      contentSeconds: 7,
      bundleSeconds: 13,
      renderSeconds: 30.2,
      imageSeconds: 40.1,
      sitemapSeconds: 2,
      searchSeconds: 3.9,
      cspSeconds: 0.6,
    });
    expect(buildPhases('no timestamps here').contentSeconds).toBeNull();
  });
});

describe('page weight helpers', () => {
  it('maps clean URLs to the files of build.format "file"', () => {
    expect(fileForRoute('/')).toBe('index.html');
    expect(fileForRoute('/about')).toBe('about.html');
    expect(fileForRoute('/blog/abc')).toBe('blog/abc.html');
    expect(routeOf('index.html')).toBe('/');
    expect(routeOf('blog/abc.html')).toBe('/blog/abc');
    expect(routeOf('blog/index.html')).toBe('/blog');
  });

  it('reads the attributes of a start tag, quoted, unquoted and bare', () => {
    expect(readAttributes('<script type="module" src=/a.js async>')).toEqual({
      type: 'module',
      src: '/a.js',
      async: '',
    });
    expect(readAttributes(`<astro-island props="{&quot;a&quot;:1}">`)).toEqual({
      props: '{"a":1}',
    });
  });

  it('finds the static imports of a minified chunk, not its dynamic ones', () => {
    const source =
      'import{j as e}from"./jsx-runtime.js";import"./side.js";export{x}from"./re.js";const l=()=>import("./lazy.js");';
    expect(staticImports(source).sort()).toEqual(['./jsx-runtime.js', './re.js', './side.js']);
  });

  it("recognises React's runtime by its licence banner and chunk name", () => {
    const banner = '/** @license React\n * react-dom-client.production.js */';
    expect(isReactRuntime(banner)).toBe(true);
    expect(isReactRuntime(banner, '/_astro/client.DfokBjuf.js')).toBe(true);
    expect(isReactRuntime(banner, '/_astro/jsx-runtime.D_zvdyIk.js')).toBe(true);
    expect(isReactRuntime('/** @license lucide-react v1 - ISC */', '/_astro/index.js')).toBe(false);
  });

  it('counts an island chunk with React merged into it as beyond React', () => {
    const merged =
      'var d={};/** @license React react-jsx-runtime.production.js */ class ErrorBoundary{}';
    expect(isReactRuntime(merged, '/_astro/ErrorBoundary.DE48afzm.js')).toBe(false);
    expect(isMixedReactChunk(merged, '/_astro/ErrorBoundary.DE48afzm.js')).toBe(true);
    // Vite 8 drops the banners: React is known by its error URL and its element symbol.
    const dom =
      'function f(e){return`Minified React error #`+e+`; visit https://react.dev/errors/`+e}';
    const core = 'var t=Symbol.for(`react.transitional.element`),n=Symbol.for(`react.portal`);';
    expect(isReactRuntime(dom, '/_astro/client.OzTcoKK0.js')).toBe(true);
    expect(isReactRuntime(core, '/_astro/react.DvXU6kJ2.js')).toBe(true);
    expect(isMixedReactChunk(`${core}class ErrorBoundary{}`, '/_astro/ErrorBoundary.B.js')).toBe(
      true,
    );
    expect(isReactRuntime('var keen=1;', '/_astro/index.CSgyHkap.js')).toBe(false);
  });
});

describe('weighPage', () => {
  let dist: string;
  const react = '/** @license React react.production.js */ export const r = 1;'.padEnd(400, ' ');
  const island = 'import{r}from"./react.js";import"./shared.js";export default r;';
  const shared = 'export const s = 2;';
  const css = 'body{color:red}'.repeat(20);

  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'lw-weigh-'));
    await mkdir(path.join(dist, '_astro'));
    await writeFile(path.join(dist, '_astro', 'react.js'), react);
    await writeFile(path.join(dist, '_astro', 'Island.js'), island);
    await writeFile(path.join(dist, '_astro', 'shared.js'), shared);
    await writeFile(path.join(dist, '_astro', 'site.css'), css);
    await writeFile(path.join(dist, '_astro', 'print.css'), css);
    await writeFile(
      path.join(dist, 'contact.html'),
      '<!doctype html><html><head><link rel="stylesheet" href="/_astro/site.css">' +
        '<link rel="stylesheet" href="/_astro/print.css" media="print"><script src="/blocking.js"></script>' +
        '<script>document.documentElement.className="dark"</script></head><body>' +
        '<astro-island component-url="/_astro/Island.js" component-export="default" renderer-url="/_astro/react.js" client="visible"></astro-island>' +
        '<script type="application/ld+json">{"@type":"Thing"}</script></body></html>',
    );
  });
  afterAll(() => rm(dist, { recursive: true, force: true }));

  it('sums first-paint CSS, follows island imports and splits React from the rest', async () => {
    const weight = await weighPage(dist, '/contact');
    expect(weight.css.map((item) => item.url)).toEqual(['/_astro/site.css']);
    expect(weight.firstPaintGzip).toBe(weight.htmlGzip + gzipSize(css));
    expect(weight.blockingScripts).toEqual(['/blocking.js']);
    expect(weight.islands).toEqual([
      {
        component: 'Island',
        client: 'visible',
        componentUrl: '/_astro/Island.js',
        rendererUrl: '/_astro/react.js',
      },
    ]);
    expect(weight.js.chunks.map((chunk) => chunk.url).sort()).toEqual([
      '/_astro/Island.js',
      '/_astro/react.js',
      '/_astro/shared.js',
    ]);
    expect(weight.js.reactGzip).toBe(gzipSize(react));
    const inline = gzipSize('document.documentElement.className="dark"');
    expect(weight.js.beyondReactGzip).toBe(gzipSize(island) + gzipSize(shared) + inline);
  });
});

describe('built-site helpers', () => {
  it('reads the locations of a sitemap', () => {
    const xml =
      '<urlset><url><loc>https://x.test/</loc></url><url><loc> https://x.test/a?b=1&amp;c=2 </loc></url></urlset>';
    expect(readLocs(xml)).toEqual(['https://x.test/', 'https://x.test/a?b=1&c=2']);
  });

  it('reads the size of a PNG and refuses other files', () => {
    const header = Buffer.alloc(24);
    Buffer.from('89504e470d0a1a0a', 'hex').copy(header, 0);
    header.write('IHDR', 12, 'ascii');
    header.writeUInt32BE(1200, 16);
    header.writeUInt32BE(630, 20);
    expect(pngSize(header)).toEqual({ width: 1200, height: 630 });
    expect(() => pngSize(Buffer.from('GIF89a'.padEnd(24)))).toThrow('not a PNG');
  });
});
