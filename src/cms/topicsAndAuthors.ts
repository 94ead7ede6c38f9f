/**
 * The loaders of the small collections a post refers to: `topics` and `authors`. They are
 * few and public, so each build reads them all; an author's avatar is downloaded into the image
 * cache like every other picture. Which of them the site shows (those a public post has) is the
 * pages' choice: src/lib/blog/topics.ts.
 */
import type { LoaderContext } from 'astro/loaders';
import type { RecordModel } from 'pocketbase';
import { connect, fetchAllRecords } from './client';
import { BlogLoadError, loadFailureMessage } from './errors';
import { pocketBaseLoader, type LoaderSettings } from './loaderOptions';
import { openImageCache } from './images/imageCache';
import { imageCacheDir, writeImageManifest } from './images/manifest';
import { fetchRecordPicture } from './images/recordPicture';
import { invalidRecordWarning, setContentWarnings } from './warnings';
import { authorRecordSchema, topicRecordSchema, type AuthorData, type TopicData } from './schemas';

/** Records read whole, each turned into an entry (or skipped with a warning when invalid). */
async function loadAll<T extends Record<string, unknown>>(
  context: LoaderContext,
  settings: LoaderSettings,
  collection: string,
  what: string,
  toEntry: (raw: RecordModel, load: LoadParts) => Promise<T | undefined>,
): Promise<T[]> {
  const { store, logger, parseData } = context;
  const entries: { id: string; data: T }[] = [];
  const warnings: string[] = [];
  try {
    const pb = await connect(settings);
    const images = openImageCache(context, settings);
    const records = await fetchAllRecords(pb, collection, { sort: 'name' });
    for (const raw of records) {
      const data = await toEntry(raw, { pb, images, context, warnings });
      if (data) entries.push({ id: raw.id, data });
    }
  } catch (error) {
    // As for the posts: a production build stops, so the CDN keeps the last good site.
    const message = loadFailureMessage(error, settings.url, what);
    if (settings.failOnError) throw new BlogLoadError(message, { cause: error });
    logger.error(message);
  }
  setContentWarnings(collection, warnings);
  store.clear();
  for (const { id, data } of entries) store.set({ id, data: await parseData({ id, data }) });
  return entries.map(({ data }) => data);
}

interface LoadParts {
  pb: Awaited<ReturnType<typeof connect>>;
  images: ReturnType<typeof openImageCache>;
  context: LoaderContext;
  /** The content warnings: records left out, pictures not shown. */
  warnings: string[];
}

/** An invalid record is left out, named in the build's content warnings with the reason. */
function warnInvalid(
  { context, warnings }: LoadParts,
  what: string,
  raw: RecordModel,
  error: Parameters<typeof invalidRecordWarning>[2],
) {
  warnings.push(invalidRecordWarning(what, raw, error));
  context.logger.warn(warnings.at(-1)!);
}

/** The `topics` collection: every topic in PocketBase. */
export const pocketBaseTopicsLoader = pocketBaseLoader(
  'ledgerwise-pocketbase-topics',
  async (context, settings) => {
    await loadAll<TopicData>(context, settings, 'topics', 'topics', async (raw, load) => {
      const parsed = topicRecordSchema.safeParse(raw);
      if (!parsed.success) return void warnInvalid(load, 'Topic', raw, parsed.error);
      const { name, slug, description } = parsed.data;
      return { name, slug, ...(description ? { description } : {}) };
    });
  },
);

/** The `authors` collection: every author in PocketBase, their avatars downloaded. */
export const pocketBaseAuthorsLoader = pocketBaseLoader(
  'ledgerwise-pocketbase-authors',
  async (context, settings) => {
    const authors = await loadAll<AuthorData>(
      context,
      settings,
      'authors',
      'authors',
      async (raw, load) => {
        const { pb, images } = load;
        const parsed = authorRecordSchema.safeParse(raw);
        if (!parsed.success) return void warnInvalid(load, 'Author', raw, parsed.error);
        const { name, slug, role, bio, avatar } = parsed.data;
        const picture = await fetchRecordPicture(images, pb, raw, avatar, (problem) => {
          load.warnings.push(
            `Author "${name}" (${raw.id}): avatar could not be downloaded, showing initials: ${problem}`,
          );
          context.logger.warn(load.warnings.at(-1)!);
        });
        return {
          name,
          slug,
          ...(role ? { role } : {}),
          ...(bio ? { bio } : {}),
          ...(picture ? { avatar: picture.file } : {}),
        };
      },
    );
    await writeImageManifest(
      imageCacheDir(context.config.cacheDir),
      context.collection,
      authors.flatMap(({ avatar }) => (avatar ? [avatar] : [])),
    );
  },
);
