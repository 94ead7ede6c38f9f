/**
 * Every package that production code imports is declared in `dependencies`: a server that
 * installs with `npm ci --omit=dev` (the rebuild listener's host, Netlify with NODE_ENV=production)
 * must have it. A package that is only there because another one depends on it (vite under astro)
 * can vanish with that package's next release, so being installed is not enough: it must be named.
 *
 * Production code is what a build or the listener loads: everything under src/, the Astro and
 * Tailwind configs, and the modules the listener's entry point reaches. Type-only imports are
 * erased before anything runs, so they may name dev dependencies.
 */
import { readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../../tools/shared/paths.ts';
import { listFiles } from '../../support/files';

const SOURCE = /\.(?:[cm]?[jt]sx?|astro)$/;
const RESOLVABLE = ['', '.ts', '.tsx', '.mjs', '.js', '/index.ts', '/index.mjs'];

/** The script parts of an .astro file: its frontmatter and its processed <script> blocks. */
function astroScripts(text: string): string {
  const frontmatter = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1] ?? '';
  const scripts = [...text.matchAll(/<script(?![^>]*\bis:inline)[^>]*>([\s\S]*?)<\/script>/g)].map(
    (match) => match[1],
  );
  return [frontmatter, ...scripts].join('\n');
}

/** The module specifiers a file imports at run time (static, dynamic and re-exports). */
function runtimeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const code = file.endsWith('.astro') ? astroScripts(text) : text;
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isImportDeclaration(node) &&
      node.importClause?.phaseModifier !== ts.SyntaxKind.TypeKeyword &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push(node.moduleSpecifier.text);
    } else if (
      ts.isExportDeclaration(node) &&
      !node.isTypeOnly &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** A bare specifier's package name: `@scope/name/sub` → `@scope/name`, `name/sub` → `name`. */
function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

function isBuiltinOrVirtual(specifier: string): boolean {
  return (
    specifier.startsWith('node:') ||
    builtinModules.includes(specifier.split('/')[0]) ||
    /^(astro|virtual):/.test(specifier)
  );
}

function resolveLocal(from: string, specifier: string): string | undefined {
  const base = specifier.startsWith('@/')
    ? path.join(PROJECT_ROOT, 'src', specifier.slice(2))
    : path.resolve(path.dirname(from), specifier);
  return RESOLVABLE.map((ending) => base + ending).find((candidate) =>
    statSync(candidate, { throwIfNoEntry: false })?.isFile(),
  );
}

/** Every package the production module graph imports at run time, with one file that does. */
async function productionPackages(): Promise<Map<string, string>> {
  const queue = [
    ...(await listFiles(path.join(PROJECT_ROOT, 'src'))).filter((file) => SOURCE.test(file)),
    path.join(PROJECT_ROOT, 'astro.config.ts'),
    path.join(PROJECT_ROOT, 'tools', 'publish', 'listener.ts'),
  ];
  const seen = new Set<string>();
  const packages = new Map<string, string>();
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const specifier of runtimeImports(file)) {
      if (isBuiltinOrVirtual(specifier)) continue;
      if (specifier.startsWith('.') || specifier.startsWith('@/')) {
        const local = resolveLocal(file, specifier);
        if (local && SOURCE.test(local)) queue.push(local);
        continue;
      }
      const name = packageName(specifier);
      if (!packages.has(name)) packages.set(name, path.relative(PROJECT_ROOT, file));
    }
  }
  return packages;
}

describe('declared dependencies', () => {
  it('reads run-time imports and skips type-only ones', () => {
    const file = path.join(PROJECT_ROOT, 'src', 'integrations', 'requireEmailjs.ts');
    expect(runtimeImports(file)).toContain('astro/errors');
    // `import type { SitemapItem } from '@astrojs/sitemap'` is erased before anything runs.
    const typeOnly = path.join(PROJECT_ROOT, 'src', 'integrations', 'postLastmod.ts');
    expect(runtimeImports(typeOnly)).not.toContain('@astrojs/sitemap');
    expect(runtimeImports(typeOnly)).toContain('node:fs/promises');
    expect(packageName('@astrojs/sitemap/dist/x.js')).toBe('@astrojs/sitemap');
    expect(packageName('astro/loaders')).toBe('astro');
  });

  it('every package production code imports is in dependencies, not only installed', async () => {
    const manifest = JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8'));
    const declared = new Set(Object.keys(manifest.dependencies ?? {}));
    const packages = await productionPackages();
    // The graph really was walked: the listener's server and the site's islands are in it.
    expect(packages.has('send')).toBe(true);
    expect(packages.has('react')).toBe(true);
    const undeclared = [...packages]
      .filter(([name]) => !declared.has(name))
      .map(([name, file]) => `${name} (imported by ${file})`);
    expect(undeclared).toEqual([]);
  });
});
