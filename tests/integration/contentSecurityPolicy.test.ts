/**
 * The Content-Security-Policy of the real site, through a real `astro build` against a seeded
 * PocketBase: Astro writes each page's policy (security.csp), the project adds its inline
 * scripts' hashes, the search box's WebAssembly and the configured EmailJS origin.
 */
import { createHash } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listBuiltPages } from '../support/builtSite';
import { startTestPocketBase, type TestPocketBase } from '../support/pocketbase';
import { buildSite } from '../support/site';

type Node = DefaultTreeAdapterMap['parentNode'];
type Element = DefaultTreeAdapterMap['element'];

/** A test endpoint with a path, as a developer may write it: the policy names its origin. */
const EMAILJS_API = 'http://127.0.0.1:4599/emailjs/';

let pocketbase: TestPocketBase;
let outDir: string;
beforeAll(async () => {
  pocketbase = await startTestPocketBase({ seed: true });
  outDir = await buildSite({
    pocketbaseUrl: pocketbase.url,
    env: { PUBLIC_EMAILJS_API_ORIGIN: EMAILJS_API },
  });
}, 300_000);
afterAll(async () => {
  await pocketbase?.stop();
  if (outDir) await rm(path.dirname(outDir), { recursive: true, force: true });
});

const attribute = (element: Element, name: string) =>
  element.attrs.find((attr) => attr.name === name)?.value;

/** Every element of a page, template contents included. */
function elementsOf(node: Node): Element[] {
  return node.childNodes.flatMap((child) => {
    if (!('tagName' in child)) return [];
    const inner = 'content' in child ? [...elementsOf(child), ...elementsOf(child.content)] : [];
    return [child, ...(inner.length ? inner : elementsOf(child))];
  });
}

/** A built page: its policy's directives by name, its runnable inline scripts, its search box. */
async function readPage(file: string) {
  const elements = elementsOf(parse(await readFile(path.join(outDir, file), 'utf8')));
  const metas = elements.filter(
    (e) => attribute(e, 'http-equiv')?.toLowerCase() === 'content-security-policy',
  );
  const directives = new Map(
    (metas.length === 1 ? attribute(metas[0], 'content')! : '')
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name, sources]),
  );
  const scripts = elements
    .filter((e) => e.tagName === 'script' && attribute(e, 'src') === undefined)
    .filter((e) => !/^application\/(ld\+)?json$/.test(attribute(e, 'type') ?? ''))
    .map((e) => e.childNodes.map((child) => ('value' in child ? child.value : '')).join(''));
  const searchable = elements.some(
    (e) => e.tagName === 'form' && attribute(e, 'data-search') === '',
  );
  return { metas: metas.length, directives, scripts, searchable };
}

const hashOf = (text: string) =>
  `'sha256-${createHash('sha256').update(text.replace(/\r\n?/g, '\n')).digest('base64')}'`;

describe('the built pages', () => {
  it('each have one policy that allows their inline scripts by hash, never by unsafe-inline', async () => {
    const pages = await listBuiltPages(outDir);
    expect(pages.length).toBeGreaterThan(10);
    let inlineScripts = 0;
    for (const { file } of pages) {
      const { metas, directives, scripts } = await readPage(file);
      expect(metas, file).toBe(1);
      const scriptSrc = directives.get('script-src') ?? [];
      expect(scriptSrc[0], file).toBe("'self'");
      expect(scriptSrc, file).not.toContain("'unsafe-inline'");
      expect(scriptSrc, file).not.toContain("'unsafe-eval'");
      for (const script of scripts)
        expect(scriptSrc, `${file}: ${script}`).toContain(hashOf(script));
      inlineScripts += scripts.length;
      // <style> elements by hash; only style attributes (CSS custom properties) inline.
      expect(directives.get('style-src'), file).not.toContain("'unsafe-inline'");
      expect(directives.get('style-src-attr'), file).toEqual(["'unsafe-inline'"]);
      expect(directives.get('connect-src'), file).toEqual(["'self'", 'http://127.0.0.1:4599']);
      expect(directives.get('img-src'), file).toEqual(["'self'"]);
      expect(directives.get('default-src'), file).toEqual(["'self'"]);
    }
    // The theme script at least, on every page.
    expect(inlineScripts).toBeGreaterThanOrEqual(pages.length);
  });

  it('let only the pages with the search box compile WebAssembly (Pagefind)', async () => {
    const withBox: string[] = [];
    for (const { file } of await listBuiltPages(outDir)) {
      const { directives, searchable } = await readPage(file);
      if (searchable) withBox.push(file);
      const wasm = (directives.get('script-src') ?? []).includes("'wasm-unsafe-eval'");
      expect(wasm, file).toBe(searchable);
    }
    expect(withBox).toEqual(expect.arrayContaining(['blog.html', 'blog/search.html']));
  });
});
