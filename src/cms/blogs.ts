/**
 * The `blogs` collection's loader: every public post (every post in a draft preview), validated,
 * sanitised, its pictures localised and its derived fields computed once. Warm builds are
 * incremental (refresh.ts).
 */
import type { LoaderContext } from 'astro/loaders';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { createExcerpt } from '@/lib/blog/excerpt';
import { formatPostDate } from '@/lib/formatDate';
import { getPostStatus } from '@/lib/blog/postStatus';
import { getReadTime } from '@/lib/blog/readTime';
import { describeDropped, judgeBody, TOO_DEEP } from '@/lib/blog/bodyJudgment';
import { picturesWithoutAlt } from '@/lib/blog/altText';
import { sanitizeHtml } from '@/lib/blog/sanitizeHtml';
import { anchorHeadings } from '@/lib/blog/headings';
import { localiseBodyImages } from './images/bodyImages';
import { connect, fetchAllRecords, NEWEST_PUBLISHED_FIRST, POSTS_PER_PAGE } from './client';
import { BlogLoadError, describeError, draftLeakMessage, loadFailureMessage } from './errors';
import { pocketBaseLoader, type LoaderSettings } from './loaderOptions';
import { openImageCache, type ImageCache } from './images/imageCache';
import { postHtmlDir, postHtmlPresent, writePostHtml } from './postHtml';
import { writeImageManifest } from './images/manifest';
import { fetchRecordPicture } from './images/recordPicture';
import {
  fetchPostsById,
  idsToRemove,
  picturesPresent,
  planRefresh,
  STORE_KEY_META,
  storeKey,
  type ListedRecord,
} from './refresh';
import { blogRecordSchema, type BlogData } from './schemas';
import { invalidRecordWarning, setContentWarnings } from './warnings';

const BLOGS_LOADER_NAME = 'ledgerwise-pocketbase-blogs';

export interface BlogLoad {
  pb: PocketBase;
  settings: LoaderSettings;
  images: ImageCache;
  now: Date;
  context: LoaderContext;
}

/**
 * One record, start to finish: validated, checked against the public rules, sanitised, its
 * headings given ids, its pictures localised, its derived fields computed, parsed by the
 * collection's schema. Returns what the store keeps, or undefined for a record that cannot be
 * shown.
 */
async function loadBlogEntry(
  raw: RecordModel,
  { pb, settings, images, now, context }: BlogLoad,
  skipped: string[],
): Promise<{ id: string; data: BlogData } | undefined> {
  const { logger, parseData } = context;
  const parsed = blogRecordSchema.safeParse(raw);
  if (!parsed.success) {
    skipped.push(invalidRecordWarning('Post', raw, parsed.error));
    logger.warn(skipped.at(-1)!);
    return undefined;
  }
  const record = parsed.data;
  const status = getPostStatus(record.published, record.published_at, now);
  if (!settings.preview && (!record.published || !record.published_at)) {
    throw new BlogLoadError(draftLeakMessage(settings.url, record));
  }
  const where = `Post "${record.title}" (${record.id})`;
  const findings = judgeBody(record.content);
  if (findings.includes(TOO_DEEP)) {
    skipped.push(`${where} left out: ${TOO_DEEP.warning}`);
    logger.warn(skipped.at(-1)!);
    return undefined;
  }
  const warnings: string[] = [];
  const warn = (message: string) => {
    warnings.push(message);
    logger.warn(`${where}: ${message}`);
  };
  const dropped = describeDropped(findings);
  if (dropped.length > 0) warn(`not shown: ${dropped.join('; ')}`);
  const withoutAlt = picturesWithoutAlt(record.content);
  if (withoutAlt.length > 0)
    warn(`no alt text, so screen readers skip it: ${withoutAlt.join(', ')}`);
  const sanitised = sanitizeHtml(record.content, { siteOrigin: settings.siteOrigin });
  const anchored = anchorHeadings(sanitised);
  const [body, banner] = await Promise.all([
    localiseBodyImages(anchored.html, {
      images,
      pocketBaseUrl: settings.url,
      warn: (problem) => warn(`picture removed from the body: ${problem}`),
    }),
    fetchRecordPicture(images, pb, raw, record.banner_image, (problem) =>
      warn(`banner image could not be downloaded, using the placeholder: ${problem}`),
    ),
  ]);
  const date = record.published_at ?? record.updated;
  const data = await parseData({
    id: record.id,
    data: {
      title: record.title,
      slug: record.slug || record.id,
      earlierSlugs: record.earlier_slugs,
      htmlFile: await writePostHtml(postHtmlDir(context.config.cacheDir), body.html),
      headings: anchored.headings,
      pictures: body.files,
      excerpt: record.excerpt ?? createExcerpt(sanitised),
      readTime: getReadTime(sanitised),
      date,
      displayDate: formatPostDate(date),
      updated: record.updated,
      status,
      ...(banner ? { banner } : {}),
      bannerAlt: record.banner_alt ?? '',
      featured: record.featured,
      topics: record.topics,
      authors: record.authors,
      warnings,
    },
  });
  return { id: record.id, data: data as BlogData };
}

