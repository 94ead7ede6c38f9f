import path from 'node:path';
import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { defineConfig } from 'eslint/config';

/*
 * Every import points down a layer. The layers of src/, top to bottom:
 *
 *   pages → layouts → components → cms (and content.config.ts) → data → lib → config
 *
 * A module imports from its own layer and the layers below it, never from one above: config is a
 * leaf; lib (pure functions) imports config only; data (typed static copy) imports lib and config;
 * cms (PocketBase, the loaders, the collection queries) imports data, lib and config. Within
 * components, ui/ is the bottom: its building blocks import no other component folder.
 * integrations stand beside the top: only astro.config.ts imports them, and they import cms, lib
 * and config. assets/, styles/ and scripts/inline/ hold leaves (pictures, CSS, inline scripts)
 * that any layer may use; the rest of scripts/ is the browser's code with effects (the forms'
 * sending), which imports lib and config and which components use, never a layer below them.
 *
 * lib is also kept pure by what it may not import or touch (the block for src/lib/** below): no
 * file system, network, process or browser state, no astro:env, and none of config's modules
 * that read the environment or the disk.
 *
 * astro.config.ts reads src/ through config and integrations, and neither it nor src/ imports
 * tools/. The tools import src/ through its entry points only, the modules of config and
 * integrations (src/config/*.ts, src/integrations/*.ts), which Node loads with their types
 * stripped: no Vite, no `@/` alias, no astro:* module, so never src/config/env.ts (astro:env).
 * (tools/hooks/build.ts also bundles src/lib/blog/saveChecks.ts and slugs.ts for PocketBase's
 * hooks, by their paths.) Tests may import anything.
 *
 * import-x/no-restricted-paths resolves each import, `@/` included (tsconfig.json's paths, through
 * its own resolver), to a file before it compares folders, so a relative path cannot slip past it;
 * and it sees the imports of .astro files through eslint-plugin-astro's parser, which
 * dependency-cruiser, a second tool with its own run, cannot read.
 */
const ROOT = import.meta.dirname;
const ROOT_GLOB = ROOT.split(path.sep).join('/');
const ORDER = 'Layers, top to bottom: pages → layouts → components → cms → data → lib → config.';
const PURE =
  'src/lib holds pure functions: no file system, network, process or browser state, no environment.';
const LEAVES = ['assets', 'styles', 'scripts/inline'];

/** `target` imports from src/ only the folders in `allowed` (and the leaves). */
const importsOnly = (target, allowed, rule) => ({
  target,
  from: 'src',
  except: [...allowed, ...LEAVES].map((folder) => `./${folder}`),
  message: `${rule} ${ORDER}`,
});

const LAYERS = [
  importsOnly('src/config', ['config'], 'src/config is a leaf: it imports nothing else of src/.'),
  importsOnly('src/lib', ['lib', 'config'], 'src/lib (pure functions) imports only src/config.'),
  {
    target: 'src/lib',
    from: [
      'src/config/env.ts',
      'src/config/envFiles.ts',
      'src/config/envSchema.ts',
      'src/config/nodeVersion.ts',
    ],
    message: `${PURE} Take the value as an argument: the caller reads it from src/config/env.ts.`,
  },
  importsOnly(
    'src/data',
    ['data', 'lib', 'config'],
    'src/data imports only src/lib and src/config.',
  ),
  importsOnly(
    ['src/cms', 'src/content.config.ts'],
    ['cms', 'content.config.ts', 'data', 'lib', 'config'],
    'src/cms imports only src/data, src/lib and src/config.',
  ),
  {
    target: 'src/components',
    from: ['src/layouts', 'src/pages', 'src/integrations', 'src/content.config.ts'],
    message: `Components import no layout, page or integration. ${ORDER}`,
  },
  {
    target: 'src/components/ui',
    from: 'src/components',
    except: ['./ui'],
    message: 'components/ui/ is the bottom of components: it imports no other component folder.',
  },
  {
    target: 'src/layouts',
    from: ['src/pages', 'src/integrations', 'src/content.config.ts'],
    message: `Layouts import no page or integration. ${ORDER}`,
  },
  {
    target: 'src/pages',
    from: ['src/integrations', 'src/content.config.ts'],
    message: 'Pages import no integration: only astro.config.ts does.',
  },
  importsOnly(
    'src/scripts',
    ['scripts', 'lib', 'config'],
    "src/scripts (the browser's code) imports only src/lib and src/config.",
  ),
  importsOnly(
    'src/integrations',
    ['integrations', 'cms', 'lib', 'config'],
    'src/integrations imports only src/cms, src/lib and src/config.',
  ),
  {
    target: 'astro.config.ts',
    from: 'src',
    except: ['./config', './integrations'],
    message: 'astro.config.ts reads src/ through src/config and src/integrations only.',
  },
  {
    target: ['astro.config.ts', 'src'],
    from: 'tools',
    message:
      'astro.config.ts and src/ import nothing from tools/: what both need goes in src/config.',
  },
  {
    target: 'tools',
    from: [`${ROOT_GLOB}/src/**`],
    except: [`${ROOT_GLOB}/src/config/*.ts`, `${ROOT_GLOB}/src/integrations/*.ts`],
    message:
      'The tools import src/ through its entry points only: src/config/*.ts, src/integrations/*.ts.',
  },
  {
    target: ['tools', 'astro.config.ts'],
    from: 'src/config/env.ts',
    message:
      "astro:env exists for the site's pages, not in the config that declares it nor in the tools Node runs: read buildEnv() (src/config/envFiles.ts).",
  },
];

