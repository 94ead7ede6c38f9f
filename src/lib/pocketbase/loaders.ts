import type { Loader, LoaderContext } from 'astro/loaders';
import type { RecordModel } from 'pocketbase';
import { createExcerpt } from '@/lib/excerpt';
import { formatPostDate } from '@/lib/formatDate';
import { getReadTime } from '@/lib/readTime';
import { sanitizeHtml } from '@/lib/sanitizeHtml';
import { SAMPLE_TESTIMONIALS } from '@/data/testimonials';
import { createPocketBaseClient, describeError, fetchAllRecords } from './client';
import { fileUrl, probeRemoteImages } from './images';
import {
  blogRecordSchema,
  testimonialRecordSchema,
  type BlogData,
  type BlogStatus,
  type TestimonialData,
} from './schemas';

export const BLOGS_LOADER_NAME = 'ledgerwise-pocketbase-blogs';
export const TESTIMONIALS_LOADER_NAME = 'ledgerwise-pocketbase-testimonials';
export const BLOG_STATUS_ID = 'blogs';
const TESTIMONIAL_STAGGER_MS = 100;

export interface PocketBaseLoaderOptions {
  /** Defaults to process.env.POCKETBASE_URL, read when the loader runs. */
  url?: string;
  /**
   * Fail the build when the blog list cannot be read. Default: in a production build
   * (`astro build`), so the CDN keeps the last good site; `astro dev` shows the error instead.
   */
  failOnError?: boolean;
  /** The site's origin (default: astro.config's `site`): links elsewhere get rel="noopener noreferrer". */
  siteOrigin?: string;
}

/** Raised when a production build cannot (or must not) read the blog. */
export class BlogLoadError extends Error {
  override name = 'BlogLoadError';
}

export const MISSING_URL_MESSAGE =
  'POCKETBASE_URL is not set. A production build reads the blog and testimonials from PocketBase: ' +
  'set POCKETBASE_URL to its address (`npm start` and `npm run dev` start a local one for you).';

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
    url: (options.url ?? process.env.POCKETBASE_URL ?? '').trim().replace(/\/+$/, ''),
    failOnError: options.failOnError ?? isProductionBuild(),
    siteOrigin: options.siteOrigin ?? 'https://ledgerwise.co.za',
  };
}

/*
 * The status entry the blog page reads in dev is written by a second collection's loader. Both
 * loaders share one name, so Astro always runs them in the same sync; the status loader waits
 * for the outcome of the blogs loader's run.
 */
let unclaimed: BlogStatus | undefined;
const waiting: ((status: BlogStatus) => void)[] = [];

function reportStatus(status: BlogStatus) {
  if (waiting.length > 0) for (const resolve of waiting.splice(0)) resolve(status);
  else unclaimed = status;
}

function takeStatus(): Promise<BlogStatus> {
  const ready = unclaimed;
  unclaimed = undefined;
  return ready ? Promise.resolve(ready) : new Promise((resolve) => waiting.push(resolve));
}

async function loadBlogs(context: LoaderContext, options: PocketBaseLoaderOptions) {
  const { store, meta, logger, parseData, config } = context;
  const { url, failOnError, siteOrigin } = resolveOptions({
    siteOrigin: config.site,
    ...options,
  });

  let records: RecordModel[];
  const pb = createPocketBaseClient(url || 'http://127.0.0.1:1');
  try {
    if (!url) throw new BlogLoadError(MISSING_URL_MESSAGE);
    records = await fetchAllRecords(pb, 'blogs');
  } catch (error) {
    const message =
      error instanceof BlogLoadError
        ? error.message
        : `Failed to fetch blogs: ${url}: ${describeError(error)}`;
    if (failOnError) throw new BlogLoadError(message, { cause: error });
    logger.error(message);
    store.clear();
    reportStatus({ ok: false, message });
    return;
  }

  const posts: { id: string; record: RecordModel; data: Omit<BlogData, 'banner'> }[] = [];
  for (const raw of records) {
    const parsed = blogRecordSchema.safeParse(raw);
    if (!parsed.success) {
      logger.warn(`Skipping blog record ${raw.id}: ${parsed.error.issues[0]?.message}`);
      continue;
    }
    const record = parsed.data;
    const html = sanitizeHtml(record.content, { siteOrigin, blockedImageOrigins: [url] });
    posts.push({
      id: record.id,
      record: raw,
      data: {
        title: record.title,
        html,
        excerpt: createExcerpt(html),
        readTime: getReadTime(html),
        displayDate: formatPostDate(record.created),
        created: record.created,
        updated: record.updated,
      },
    });
  }

  const banners = await probeRemoteImages(
    posts.map(({ record }) => fileUrl(pb, record, record.banner_image)),
    meta,
    (problem) =>
      logger.warn(`Banner image could not be downloaded, using the placeholder: ${problem}`),
  );

  store.clear();
  for (const [index, { id, data }] of posts.entries()) {
    const banner = banners[index];
    const entry = await parseData({ id, data: { ...data, ...(banner ? { banner } : {}) } });
    store.set({ id, data: entry });
  }
  logger.info(`Loaded ${posts.length} blog posts from ${url}`);
  reportStatus({ ok: true });
}

