/**
 * What every loader of src/cms shares: its options and their defaults (astro:env through
 * config/env.ts), the connection (anonymous, or a superuser for a draft preview), the picture cache,
 * and the messages of a blog that cannot be read.
 */
import type { LoaderContext } from 'astro/loaders';
import { isTokenExpired, type RecordModel } from 'pocketbase';
import type PocketBase from 'pocketbase';
import { IMAGE_ALLOWED_ORIGINS, IS_PREVIEW, POCKETBASE } from '@/config/env';
import { SITE } from '@/config/site';
import { createPocketBaseClient, describeError } from './client';
import { createImageCache, type CachedImage, type ImageCache } from './images/imageCache';
import { imageCacheDir } from './images/manifest';

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
   * superuser. Default: PREVIEW_DRAFTS=1. Without it the loader reads as a visitor would.
   */
  preview?: boolean;
  /** Superuser login for a preview. Default: POCKETBASE_SUPERUSER_EMAIL / _PASSWORD. */
  superuser?: { email?: string; password?: string };
  /** Limit of one PocketBase answer (default POCKETBASE_TIMEOUT_SECONDS). */
  timeoutMs?: number;
  /** Limit of one picture download (default LIMITS.imageDownloadTimeoutMs). */
  imageTimeoutMs?: number;
  /**
   * Origins on a local or private network pictures may come from besides PocketBase (default
   * CONTENT_IMAGE_ALLOWED_ORIGINS).
   */
  imageAllowedOrigins?: string[];
  /** The build's time for pictures from other hosts (default LIMITS.remotePicturesBudgetMs). */
  remotePicturesBudgetMs?: number;
}

/** Raised when a production build cannot (or must not) read the blog. */
export class BlogLoadError extends Error {
  override name = 'BlogLoadError';
}

const MISSING_URL_MESSAGE =
  'POCKETBASE_URL is not set. A production build reads the blog and testimonials from PocketBase: ' +
  'set POCKETBASE_URL to its address (`npm start` and `npm run dev` start a local one for you).';

export const MISSING_SUPERUSER_MESSAGE =
  'PREVIEW_DRAFTS=1 reads drafts as a PocketBase superuser: set POCKETBASE_SUPERUSER_EMAIL and ' +
  'POCKETBASE_SUPERUSER_PASSWORD (PocketBase 0.22 called them admins: POCKETBASE_ADMIN_…), or ' +
  'unset PREVIEW_DRAFTS for the public site.';

/**
 * `astro build`, the CLI command every script and Netlify use. Not `astro dev`, nor `astro check`
 * or `astro sync`, which load content too but must work without a PocketBase. (The command, not
 * import.meta.env.PROD: a build started from a test runner inherits NODE_ENV=test.)
 */
function isProductionBuild(): boolean {
  return process.argv.slice(2).includes('build');
}

export function resolveOptions(options: PocketBaseLoaderOptions) {
  return {
    url: (options.url ?? POCKETBASE.url ?? '').trim().replace(/\/+$/, ''),
    failOnError: options.failOnError ?? isProductionBuild(),
    siteOrigin: options.siteOrigin ?? SITE.url,
    preview: options.preview ?? IS_PREVIEW,
    superuser: options.superuser ?? POCKETBASE.superuser,
    timeoutMs: options.timeoutMs ?? POCKETBASE.timeoutMs,
    imageTimeoutMs: options.imageTimeoutMs,
    imageAllowedOrigins: options.imageAllowedOrigins ?? IMAGE_ALLOWED_ORIGINS,
    remotePicturesBudgetMs: options.remotePicturesBudgetMs,
  };
}

export type Settings = ReturnType<typeof resolveOptions>;

/**
 * A client for the build. The production site reads as an anonymous visitor: PocketBase's API
 * rules keep drafts and scheduled posts out, so what the build cannot see no visitor can. Only a
 * preview logs in.
 */
export async function connect({
  url,
  preview,
  superuser,
  timeoutMs,
}: Settings): Promise<PocketBase> {
  if (!url) throw new BlogLoadError(MISSING_URL_MESSAGE);
  const pb = createPocketBaseClient(url, timeoutMs);
  if (preview) {
    const { email, password } = superuser;
    if (!email || !password) throw new BlogLoadError(MISSING_SUPERUSER_MESSAGE);
    const { token, record } = await superuserSession(pb, email, password);
    pb.authStore.save(token, record);
  }
  return pb;
}

/**
 * One superuser login a process, shared by the loaders of a preview while its token is valid:
 * PocketBase allows 2 logins in 3 s an address, and the four loaders start at once.
 */
const sessions = new Map<string, Promise<{ token: string; record: RecordModel | null }>>();

async function superuserSession(
  pb: PocketBase,
  email: string,
  password: string,
): Promise<{ token: string; record: RecordModel | null }> {
  const key = JSON.stringify([pb.baseURL, email, password]);
  // Set before any await, so that loaders starting together share one login.
  let login = sessions.get(key);
  if (!login) {
    login = pb
      .collection('_superusers')
      .authWithPassword(email, password)
      .then(({ token, record }) => ({ token, record }));
    sessions.set(key, login);
  }
  try {
    const session = await login;
    if (!isTokenExpired(session.token)) return session;
  } catch (error) {
    sessions.delete(key);
    throw error;
  }
  // Expired (a long `astro dev`): log in again.
  if (sessions.get(key) === login) sessions.delete(key);
  return superuserSession(pb, email, password);
}

/** The image cache of this build, in its cacheDir. */
export function openImageCache({ config, meta }: LoaderContext, settings: Settings) {
  return createImageCache({
    dir: imageCacheDir(config.cacheDir),
    meta,
    pocketBaseUrl: settings.url,
    allowedOrigins: settings.imageAllowedOrigins,
    timeoutMs: settings.imageTimeoutMs,
    remoteBudgetMs: settings.remotePicturesBudgetMs,
  });
}

/** A record's file: its PocketBase URL (file names are unique and never change in place). */
export function fileUrl(pb: PocketBase, record: RecordModel, filename: string | null | undefined) {
  return filename ? pb.files.getURL(record, filename) : undefined;
}

/** A picture from the cache, or undefined with a warning when it cannot be downloaded. */
export async function cachedPicture(
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
export function draftLeakMessage(url: string, record: { id: string; title: string }): string {
  // Only PocketBase's API rules keep drafts private; a public list that shows one is a leak
  // to fix there, not to hide here. (The time is not compared: the two clocks may differ.)
  return (
    `PocketBase's public API at ${url} returned the unpublished post ${record.id} ` +
    `("${record.title}"): its blogs API rules must be ` +
    '`published = true && published_at != "" && published_at <= @now` ' +
    '(pocketbase/pb_migrations). No build is published until they are.'
  );
}

/** "Failed to fetch blogs: <url>: <cause>" (or topics), or the BlogLoadError's own words. */
export function blogFailureMessage(error: unknown, url: string, what = 'blogs'): string {
  return error instanceof BlogLoadError
    ? error.message
    : `Failed to fetch ${what}: ${url}: ${describeError(error)}`;
}
