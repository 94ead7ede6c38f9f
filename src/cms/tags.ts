/**
 * The `tags` collection's loader: every topic editors made in PocketBase. Topics are few and
 * public, so each build reads them all. Which of them the site shows (those a public post has)
 * is the pages' choice: src/lib/blog/topics.ts.
 */
import type { Loader, LoaderContext } from 'astro/loaders';
import { fetchAllRecords } from './client';
import {
  BlogLoadError,
  blogFailureMessage,
  connect,
  resolveOptions,
  type PocketBaseLoaderOptions,
} from './connect';
import { tagRecordSchema } from './schemas';

async function loadTags(context: LoaderContext, options: PocketBaseLoaderOptions) {
  const { store, logger, parseData } = context;
  const settings = resolveOptions(options);
  let records;
  try {
    records = await fetchAllRecords(await connect(settings), 'tags', { sort: 'name' });
  } catch (error) {
    // As for the posts: a production build stops, so the CDN keeps the last good site.
    const message = blogFailureMessage(error, settings.url, 'topics');
    if (settings.failOnError) throw new BlogLoadError(message, { cause: error });
    logger.error(message);
    store.clear();
    return;
  }
  store.clear();
  for (const raw of records) {
    const parsed = tagRecordSchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      logger.warn(`Skipping topic ${raw.id}: ${issue?.path.join('.')}: ${issue?.message}`);
      continue;
    }
    const { id, name, slug, description } = parsed.data;
    const data = { name, slug, ...(description ? { description } : {}) };
    store.set({ id, data: await parseData({ id, data }) });
  }
}

/** The `tags` collection: every topic in PocketBase. */
export function pocketBaseTagsLoader(options: PocketBaseLoaderOptions = {}): Loader {
  return { name: 'ledgerwise-pocketbase-tags', load: (context) => loadTags(context, options) };
}