/** The records this load must turn into entries, and the stored ids that must go. */
interface BlogFetch {
  records: RecordModel[];
  remove: string[];
  /** True when the store is kept and only `records` are new or changed. */
  incremental: boolean;
}

/**
 * A warm load (the store was built the same way, see refresh.ts) reads the public list's ids
 * and `updated` and fetches only what changed; any other load reads every record. A preview
 * always reads everything: its statuses (scheduled, published) change with the clock alone.
 */
async function fetchBlogRecords(load: BlogLoad, key: string): Promise<BlogFetch> {
  const { pb, settings, images, context } = load;
  const { store, meta } = context;
  if (settings.preview || meta.get(STORE_KEY_META) !== key) {
    const records = await fetchAllRecords(pb, 'blogs', {
      sort: NEWEST_PUBLISHED_FIRST,
      perPage: POSTS_PER_PAGE,
    });
    return { records, remove: store.keys(), incremental: false };
  }
  const listed = await fetchAllRecords<ListedRecord>(pb, 'blogs', {
    sort: NEWEST_PUBLISHED_FIRST,
    fields: 'id,updated',
  });
  const stored = new Map(
    store.values().map(({ id, data }) => [id, { id, data: data as BlogData }] as const),
  );
  const htmlDir = postHtmlDir(context.config.cacheDir);
  const plan = planRefresh(
    listed,
    stored,
    ({ data }) => picturesPresent(data, images.dir) && postHtmlPresent(htmlDir, data.htmlFile),
  );
  const records = await fetchPostsById(pb, plan.fetch);
  return { records, remove: idsToRemove(plan, records), incremental: true };
}

async function loadBlogs(context: LoaderContext, settings: LoaderSettings) {
  const { store, meta, logger } = context;
  const images = openImageCache(context, settings);
  const key = storeKey(settings);
  let fetched: BlogFetch;
  let entries: Awaited<ReturnType<typeof loadBlogEntry>>[];
  const skipped: string[] = [];
  try {
    const pb = await connect(settings);
    const load = { pb, settings, images, now: new Date(), context };
    fetched = await fetchBlogRecords(load, key);
    entries = await Promise.all(
      fetched.records.map((raw) =>
        loadBlogEntry(raw, load, skipped).catch((error: unknown) => {
          // One post the site cannot render is left out and named; the rest are published. A
          // draft in the public list still stops the build.
          if (error instanceof BlogLoadError) throw error;
          skipped.push(`Post "${raw.title}" (${raw.id}) left out: it could not be rendered (${describeError(error)})`); // prettier-ignore
          context.logger.warn(skipped.at(-1)!);
          return undefined;
        }),
      ),
    );
  } catch (error) {
    const message = loadFailureMessage(error, settings.url);
    if (settings.failOnError) throw new BlogLoadError(message, { cause: error });
    logger.error(message);
    store.clear();
    meta.delete(STORE_KEY_META);
    return;
  }

  if (!fetched.incremental) store.clear();
  for (const id of fetched.remove) store.delete(id);
  // A record fetched again that can no longer be shown (now invalid) leaves the store too.
  for (const raw of fetched.records) store.delete(raw.id);
  for (const entry of entries) if (entry) store.set(entry);
  meta.set(STORE_KEY_META, key);
  // What this build needs besides the entries, from the whole store: the pictures to hand to
  // Astro.
  const posts = store.values().map(({ id, data }) => ({ id, data: data as BlogData }));
  await writeImageManifest(
    images.dir,
    context.collection,
    posts.flatMap(({ data }) => [...data.pictures, ...(data.banner ? [data.banner.file] : [])]),
  );
  setContentWarnings('blogs', [
    ...skipped,
    ...posts.flatMap(({ id, data }) =>
      data.warnings.map((warning) => `Post "${data.title}" (${id}): ${warning}`),
    ),
  ]);
  const shown = settings.preview ? ' (draft preview: drafts and scheduled posts included)' : '';
  const how = fetched.incremental
    ? `incremental: fetched ${fetched.records.length} new or changed, removed ${fetched.remove.length}`
    : `fetched ${fetched.records.length}`;
  logger.info(`Loaded ${store.keys().length} blog posts from ${settings.url}${shown} (${how})`);
}

/** The `blogs` collection: every public post in PocketBase (every post in a preview), with derived fields. */
export const pocketBaseBlogsLoader = pocketBaseLoader(BLOGS_LOADER_NAME, loadBlogs);
