import pLimit from 'p-limit';
import PocketBase, { ClientResponseError, type RecordModel } from 'pocketbase';
import { LIMITS } from '@/config/site';

/** The newest first; the id breaks ties so paging never repeats or skips a record. */
const NEWEST_FIRST = '-created,-id';
/** Posts by their publish date, the newest first (drafts, undated, come last). */
export const NEWEST_PUBLISHED_FIRST = '-published_at,-id';

/** A PocketBase request that got no complete answer in time. */
class PocketBaseTimeoutError extends Error {
  override name = 'PocketBaseTimeoutError';
  readonly timeoutMs: number;
  constructor(timeoutMs: number) {
    super(`timed out: no complete answer within ${timeoutMs / 1000} s`);
    this.timeoutMs = timeoutMs;
  }
}

const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/**
 * fetch with a deadline for the whole answer. The body is read inside the deadline too: the SDK
 * reads it itself and takes a body that fails half-way for an empty one, which would turn a
 * stalled server into a blog with no posts.
 */
function fetchWithTimeout(timeoutMs: number): typeof fetch {
  return async (input, init) => {
    const deadline = AbortSignal.timeout(timeoutMs);
    const signal = init?.signal ? AbortSignal.any([init.signal, deadline]) : deadline;
    try {
      const response = await fetch(input, { ...init, signal });
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
  };
}

/**
 * An SDK client for build code: identical requests in flight must not cancel each other, and no
 * request waits longer than `timeoutMs` (a server that accepts and never answers would otherwise
 * hold the build for good).
 */
export function createPocketBaseClient(url: string, timeoutMs: number): PocketBase {
  const pb = new PocketBase(url);
  pb.autoCancellation(false);
  pb.beforeSend = (requestUrl, options) => ({
    url: requestUrl,
    options: { ...options, fetch: fetchWithTimeout(timeoutMs) },
  });
  return pb;
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

/** "connection refused", "HTTP 404: The requested resource wasn't found.", "timed out: …" */
export function describeError(error: unknown): string {
  if (error instanceof PocketBaseTimeoutError) return error.message;
  if (error instanceof ClientResponseError) {
    if (error.originalError instanceof PocketBaseTimeoutError) return error.originalError.message;
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
