/**
 * The errors of a load from PocketBase and their messages, as the build log and `astro dev`'s blog
 * page show them.
 */
import { ClientResponseError } from 'pocketbase';

/** Raised when a production build cannot (or must not) read the blog. */
export class BlogLoadError extends Error {
  override name = 'BlogLoadError';
}

/** A PocketBase request that got no complete answer in time (client.ts sets the deadline). */
export class PocketBaseTimeoutError extends Error {
  override name = 'PocketBaseTimeoutError';
  readonly timeoutMs: number;
  constructor(timeoutMs: number) {
    super(`timed out: no complete answer within ${timeoutMs / 1000} s`);
    this.timeoutMs = timeoutMs;
  }
}

/**
 * PocketBase answered the build nothing but 429 for RATE_LIMIT_WAITS.maxWaitMs while it waited
 * as asked between tries (cms/rateLimit.ts): someone else keeps the limiter full, or its limits
 * are far below what a build asks.
 */
export class PocketBaseRateLimitError extends Error {
  override name = 'PocketBaseRateLimitError';
  constructor(url: string, waitedMs: number) {
    super(
      `PocketBase kept answering HTTP 429 (too many requests) to ${url} for ${waitedMs / 1000} s ` +
        'while the build waited and tried again. Its rate limiter counts every client at one ' +
        "address together: behind a proxy, name the header the proxy passes the client's address " +
        'in (Settings → Application → Trusted proxy); otherwise raise the limits (Settings → ' +
        'Application → Rate limiting).',
    );
  }
}

/** The errors whose own message says all (thrown inside the SDK's fetch, it wraps them). */
const SELF_EXPLAINED = [PocketBaseTimeoutError, PocketBaseRateLimitError];
const explainsItself = (error: unknown): error is Error =>
  SELF_EXPLAINED.some((type) => error instanceof type);

export const MISSING_URL_MESSAGE =
  'POCKETBASE_URL is not set. A production build reads the blog and testimonials from PocketBase: ' +
  'set POCKETBASE_URL to its address (`npm start` and `npm run dev` start a local one for you).';

/** The collection of the preview's accounts (pocketbase/pb_migrations/1795737606_preview_readers.js). */
export const PREVIEW_READERS = 'preview_readers';

const PREVIEW_DOCS = 'docs/publishing.md, "The draft preview site"';

export const MISSING_PREVIEW_READER_MESSAGE =
  `PREVIEW_DRAFTS=1 reads drafts as a PocketBase preview reader, an account of its ` +
  `${PREVIEW_READERS} collection that can only read: set POCKETBASE_PREVIEW_EMAIL and ` +
  `POCKETBASE_PREVIEW_PASSWORD to its login (${PREVIEW_DOCS}), or unset PREVIEW_DRAFTS for the ` +
  "public site. A superuser's login (POCKETBASE_SUPERUSER_…) is not read: remove it from the " +
  "build's environment.";

/** Why PocketBase refused the preview's login (its HTTP status), in words that say what to do. */
export function previewLoginMessage(url: string, email: string, status: number): string {
  if (status === 404)
    return (
      `PocketBase at ${url} has no ${PREVIEW_READERS} collection for the preview to log in to: ` +
      "deploy this release's pocketbase/pb_migrations and restart it."
    );
  return (
    `PocketBase at ${url} refused the preview's login (HTTP ${status}): no account ${email} of ` +
    `${PREVIEW_READERS} with that password. Check POCKETBASE_PREVIEW_EMAIL and ` +
    `POCKETBASE_PREVIEW_PASSWORD, or create the account in the admin UI (${PREVIEW_DOCS}).`
  );
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

/**
 * "connection refused", "HTTP 404: The requested resource wasn't found.", "timed out: …",
 * "PocketBase kept answering HTTP 429 …"
 */
export function describeError(error: unknown): string {
  if (explainsItself(error)) return error.message;
  if (error instanceof ClientResponseError) {
    if (explainsItself(error.originalError)) return error.originalError.message;
    const cause = error.originalError as
      { cause?: { code?: string; message?: string } } | undefined;
    if (error.status === 0) {
      const detail = cause?.cause?.code ?? cause?.cause?.message ?? error.message;
      return `unreachable (${detail})`;
    }
    return `HTTP ${error.status}: ${error.message}`;
  }
  if (error instanceof Error) {
    const cause = (error as Error & { cause?: { code?: string } }).cause;
    return cause?.code ? `${error.message} (${cause.code})` : error.message;
  }
  return String(error);
}

/** "Failed to fetch blogs: <url>: <cause>" (or topics, authors), or the BlogLoadError's own words. */
export function loadFailureMessage(error: unknown, url: string, what = 'blogs'): string {
  return error instanceof BlogLoadError
    ? error.message
    : `Failed to fetch ${what}: ${url}: ${describeError(error)}`;
}
