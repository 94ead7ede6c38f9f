import type { Loader, LoaderContext } from 'astro/loaders';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { createExcerpt } from '@/lib/blog/excerpt';
import { formatPostDate } from '@/lib/formatDate';
import { getPostStatus } from '@/lib/blog/postStatus';
import { getReadTime } from '@/lib/blog/readTime';
import { sanitizeHtml } from '@/lib/blog/sanitizeHtml';
import { SAMPLE_TESTIMONIALS } from '@/data/testimonials';
import { IS_PREVIEW, POCKETBASE } from '@/config/env';
import { LIMITS, SITE } from '@/config/site';
import { postPath } from '@/lib/blog/paths';
import { localiseBodyImages } from './bodyImages';
import {
  createPocketBaseClient,
  describeError,
  fetchAllRecords,
  NEWEST_PUBLISHED_FIRST,
} from './client';
import { createImageCache, type CachedImage, type ImageCache } from './images';
import { imageCacheDir, writeImageManifest } from '@/cms/imageManifest';
import { writePostLastmod } from '@/lib/blog/lastmod';
import {
  fetchRecordsById,
  picturesPresent,
  planRefresh,
  STORE_KEY_META,
  storeKey,
  type ListedRecord,
} from './refresh';
import {
  blogRecordSchema,
  testimonialRecordSchema,
  type BlogData,
  type BlogStatus,
  type TestimonialData,
} from './schemas';

export const BLOGS_LOADER_NAME = 'ledgerwise-pocketbase-blogs';
export const TESTIMONIALS_LOADER_NAME = 'ledgerwise-pocketbase-testimonials';
const BLOG_STATUS_LOADER_NAME = 'ledgerwise-pocketbase-blog-status';
export const BLOG_STATUS_ID = 'blogs';

export interface PocketBaseLoaderOptions {
  /** Defaults to POCKETBASE_URL. */
  url?: string;
  /**
   * Fail the build when the blog list cannot be read. Default: in a production build
   * (`astro build`), so the CDN keeps the last good site; `astro dev` shows the error instead.
   */
  failOnError?: boolean;
  /** The site's origin (default: astro.config's `site`): links elsewhere get rel="noopener noreferrer". */
  siteOrigin?: string;
  /**
   * A draft preview: read drafts, scheduled posts and unpublished testimonials as a PocketBase
   * admin. Default: PREVIEW_DRAFTS=1. Without it the loader reads as a visitor would.
   */
  preview?: boolean;
  /** Admin login for a preview. Default: POCKETBASE_ADMIN_EMAIL / POCKETBASE_ADMIN_PASSWORD. */
  admin?: { email?: string; password?: string };
  /** Limit of one PocketBase answer (default POCKETBASE_TIMEOUT_SECONDS). */
  timeoutMs?: number;
  /** Limit of one picture download (default LIMITS.imageDownloadTimeoutMs). */
  imageTimeoutMs?: number;
}

/** Raised when a production build cannot (or must not) read the blog. */
export class BlogLoadError extends Error {
  override name = 'BlogLoadError';
}

export const MISSING_URL_MESSAGE =
  'POCKETBASE_URL is not set. A production build reads the blog and testimonials from PocketBase: ' +
  'set POCKETBASE_URL to its address (`npm start` and `npm run dev` start a local one for you).';

export const MISSING_ADMIN_MESSAGE =
  'PREVIEW_DRAFTS=1 reads drafts as a PocketBase admin: set POCKETBASE_ADMIN_EMAIL and ' +
  'POCKETBASE_ADMIN_PASSWORD (or unset PREVIEW_DRAFTS for the public site).';

/**
 * `astro build`, the CLI command every script and Netlify use. Not `astro dev`, nor `astro check`
 * or `astro sync`, which load content too but must work without a PocketBase. (The command, not
 * import.meta.env.PROD: a build started from a test runner inherits NODE_ENV=test.)
 */
function isProductionBuild(): boolean {
  return process.argv.slice(2).includes('build');
}

function resolveOptions(options: PocketBaseLoaderOptions) {
  return {
    url: (options.url ?? POCKETBASE.url ?? '').trim().replace(/\/+$/, ''),
    failOnError: options.failOnError ?? isProductionBuild(),
    siteOrigin: options.siteOrigin ?? SITE.url,
    preview: options.preview ?? IS_PREVIEW,
    admin: options.admin ?? POCKETBASE.admin,
    timeoutMs: options.timeoutMs ?? POCKETBASE.timeoutMs,
    imageTimeoutMs: options.imageTimeoutMs,
  };
}

