/**
 * A minimal Astro LoaderContext for running the content loaders outside a build: an in-memory
 * store and meta, a logger that records what it is told, and parseData through the
 * collection's real zod schema. PocketBase itself is real (tests/support/pocketbase.ts).
 */
import type { LoaderContext } from 'astro/loaders';
import type { ZodTypeAny } from 'zod';

export interface TestLoaderContext {
  context: LoaderContext;
  entries: Map<string, { id: string; data: Record<string, unknown> }>;
  /** Entries in insertion order, as getCollection returns them. */
  list(): { id: string; data: Record<string, unknown> }[];
  logs: { level: 'info' | 'warn' | 'error' | 'debug'; message: string }[];
  meta: Map<string, string>;
}

export function createLoaderContext(
  collection: string,
  schema: ZodTypeAny,
  meta: Map<string, string> = new Map(),
): TestLoaderContext {
  const entries = new Map<string, { id: string; data: Record<string, unknown> }>();
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
    set: ({ id, data }: { id: string; data: Record<string, unknown> }) => {
      entries.set(id, { id, data });
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
    config: {},
    parseData: async ({ data }: { id: string; data: Record<string, unknown> }) =>
      schema.parseAsync(data),
    renderMarkdown: async () => ({ html: '' }),
    generateDigest: (data: unknown) => JSON.stringify(data),
  } as unknown as LoaderContext;
  return { context, entries, list: () => [...entries.values()], logs, meta };
}
