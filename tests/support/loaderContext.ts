/**
 * A minimal Astro LoaderContext for running the content loaders outside a build: an in-memory
 * store and meta, a logger that records what it is told, a cache folder of its own, and parseData
 * through the collection's real zod schema. PocketBase itself is real (tests/support/pocketbase.ts).
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { LoaderContext } from 'astro/loaders';
import type { ZodType } from 'zod';
import { postHtmlDir } from '../../src/cms/postHtml.ts';
import { PROJECT_ROOT } from '../../tools/shared/paths.ts';

export interface StoredEntry {
  id: string;
  data: Record<string, unknown>;
}

export interface TestLoaderContext {
  context: LoaderContext;
  entries: Map<string, StoredEntry>;
  /** Entries in insertion order, as getCollection returns them. */
  list(): StoredEntry[];
  logs: { level: 'info' | 'warn' | 'error' | 'debug'; message: string }[];
  meta: Map<string, string>;
  /** Astro's cacheDir for this context (the loaders keep their image cache in it). */
  cacheDir: string;
  /** A stored post's body, from the file the loader kept it in (cms/postHtml.ts). */
  html(id: string): string;
}

export function createLoaderContext(
  collection: string,
  schema: ZodType,
  {
    meta = new Map<string, string>(),
    cacheDir = mkdtempSync(path.join(tmpdir(), 'lw-loader-cache-')),
  }: { meta?: Map<string, string>; cacheDir?: string } = {},
): TestLoaderContext {
  const entries = new Map<string, StoredEntry>();
  const logs: TestLoaderContext['logs'] = [];
  const log =
    (level: TestLoaderContext['logs'][number]['level']) =>
    (message: string): void => {
      logs.push({ level, message });
    };
  const logger = {
    options: {},
    label: collection,
    info: log('info'),
    warn: log('warn'),
    error: log('error'),
    debug: log('debug'),
    fork: () => logger,
  };
  const store = {
    get: (id: string) => entries.get(id),
    entries: () => [...entries.entries()],
    set: (entry: StoredEntry) => {
      entries.set(entry.id, entry);
      return true;
    },
    values: () => [...entries.values()],
    keys: () => [...entries.keys()],
    delete: (id: string) => void entries.delete(id),
    clear: () => entries.clear(),
    has: (id: string) => entries.has(id),
    addModuleImport: () => {},
  };
  const metaStore = {
    get: (key: string) => meta.get(key),
    set: (key: string, value: string) => void meta.set(key, value),
    has: (key: string) => meta.has(key),
    delete: (key: string) => void meta.delete(key),
  };
  const context = {
    collection,
    store,
    meta: metaStore,
    logger,
    config: {
      root: pathToFileURL(`${PROJECT_ROOT}/`),
      cacheDir: pathToFileURL(`${cacheDir}/`),
    },
    parseData: async ({ data }: { id: string; data: Record<string, unknown> }) =>
      schema.parseAsync(data),
    renderMarkdown: async () => ({ html: '' }),
    generateDigest: (data: unknown) => JSON.stringify(data),
  } as unknown as LoaderContext;
  const html = (id: string) => {
    const file = entries.get(id)?.data.htmlFile;
    if (typeof file !== 'string') throw new Error(`No stored post ${id} with a body`);
    return readFileSync(path.join(postHtmlDir(cacheDir), file), 'utf8');
  };
  return { context, entries, list: () => [...entries.values()], logs, meta, cacheDir, html };
}