type Settings = ReturnType<typeof resolveOptions>;

/**
 * A client for the build. The production site reads as an anonymous visitor: PocketBase's API
 * rules keep drafts and scheduled posts out, so what the build cannot see no visitor can. Only a
 * preview logs in.
 */
async function connect({ url, preview, admin, timeoutMs }: Settings): Promise<PocketBase> {
  if (!url) throw new BlogLoadError(MISSING_URL_MESSAGE);
  const pb = createPocketBaseClient(url, timeoutMs);
  if (preview) {
    if (!admin.email || !admin.password) throw new BlogLoadError(MISSING_ADMIN_MESSAGE);
    await pb.admins.authWithPassword(admin.email, admin.password);
  }
  return pb;
}

/** The image cache of this build, in its cacheDir. */
function openImageCache({ config, meta }: LoaderContext, timeoutMs: number | undefined) {
  return createImageCache({ dir: imageCacheDir(config.cacheDir), meta, timeoutMs });
}

/** A record's file: its PocketBase URL (file names are unique and never change in place). */
function fileUrl(pb: PocketBase, record: RecordModel, filename: string | null | undefined) {
  return filename ? pb.files.getUrl(record, filename) : undefined;
}

/** A picture from the cache, or undefined with a warning when it cannot be downloaded. */
async function cachedPicture(
  images: ImageCache,
  url: string | undefined,
  warn: (problem: string) => void,
): Promise<CachedImage | undefined> {
  if (!url) return undefined;
  try {
    return await images.get(url);
  } catch (error) {
    warn(`${url}: ${describeError(error)}`);
    return undefined;
  }
}

/** The message for a public list that shows a post visitors must not see. */
function draftLeakMessage(url: string, record: { id: string; title: string }): string {
  // Only PocketBase's API rules keep drafts private; a public list that shows one is a leak
  // to fix there, not to hide here. (The time is not compared: the two clocks may differ.)
  return (
    `PocketBase's public API at ${url} returned the unpublished post ${record.id} ` +
    `("${record.title}"): its blogs API rules must be ` +
    '`published = true && published_at != "" && published_at <= @now` ' +
    '(pocketbase/pb_migrations). No build is published until they are.'
  );
}

/** "Failed to fetch blogs: <url>: <cause>", or the BlogLoadError's own words. */
function blogFailureMessage(error: unknown, url: string): string {
  return error instanceof BlogLoadError
    ? error.message
    : `Failed to fetch blogs: ${url}: ${describeError(error)}`;
}

interface BlogLoad {
  pb: PocketBase;
  settings: Settings;
  images: ImageCache;
  now: Date;
  context: LoaderContext;
}

/**
 * One record, start to finish: validated, checked against the public rules, sanitised, its
 * pictures localised, its derived fields computed, parsed by the collection's schema. Returns
 * what the store keeps, or undefined for a record that cannot be shown.
 */
