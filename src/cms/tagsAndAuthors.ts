/**
 * The loaders of the small collections a post refers to: topics (`tags`) and `authors`. They are
 * few and public, so each build reads them all; an author's avatar is downloaded into the image
 * cache like every other picture. Which of them the site shows (those a public post has) is the
 * pages' choice: src/lib/blog/topics.ts.
 */
import type { Loader, LoaderContext } from 'astro/loaders';
import type { RecordModel } from 'pocketbase';
import { fetchAllRecords } from './client';
import {
  BlogLoadError,
  blogFailureMessage,
  cachedPicture,
  connect,
  fileUrl,
  openImageCache,
  resolveOptions,
  type PocketBaseLoaderOptions,
} from './connect';
import { imageCacheDir, writeImageManifest } from './imageManifest';
import { authorRecordSchema, tagRecordSchema, type AuthorData, type TagData } from './schemas';
import { setContentWarnings } from './warnings';

/** Records read whole, each turned into an entry (or skipped with a warning when invalid). */
async function loadAll<T extends Record<string, unknown>>(
  context: LoaderContext,
  options: PocketBaseLoaderOptions,
  collection: string,
  what: string,
  toEntry: (raw: RecordModel, load: LoadParts) => Promise<T | undefined>,
): Promise<T[]> {
  const { store, logger, parseData } = context;
  const settings = resolveOptions(options);
  const entries: { id: string; data: T }[] = [];
  try {
    const pb = await connect(settings);
    const images = openImageCache(context, settings);
    const records = await fetchAllRecords(pb, collection, { sort: 'name' });
    for (const raw of records) {
      const data = await toEntry(raw, { pb, images, context });
      if (data) entries.push({ id: raw.id, data });
    }
  } catch (error) {
    // As for the posts: a production build stops, so the CDN keeps the last good site.
    const message = blogFailureMessage(error, settings.url, what);
    if (settings.failOnError) throw new BlogLoadError(message, { cause: error });
    logger.error(message);
  }
  store.clear();
  for (const { id, data } of entries) store.set({ id, data: await parseData({ id, data }) });
  return entries.map(({ data }) => data);
}

interface LoadParts {
  pb: Awaited<ReturnType<typeof connect>>;
  images: ReturnType<typeof openImageCache>;
  context: LoaderContext;
}

/** An invalid record is left out, with the field and the reason. */
function warnInvalid(context: LoaderContext, what: string, raw: RecordModel, error: unknown) {
  const issue = (error as { issues?: { path: (string | number)[]; message: string }[] })
    .issues?.[0];
  context.logger.warn(`Skipping ${what} ${raw.id}: ${issue?.path.join('.')}: ${issue?.message}`);
}

/** The `tags` collection: every topic in PocketBase. */
export function pocketBaseTagsLoader(options: PocketBaseLoaderOptions = {}): Loader {
  return {
    name: 'ledgerwise-pocketbase-tags',
    load: async (context) => {
      await loadAll<TagData>(context, options, 'tags', 'topics', async (raw) => {
        const parsed = tagRecordSchema.safeParse(raw);
        if (!parsed.success) return void warnInvalid(context, 'topic', raw, parsed.error);
        const { name, slug, description } = parsed.data;
        return { name, slug, ...(description ? { description } : {}) };
      });
    },
  };
}

/** The `authors` collection: every author in PocketBase, their avatars downloaded. */
export function pocketBaseAuthorsLoader(options: PocketBaseLoaderOptions = {}): Loader {
  return {
    name: 'ledgerwise-pocketbase-authors',
    load: async (context) => {
      const warnings: string[] = [];
      const authors = await loadAll<AuthorData>(
        context,
        options,
        'authors',
        'authors',
        async (raw, { pb, images }) => {
          const parsed = authorRecordSchema.safeParse(raw);
          if (!parsed.success) return void warnInvalid(context, 'author', raw, parsed.error);
          const { name, slug, role, bio, avatar } = parsed.data;
          const picture = await cachedPicture(images, fileUrl(pb, raw, avatar), (problem) => {
            const warning = `Author "${name}" (${raw.id}): avatar could not be downloaded, showing initials: ${problem}`;
            warnings.push(warning);
            context.logger.warn(warning);
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
      setContentWarnings('authors', warnings);
      await writeImageManifest(
        imageCacheDir(context.config.cacheDir),
        context.collection,
        authors.flatMap(({ avatar }) => (avatar ? [avatar] : [])),
      );
    },
  };
}
