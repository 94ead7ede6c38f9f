/**
 * The script every built page loads before a visitor taps, focuses or types, from its HTML and the
 * chunks' static imports: the scripts outside <template> (a template holds what loads on first use)
 * and the islands that hydrate on their own, with their renderer, whose graph is React's runtime.
 * Beside them, home's first paint: its HTML and the stylesheets it links. The files go to
 * .bench/sizes/<check>/ for size-limit to weigh against .size-limit.json.
 */
import { execFile } from 'node:child_process';
import { copyFile, glob, mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { init, parse as parseModule } from 'es-module-lexer';
import { parse as parseHtml, type DefaultTreeAdapterMap } from 'parse5';
import { PROJECT_ROOT } from '../shared/paths.ts';
import type { SizeCheck } from './budgets.ts';

type Node = DefaultTreeAdapterMap['node'];
/** Where .size-limit.json's checks look. */
const STAGE_DIR = path.join(PROJECT_ROOT, '.bench', 'sizes');
/** The search box's first-use template (<OnFirstUse for="blog-search"> in SearchForm.astro). */
const SEARCH_TEMPLATE = 'blog-search';
/** Islands that load their code only when a visitor interacts (the project's client:interaction). */
const ON_INTERACTION = 'interaction';

/** A chunk's static imports and re-exports (`export * from` is a record of its own). */
const staticImports = (code: string) =>
  parseModule(code)[0].flatMap((entry) =>
    entry.type === 'static' || entry.type === 'reexport-star' ? [entry.specifier] : [],
  );

/**
 * Where a page starts: its script URLs, its islands' renderers, whether it is toggle-only, and
 * apart the scripts each <template data-on-first-use="name"> holds (code loaded on first use);
 * and the stylesheets it links (what first paint waits for, besides the HTML).
 */
export function pageEntries(html: string) {
  const entries = new Set<string>();
  const onFirstUse = new Map<string, Set<string>>();
  const renderers = new Set<string>();
  const stylesheets = new Set<string>();
  let toggleOnly = true;
  const visit = (node: Node, scripts = entries) => {
    if ('tagName' in node) {
      const attribute = (name: string) => node.attrs.find((item) => item.name === name)?.value;
      const src = attribute('src');
      if (node.tagName === 'script' && src) scripts.add(src);
      else if (node.tagName === 'link' && attribute('rel') === 'stylesheet')
        stylesheets.add(attribute('href') as string);
      else if (node.tagName === 'script' && attribute('type') === 'module') {
        const text = node.childNodes.map((child) => ('value' in child ? child.value : '')).join('');
        for (const url of staticImports(text)) scripts.add(url);
      }
      if (node.tagName === 'template' && 'content' in node) {
        const name = attribute('data-on-first-use') ?? '';
        onFirstUse.set(name, onFirstUse.get(name) ?? new Set());
        visit(node.content, onFirstUse.get(name));
      }
      if (node.tagName === 'astro-island' && attribute('client') !== ON_INTERACTION) {
        toggleOnly = false;
        for (const name of ['component-url', 'before-hydration-url'])
          if (attribute(name)) entries.add(attribute(name) as string);
        if (attribute('renderer-url')) renderers.add(attribute('renderer-url') as string);
      }
    }
    // A <template>'s content is not among its childNodes: parse5 keeps it apart, as browsers do.
    if ('childNodes' in node) node.childNodes.forEach((child) => visit(child, scripts));
  };
  visit(parseHtml(html));
  return { entries, onFirstUse, renderers, stylesheets, toggleOnly };
}

/** The site's files that `urls` load, following their static imports (not `import()`). */
export async function closure(distDir: string, urls: Iterable<string>) {
  const site = 'http://site';
  const files = new Set<string>();
  const queue = [...urls].map((url) => new URL(url, `${site}/`));
  for (let url = queue.shift(); url; url = queue.shift()) {
    // Other hosts' scripts are not the site's files (and its CSP refuses them).
    if (url.origin !== site || files.has(url.pathname)) continue;
    files.add(url.pathname);
    const code = await readFile(path.join(distDir, url.pathname), 'utf8');
    for (const spec of staticImports(code)) queue.push(new URL(spec, url));
  }
  return files;
}

/**
 * Copies each check's files (home and contact beyond React, React's runtime, what toggle-only
 * pages load, a first search on /blog, home's first paint) into .bench/sizes/ and runs
 * size-limit on them.
 */
export async function weighPages(distDir: string) {
  await init();
  await rm(STAGE_DIR, { recursive: true, force: true });
  // size-limit passes a check whose folder is empty or missing: every check must have its page.
  const staged = new Set<string>();
  const stage = async (check: string, files: Iterable<string>) => {
    staged.add(check);
    await mkdir(path.join(STAGE_DIR, check), { recursive: true });
    for (const file of files)
      await copyFile(path.join(distDir, file), path.join(STAGE_DIR, check, path.basename(file)));
  };
  for await (const file of glob('**/*.html', { cwd: distDir })) {
    const route = `/${file.replace(/(^|\/)index\.html$|\.html$/, '')}`;
    const { entries, onFirstUse, renderers, stylesheets, toggleOnly } = pageEntries(
      await readFile(path.join(distDir, file), 'utf8'),
    );
    const react = await closure(distDir, renderers);
    const all = await closure(distDir, [...entries, ...renderers]);
    if (route === '/blog') {
      // A first search: the box's code, Pagefind's script and the worker it starts (not the index).
      const box = onFirstUse.get(SEARCH_TEMPLATE);
      if (!box) throw new Error(`/blog has no <template data-on-first-use="${SEARCH_TEMPLATE}">`);
      const pagefind = await Array.fromAsync(glob('pagefind/*.js', { cwd: distDir }));
      const search = await closure(distDir, [...box, ...pagefind.map((file) => `/${file}`)]);
      await stage(
        'search',
        [...search].filter((url) => !all.has(url)),
      );
    }
    const beyond = [...all].filter((url) => !react.has(url));
    await stage('react', react);
    if (route === '/') await stage('home-first-paint', [file, ...stylesheets]);
    if (route === '/' || route === '/contact')
      await stage(route === '/' ? 'home' : 'contact', beyond);
    if (toggleOnly) await stage('toggle-only', all);
    if (toggleOnly && all.size > 0) console.log(`  ${route} is toggle-only but loads ${[...all]}`);
  }
  const unstaged = ['home', 'home-first-paint', 'contact', 'toggle-only', 'search'].filter(
    (check) => !staged.has(check),
  );
  if (unstaged.length) throw new Error(`no page found for the size checks ${unstaged.join(', ')}`);
  // size-limit exits 1 when a check fails or has no file (a toggle-only page's case); its JSON
  // says which.
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [path.join(PROJECT_ROOT, 'node_modules', 'size-limit', 'bin.js'), '--json'],
    { cwd: PROJECT_ROOT },
  ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
  const checks = JSON.parse(stdout) as SizeCheck[] | { error: string };
  if (!Array.isArray(checks)) throw new Error(`size-limit failed: ${checks.error}`);
  return checks;
}
