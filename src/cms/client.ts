/**
 * The connection to PocketBase for the loaders: an SDK client with a deadline on every answer,
 * anonymous as a visitor, or logged in as a preview reader (an account that can only read) for a
 * draft preview; and records read in pages.
 */
import pLimit from 'p-limit';
import PocketBase, { ClientResponseError, isTokenExpired, type RecordModel } from 'pocketbase';
import { LIMITS, RATE_LIMIT_WAITS } from '@/config/site';
import {
  BlogLoadError,
  MISSING_PREVIEW_READER_MESSAGE,
  MISSING_URL_MESSAGE,
  PocketBaseTimeoutError,
  PREVIEW_READERS,
  previewLoginMessage,
} from './errors';
import type { LoaderSettings } from './loaderOptions';
import { retryWhileRateLimited, tooManyRequests, type RateLimitWaits } from './rateLimit';

/** The newest first; the id breaks ties so paging never repeats or skips a record. */
const NEWEST_FIRST = '-created,-id';
/** Posts by their publish date, the newest first (drafts, undated, come last). */
export const NEWEST_PUBLISHED_FIRST = '-published_at,-id';

const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/**
 * One try of a fetch, with a deadline for the whole answer. The body is read inside the deadline
 * too: the SDK reads it itself and takes a body that fails half-way for an empty one, which would
 * turn a stalled server into a blog with no posts. A 429 is thrown for rateLimit.ts to wait out.
 */
async function fetchAnswer(
  input: Parameters<typeof fetch>[0],
  init: RequestInit | undefined,
  timeoutMs: number,
): Promise<Response> {
  const deadline = AbortSignal.timeout(timeoutMs);
  const signal = init?.signal ? AbortSignal.any([init.signal, deadline]) : deadline;
  try {
    const response = await fetch(input, { ...init, signal });
    if (response.status === 429) throw await tooManyRequests(response);
    const body = await response.arrayBuffer();
    return new Response(NULL_BODY_STATUSES.has(response.status) ? null : body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  } catch (error) {
    if (deadline.aborted) throw new PocketBaseTimeoutError(timeoutMs);
    throw error;
  }
}

/** fetch that waits out PocketBase's 429s, each try with a deadline of its own. */
function fetchWithTimeout(timeoutMs: number, waits: RateLimitWaits): typeof fetch {
  return (input, init) =>
    retryWhileRateLimited(
      input instanceof Request ? input.url : String(input),
      () => fetchAnswer(input, init, timeoutMs),
      { signal: init?.signal ?? undefined, waits },
    );
}

/**
 * An SDK client for build code: identical requests in flight must not cancel each other, no
 * request waits longer than `timeoutMs` for an answer (a server that accepts and never answers
 * would otherwise hold the build for good), and PocketBase's 429s are waited out as `waits` says.
 */
export function createPocketBaseClient(
  url: string,
  timeoutMs: number,
  waits: RateLimitWaits = RATE_LIMIT_WAITS,
): PocketBase {
  const pb = new PocketBase(url);
  pb.autoCancellation(false);
  pb.beforeSend = (requestUrl, options) => ({
    url: requestUrl,
    options: { ...options, fetch: fetchWithTimeout(timeoutMs, waits) },
  });
  return pb;
}

/**
 * A client for the build. The production site reads as an anonymous visitor: PocketBase's API
 * rules keep drafts and scheduled posts out, so what the build cannot see no visitor can. Only a
 * preview logs in, as a preview reader: its rules let it read drafts, and nothing else.
 */
export async function connect({
  url,
  preview,
  previewReader,
  timeoutMs,
}: Pick<LoaderSettings, 'url' | 'preview' | 'previewReader' | 'timeoutMs'>): Promise<PocketBase> {
  if (!url) throw new BlogLoadError(MISSING_URL_MESSAGE);
  const pb = createPocketBaseClient(url, timeoutMs);
  if (preview) {
    const { email, password } = previewReader;
    if (!email || !password) throw new BlogLoadError(MISSING_PREVIEW_READER_MESSAGE);
    const { token, record } = await previewSession(pb, email, password);
    pb.authStore.save(token, record);
  }
  return pb;
}

/** PocketBase's answers to a login it refuses: a wrong login (400, 401, 403), no collection (404). */
const REFUSED_LOGIN = new Set([400, 401, 403, 404]);

/**
 * One login a process, shared by the loaders of a preview while its token is valid: PocketBase
 * allows 2 logins in 3 s an address, and the four loaders start at once.
 */
const sessions = new Map<string, Promise<{ token: string; record: RecordModel | null }>>();

async function previewSession(
  pb: PocketBase,
  email: string,
  password: string,
): Promise<{ token: string; record: RecordModel | null }> {
  const key = JSON.stringify([pb.baseURL, email, password]);
  // Set before any await, so that loaders starting together share one login.
  let login = sessions.get(key);
  if (!login) {
    login = pb
      .collection(PREVIEW_READERS)
      .authWithPassword(email, password)
      .then(
        ({ token, record }) => ({ token, record }),
        (error: unknown) => {
          if (error instanceof ClientResponseError && REFUSED_LOGIN.has(error.status))
            throw new BlogLoadError(previewLoginMessage(pb.baseURL, email, error.status), {
              cause: error,
            });
          throw error;
        },
      );
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
  return previewSession(pb, email, password);
}

/** Whole posts a page: a page of them weighs at most LIMITS.loaderPageBytes (see there). */
export const POSTS_PER_PAGE = Math.max(1, Math.floor(LIMITS.loaderPageBytes / LIMITS.bodyMaxBytes));

/** Pages read at once after the first (which says how many there are). */
const PAGES_AT_ONCE = 4;

/**
 * Every record of a collection, newest first, in pages of `perPage` (LIMITS.loaderBatchSize for
 * small records, POSTS_PER_PAGE for whole posts), so no record beyond the first page is ever
 * left out.
 */
export async function fetchAllRecords<T = RecordModel>(
  pb: PocketBase,
  collection: string,
  {
    perPage = LIMITS.loaderBatchSize,
    sort = NEWEST_FIRST,
    filter,
    fields,
  }: { perPage?: number; sort?: string; filter?: string; fields?: string } = {},
): Promise<T[]> {
  const records = pb.collection(collection);
  const options = { sort, ...(filter && { filter }), ...(fields && { fields }) };
  const first = await records.getList<T>(1, perPage, options);
  const limit = pLimit(PAGES_AT_ONCE);
  const rest = await Promise.all(
    Array.from({ length: first.totalPages - 1 }, (_, index) =>
      limit(() => records.getList<T>(index + 2, perPage, { ...options, skipTotal: true })),
    ),
  );
  return [first, ...rest].flatMap((page) => page.items);
}
