import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { init } from 'es-module-lexer';
import { beforeAll, describe, expect, it } from 'vitest';
import { closure, pageEntries } from '../../../tools/bench/sizes.ts';

beforeAll(() => init());

const island = (client: string, component: string) =>
  `<astro-island component-url="/_astro/${component}.js" renderer-url="/_astro/client.js" client="${client}"></astro-island>`;

describe('pageEntries', () => {
  it('starts from scripts and islands that load without a tap; a template holds first-use code', () => {
    const { entries, onFirstUse, renderers, stylesheets, toggleOnly } = pageEntries(
      '<!doctype html><html><head><script src="/_astro/site.js" type="module"></script>' +
        '<link rel="stylesheet" href="/_astro/site.css"><link rel="preload" href="/font.woff2">' +
        '<script>document.documentElement.className="dark"</script></head><body>' +
        island('interaction', 'ThemeToggle') +
        island('idle', 'Headline') +
        island('visible', 'ContactForm') +
        '<template data-on-first-use="search"><script type="module" src="/_astro/Search.js"></script></template>' +
        '<script type="module">import{a}from"/_astro/header.js";const l=()=>import("/_astro/lazy.js");</script>' +
        '</body></html>',
    );
    expect([...entries].sort()).toEqual([
      '/_astro/ContactForm.js',
      '/_astro/Headline.js',
      '/_astro/header.js',
      '/_astro/site.js',
    ]);
    expect([...onFirstUse.get('search')!]).toEqual(['/_astro/Search.js']);
    expect([...renderers]).toEqual(['/_astro/client.js']);
    expect([...stylesheets]).toEqual(['/_astro/site.css']);
    expect(toggleOnly).toBe(false);
  });

  it('calls a page whose islands all wait for interaction toggle-only', () => {
    const { entries, renderers, toggleOnly } = pageEntries(
      `<html><body>${island('interaction', 'ThemeToggle')}</body></html>`,
    );
    expect([entries.size, renderers.size, toggleOnly]).toEqual([0, 0, true]);
  });
});

describe('closure', () => {
  it("follows a chunk's static imports, not its dynamic ones nor other hosts", async () => {
    const dist = await mkdtemp(path.join(tmpdir(), 'lw-closure-'));
    try {
      await mkdir(path.join(dist, '_astro'));
      const chunks = {
        'Island.js': 'import{r}from"./react.js";import"./shared.js";export{x}from"./re.js";',
        'react.js': 'export const r=1;const l=()=>import("./lazy.js");',
        'shared.js': 'import"https://cdn.test/x.js";',
        're.js': 'export*from"./star.js";export const x=2;',
        'star.js': 'export const y=3;',
      };
      for (const [name, code] of Object.entries(chunks))
        await writeFile(path.join(dist, '_astro', name), code);
      const files = await closure(dist, ['/_astro/Island.js', '//cdn.test/y.js']);
      expect([...files].sort()).toEqual(
        ['Island.js', 're.js', 'react.js', 'shared.js', 'star.js'].map((name) => `/_astro/${name}`),
      );
    } finally {
      await rm(dist, { recursive: true, force: true });
    }
  });
});