/** Node's modules that reach the disk, the network, other processes or the machine. */
const NODE_IO = [
  'fs',
  'http',
  'https',
  'http2',
  'net',
  'tls',
  'dgram',
  'dns',
  'child_process',
  'cluster',
  'os',
  'process',
  'readline',
  'sqlite',
];

/** Globals that make requests or read the process, the page or the browser's storage. */
const IO_GLOBALS = [
  'fetch',
  'XMLHttpRequest',
  'WebSocket',
  'EventSource',
  'localStorage',
  'sessionStorage',
  'indexedDB',
  'process',
  'window',
  'document',
  'navigator',
  'location',
];

const READS_NO_CONTENT =
  'Layouts and components read no content: the page reads it (src/cms/queries.ts) and passes ' +
  'it as props, which are then its cacheKey.';

export default defineConfig(
  {
    ignores: [
      'dist/',
      '.astro/',
      'node_modules/',
      '.pocketbase/',
      '.rebuild/',
      '.bench/',
      'test-results/',
      'playwright-report/',
      // Generated by npm run build:hooks.
      'pocketbase/pb_hooks/content/saveChecks.js',
      'pocketbase/pb_hooks/content/slugs.js',
      'pocketbase/pb_migrations/',
      'pocketbase/pb_hooks/',
      'tests/support/pocketbaseHooks/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    // Runs in PocketBase's admin UI, whose `app` it extends (pocketbase/adminui.go).
    files: ['pocketbase/adminui/**'],
    languageOptions: { globals: { ...globals.browser, app: 'readonly' } },
  },
  {
    files: ['**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: ['src/**', 'tools/**', 'astro.config.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({
          tsconfig: { configFile: path.join(ROOT, 'tsconfig.json') },
          extensions: ['.ts', '.tsx', '.mjs', '.js', '.astro', '.json'],
        }),
      ],
    },
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: LAYERS }] },
  },
  {
    // Pages read content and pass it down; layouts and components render what they are given,
    // so that a page's props are all it shows and its incremental-build key (src/cms/cacheKey.ts)
    // is a digest of them. Types may still be imported. The queries by any path to them.
    files: ['src/components/**', 'src/layouts/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'astro:content', allowTypeImports: true, message: READS_NO_CONTENT }],
          patterns: [
            {
              regex: '(^|/)cms/queries(\\.ts)?$',
              allowTypeImports: true,
              message: READS_NO_CONTENT,
            },
          ],
        },
      ],
    },
  },
  {
    // Pure functions take values and return values: the effects are their callers' (the disk and
    // PocketBase in cms, pages and integrations; the browser's requests and storage in
    // src/scripts; the environment in src/config/env.ts). Types may still be imported.
    files: ['src/lib/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              // Pure functions take entries; reading the content store is src/cms's (queries.ts).
              name: 'astro:content',
              allowTypeImports: true,
              message: 'src/lib holds pure functions: query the collections in src/cms.',
            },
          ],
          patterns: [
            {
              regex: `^(node:)?(${NODE_IO.join('|')})(/.*)?$`,
              allowTypeImports: true,
              message: `${PURE} Use the file system, network or process where the effect belongs.`,
            },
            {
              regex: '^(undici|pocketbase|@emailjs/browser)(/.*)?$',
              allowTypeImports: true,
              message: `${PURE} Requests belong in src/cms (PocketBase) or src/scripts (browser).`,
            },
            {
              regex: '^astro:env(/.*)?$',
              allowTypeImports: true,
              message: `${PURE} Take the value as an argument: the caller reads it from src/config/env.ts.`,
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        ...IO_GLOBALS.map((name) => ({ name, message: `${PURE} Pass in what \`${name}\` gives.` })),
      ],
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: PURE },
        ...['fetch', 'process', 'localStorage'].map((property) => ({
          object: 'globalThis',
          property,
          message: PURE,
        })),
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.type='MetaProperty'][property.name='env']",
          message: `${PURE} import.meta.env is the environment: read it in src/config/env.ts.`,
        },
        {
          // In the browser, a dynamic import is a download.
          selector: 'ImportExpression',
          message: `${PURE} Load modules on demand in src/scripts or a component.`,
        },
      ],
    },
  },
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
);