/** The `blogs` collection: every post in PocketBase, newest first, with derived fields. */
export function pocketBaseBlogsLoader(options: PocketBaseLoaderOptions = {}): Loader {
  return {
    name: BLOGS_LOADER_NAME,
    load: async (context) => {
      try {
        await loadBlogs(context, options);
      } catch (error) {
        // Settle the status loader too, so a failed build ends instead of waiting.
        reportStatus({ ok: false, message: describeError(error) });
        throw error;
      }
    },
  };
}

/** The `blogStatus` collection: one entry telling the blog page whether the last load worked. */
export function blogStatusLoader(): Loader {
  return {
    name: BLOGS_LOADER_NAME,
    load: async ({ store, parseData }) => {
      const status = await takeStatus();
      store.clear();
      store.set({
        id: BLOG_STATUS_ID,
        data: await parseData({ id: BLOG_STATUS_ID, data: { ...status } }),
      });
    },
  };
}

function sampleTestimonials(): { id: string; data: TestimonialData }[] {
  return SAMPLE_TESTIMONIALS.map((sample, index) => ({
    id: `sample-${index + 1}`,
    data: { ...sample, delay: index * TESTIMONIAL_STAGGER_MS, order: index, sample: true },
  }));
}

async function loadTestimonials(context: LoaderContext, options: PocketBaseLoaderOptions) {
  const { store, meta, logger, parseData } = context;
  const { url } = resolveOptions(options);
  let entries: { id: string; data: TestimonialData }[] = [];
  try {
    if (!url) throw new Error('POCKETBASE_URL is not set');
    const pb = createPocketBaseClient(url);
    const records = await fetchAllRecords(pb, 'testimonials');
    const valid = records.flatMap((raw) => {
      const parsed = testimonialRecordSchema.safeParse(raw);
      return parsed.success ? [{ raw, record: parsed.data }] : [];
    });
    const avatars = await probeRemoteImages(
      valid.map(({ raw, record }) => fileUrl(pb, raw, record.avatar)),
      meta,
      (problem) =>
        logger.warn(`Avatar could not be downloaded, using the default image: ${problem}`),
    );
    entries = valid.map(({ record }, index) => {
      const avatar = avatars[index];
      return {
        id: record.id,
        data: {
          quote: record.quote,
          author: record.author,
          position: record.position,
          company: record.company,
          ...(avatar ? { avatar } : {}),
          delay: index * TESTIMONIAL_STAGGER_MS,
          order: index,
          sample: false,
        },
      };
    });
    if (entries.length === 0)
      logger.info('No testimonials in PocketBase: showing the three samples');
  } catch (error) {
    logger.warn(
      `Failed to fetch testimonials: ${url}: ${describeError(error)}; showing the three samples`,
    );
  }
  if (entries.length === 0) entries = sampleTestimonials();

  store.clear();
  for (const { id, data } of entries) {
    store.set({ id, data: await parseData({ id, data }) });
  }
}

/** The `testimonials` collection: PocketBase's, or the three samples when it has none or fails. */
export function pocketBaseTestimonialsLoader(options: PocketBaseLoaderOptions = {}): Loader {
  return {
    name: TESTIMONIALS_LOADER_NAME,
    load: (context) => loadTestimonials(context, options),
  };
}