async function loadBlogEntry(
  raw: RecordModel,
  { pb, settings, images, now, context }: BlogLoad,
): Promise<{ id: string; data: BlogData } | undefined> {
  const { logger, parseData } = context;
  const parsed = blogRecordSchema.safeParse(raw);
  if (!parsed.success) {
    logger.warn(`Skipping blog record ${raw.id}: ${parsed.error.issues[0]?.message}`);
    return undefined;
  }
  const record = parsed.data;
  const status = getPostStatus(record.published, record.published_at, now);
  if (!settings.preview && (!record.published || !record.published_at)) {
    throw new BlogLoadError(draftLeakMessage(settings.url, record));
  }
  const where = `Post "${record.title}" (${record.id})`;
  const sanitised = sanitizeHtml(record.content, { siteOrigin: settings.siteOrigin });
  const [body, banner] = await Promise.all([
    localiseBodyImages(sanitised, {
      images,
      pocketBaseUrl: settings.url,
      warn: (problem) => logger.warn(`${where}: picture removed from the body: ${problem}`),
    }),
    cachedPicture(images, fileUrl(pb, raw, record.banner_image), (problem) =>
      logger.warn(
        `${where}: banner image could not be downloaded, using the placeholder: ${problem}`,
      ),
    ),
  ]);
  const date = record.published_at ?? record.updated;
  const data = await parseData({
    id: record.id,
    data: {
      title: record.title,
      html: body.html,
      images: body.files,
      excerpt: record.excerpt ?? createExcerpt(sanitised),
      readTime: getReadTime(sanitised),
      date,
      displayDate: formatPostDate(date),
      updated: record.updated,
      status,
      ...(banner ? { banner } : {}),
      bannerAlt: record.banner_alt ?? '',
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
 * A warm load (the store was built the same way, see blogStore.ts) reads the public list's ids
 * and `updated` and fetches only what changed; any other load reads every record. A preview
 * always reads everything: its statuses (scheduled, published) change with the clock alone.
 */
async function fetchBlogRecords(load: BlogLoad, key: string): Promise<BlogFetch> {
  const { pb, settings, images, context } = load;
  const { store, meta } = context;
  if (settings.preview || meta.get(STORE_KEY_META) !== key) {
    const records = await fetchAllRecords(pb, 'blogs', { sort: NEWEST_PUBLISHED_FIRST });
    return { records, remove: store.keys(), incremental: false };
  }
  const listed = await pb.collection('blogs').getFullList<ListedRecord>({
    batch: LIMITS.loaderBatchSize,
    sort: NEWEST_PUBLISHED_FIRST,
    fields: 'id,updated',
  });
  const stored = new Map(
    store.values().map(({ id, data }) => [id, { id, data: data as BlogData }] as const),
  );
  const plan = planRefresh(listed, stored, ({ data }) => picturesPresent(data, images.dir));
  const records = await fetchRecordsById(pb, 'blogs', plan.fetch);
  return { records, remove: plan.remove, incremental: true };
}

async function loadBlogs(context: LoaderContext, options: PocketBaseLoaderOptions) {
  const { store, meta, logger, config } = context;
  const settings = resolveOptions({ siteOrigin: config.site, ...options });
  const images = openImageCache(context, settings.imageTimeoutMs);
  const key = storeKey(settings);
  let fetched: BlogFetch;
  let entries: Awaited<ReturnType<typeof loadBlogEntry>>[];
  try {
    const pb = await connect(settings);
    const load = { pb, settings, images, now: new Date(), context };
    fetched = await fetchBlogRecords(load, key);
    entries = await Promise.all(fetched.records.map((raw) => loadBlogEntry(raw, load)));
  } catch (error) {
    const message = blogFailureMessage(error, settings.url);
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
  // Astro, and the sitemap's dates.
  const posts = store.values().map(({ id, data }) => ({ id, data: data as BlogData }));
  await writeImageManifest(
    images.dir,
    context.collection,
    posts.flatMap(({ data }) => [...data.images, ...(data.banner ? [data.banner.file] : [])]),
  );
  await writePostLastmod(
    config.cacheDir,
    Object.fromEntries(posts.map(({ id, data }) => [postPath(id), data.updated.toISOString()])),
  );
  const shown = settings.preview ? ' (draft preview: drafts and scheduled posts included)' : '';
  const how = fetched.incremental
    ? `incremental: fetched ${fetched.records.length} new or changed, removed ${fetched.remove.length}`
    : `fetched ${fetched.records.length}`;
  logger.info(`Loaded ${store.keys().length} blog posts from ${settings.url}${shown} (${how})`);
}

/** The `blogs` collection: every public post in PocketBase (every post in a preview), with derived fields. */
export function pocketBaseBlogsLoader(options: PocketBaseLoaderOptions = {}): Loader {
  return {
    name: BLOGS_LOADER_NAME,
    load: (context) => loadBlogs(context, options),
  };
}

/**
 * Whether the blog can be read, asked of PocketBase directly: the client's request time limit
 * bounds it, and it needs nothing from the blogs loader, which Astro may run before, after or
 * without this one. It asks what decides the blogs loader's outcome: the connection (and a
 * preview's login), the list, and whether the public list shows an unpublished post.
 */
async function probeBlog(settings: Settings): Promise<BlogStatus> {
  try {
    const pb = await connect(settings);
    const leaks = await pb.collection('blogs').getList(1, 1, {
      fields: 'id,title',
      skipTotal: true,
      ...(settings.preview ? {} : { filter: 'published = false || published_at = ""' }),
    });
    const leak = settings.preview ? undefined : leaks.items[0];
    if (leak)
      return {
        ok: false,
        message: draftLeakMessage(settings.url, leak as RecordModel & { title: string }),
      };
    return { ok: true };
  } catch (error) {
    return { ok: false, message: blogFailureMessage(error, settings.url) };
  }
}

/**
 * The `blogStatus` collection: one entry telling the blog page whether the blog can be read, so
 * `astro dev` shows "Failed to load blogs" rather than an empty blog. (A production build with
 * an unreadable blog fails in the blogs loader instead.)
 */
export function blogStatusLoader(options: PocketBaseLoaderOptions = {}): Loader {
  return {
    name: BLOG_STATUS_LOADER_NAME,
    load: async ({ store, parseData }) => {
      const status = await probeBlog(resolveOptions(options));
      store.clear();
      store.set({
        id: BLOG_STATUS_ID,
        data: await parseData({ id: BLOG_STATUS_ID, data: { ...status } }),
      });
    },
  };
}

interface TestimonialEntry {
  id: string;
  data: TestimonialData;
}

function sampleTestimonials(): TestimonialEntry[] {
  return SAMPLE_TESTIMONIALS.map((sample, index) => ({
    id: `sample-${index + 1}`,
    data: {
      ...sample,
      draft: false,
      order: index,
    },
  }));
}

/** One testimonial record: validated, checked against the public rule, its avatar localised. */
async function loadTestimonialEntry(
  raw: RecordModel,
  index: number,
  { pb, settings, images, context }: Omit<BlogLoad, 'now'>,
): Promise<TestimonialEntry | undefined> {
  const parsed = testimonialRecordSchema.safeParse(raw);
  if (!parsed.success) return undefined;
  const record = parsed.data;
  if (!settings.preview && !record.published) {
    throw new Error(
      `the public API returned the unpublished testimonial ${record.id}: its API rules must be ` +
        '`published = true` (pocketbase/pb_migrations)',
    );
  }
  const avatar = await cachedPicture(images, fileUrl(pb, raw, record.avatar), (problem) =>
    context.logger.warn(`Avatar could not be downloaded, using the default image: ${problem}`),
  );
  return {
    id: record.id,
    data: {
      quote: record.quote,
      author: record.author,
      position: record.position,
      company: record.company,
      ...(avatar ? { avatar: avatar.file } : {}),
      draft: !record.published,
      order: index,
    },
  };
}

async function loadTestimonials(context: LoaderContext, options: PocketBaseLoaderOptions) {
  const { store, logger, parseData } = context;
  const settings = resolveOptions(options);
  const images = openImageCache(context, settings.imageTimeoutMs);
  let entries: TestimonialEntry[] = [];
  try {
    const pb = await connect(settings);
    const records = await fetchAllRecords(pb, 'testimonials');
    const valid = records.filter((raw) => testimonialRecordSchema.safeParse(raw).success);
    const load = { pb, settings, images, context };
    const loaded = await Promise.all(
      valid.map((raw, index) => loadTestimonialEntry(raw, index, load)),
    );
    entries = loaded.filter((entry): entry is TestimonialEntry => entry !== undefined);
    if (entries.length === 0)
      logger.info('No testimonials in PocketBase: showing the three samples');
  } catch (error) {
    const where = settings.url ? `${settings.url}: ` : '';
    logger.warn(
      `Failed to fetch testimonials: ${where}${describeError(error)}; showing the three samples`,
    );
    entries = [];
  }
  if (entries.length === 0) entries = sampleTestimonials();

  store.clear();
  for (const { id, data } of entries) store.set({ id, data: await parseData({ id, data }) });
  await writeImageManifest(
    images.dir,
    context.collection,
    entries.flatMap(({ data }) => (data.avatar ? [data.avatar] : [])),
  );
}

/** The `testimonials` collection: PocketBase's, or the three samples when it has none or fails. */
export function pocketBaseTestimonialsLoader(options: PocketBaseLoaderOptions = {}): Loader {
  return {
    name: TESTIMONIALS_LOADER_NAME,
    load: (context) => loadTestimonials(context, options),
  };
}
