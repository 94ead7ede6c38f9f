import PocketBase, { ClientResponseError, type RecordModel } from 'pocketbase';
import { LIMITS } from '@/site.config';

/** The newest first; the id breaks ties so paging never repeats or skips a record. */
export const NEWEST_FIRST = '-created,-id';
/** Posts by their publish date, the newest first (drafts, undated, come last). */
export const NEWEST_PUBLISHED_FIRST = '-published_at,-id';

/** An SDK client for build code: identical requests in flight must not cancel each other. */
export function createPocketBaseClient(url: string): PocketBase {
  const pb = new PocketBase(url);
  pb.autoCancellation(false);
  return pb;
}

/**
 * Every record of a collection, newest first, read in pages of LIMITS.loaderBatchSize (the
 * server's cap) rather than only the first page the spec's browser app showed.
 */
export function fetchAllRecords<T = RecordModel>(
  pb: PocketBase,
  collection: string,
  { batch = LIMITS.loaderBatchSize, sort = NEWEST_FIRST }: { batch?: number; sort?: string } = {},
): Promise<T[]> {
  return pb.collection(collection).getFullList<T>({ batch, sort });
}

/** "connection refused", "HTTP 404: The requested resource wasn't found.", … */
export function describeError(error: unknown): string {
  if (error instanceof ClientResponseError) {
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
