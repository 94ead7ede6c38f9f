import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import pLimit from 'p-limit';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { LIMITS } from '@/config/site';
import { POSTS_PER_PAGE } from './client';
import type { BlogData } from './schemas';

/**
 * Incremental loading of the blogs collection: a warm build lists `id,updated` and fetches in full
 * only new ids, changed `updated`s and entries whose pictures or body left the cache; ids gone
 * from the list leave the store. The store is reused only when built the same way (storeKey below).
 */

// Same PocketBase URL, kind of build (a preview's store holds drafts), site origin, picture
// hosts, limits and entry code (below: a sanitiser fix never leaves old HTML), or a fresh store.
export const STORE_KEY_META = 'store-key';

/** The source of everything that computes a blog entry; any change starts a fresh store. */
const entryCode = import.meta.glob(
  [
    '/src/cms/**/*.ts',
    '/src/lib/blog/**/*.ts',
    '/src/lib/formatDate.ts',
    '/src/lib/xmlCharacters.ts',
  ],
  { query: '?raw', import: 'default', eager: true },
) as Record<string, string>;

const codeDigest = createHash('sha256')
  .update(
    JSON.stringify(Object.entries(entryCode).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
  )
  .digest('hex');

/** What a store depends on besides the records themselves. */
export function storeKey(settings: {
  url: string;
  preview: boolean;
  siteOrigin: string;
  imageAllowedOrigins: string[];
}): string {
  const { url, preview, siteOrigin, imageAllowedOrigins } = settings;
  return createHash('sha256')
    .update(
      JSON.stringify({
        url,
        preview,
        siteOrigin,
        imageAllowedOrigins,
        limits: LIMITS,
        code: codeDigest,
      }),
    )
    .digest('hex');
}

/** One row of the public list: what a warm build compares with its store. */
export interface ListedRecord {
  id: string;
  updated: string;
}

export interface StoredPost {
  id: string;
  data: BlogData;
}

interface RefreshPlan {
  /** Ids to fetch in full, in the public list's order. */
  fetch: string[];
  /** Stored ids that are no longer public. */
  remove: string[];
}

const time = (pocketBaseDate: string) => new Date(pocketBaseDate.replace(' ', 'T')).getTime();

/** Whether every cached picture a stored post shows is still in the image cache. */
export function picturesPresent(data: BlogData, imageDir: string): boolean {
  const files = [...data.pictures, ...(data.banner ? [data.banner.file] : [])];
  return files.every((file) => existsSync(path.join(imageDir, file)));
}

/** What a warm build must fetch and remove, given the public list and the store. */
export function planRefresh(
  listed: readonly ListedRecord[],
  stored: ReadonlyMap<string, StoredPost>,
  isComplete: (post: StoredPost) => boolean,
): RefreshPlan {
  const publicIds = new Set(listed.map(({ id }) => id));
  const fetch = listed
    .filter(({ id, updated }) => {
      // Each `updated` against the store, not "since the newest seen": PocketBase stamps `updated`
      // before it commits, so a save can appear after a later one; a scheduled post falling due
      // keeps its `updated` and is new to the store.
      const post = stored.get(id);
      return !post || post.data.updated.getTime() !== time(updated) || !isComplete(post);
    })
    .map(({ id }) => id);
  const remove = [...stored.keys()].filter((id) => !publicIds.has(id));
  return { fetch, remove };
}

/**
 * The posts with these ids (those still readable), POSTS_PER_PAGE a request, as every read of
 * whole posts: the filter stays well inside a URL's length, and the answer within its weight.
 */
/**
 * The stored ids a warm load removes: those the public list lacks, and those planned for a fetch
 * that did not come back (unpublished or deleted between the list and the fetch; kept, such a
 * post would stay on the site as it was, its body file perhaps gone).
 */
export function idsToRemove(plan: RefreshPlan, fetched: readonly { id: string }[]): string[] {
  const came = new Set(fetched.map(({ id }) => id));
  return [...plan.remove, ...plan.fetch.filter((id) => !came.has(id))];
}

export async function fetchPostsById(
  pb: PocketBase,
  ids: readonly string[],
): Promise<RecordModel[]> {
  const chunks: string[][] = [];
  for (let start = 0; start < ids.length; start += POSTS_PER_PAGE)
    chunks.push(ids.slice(start, start + POSTS_PER_PAGE));
  const limit = pLimit(4);
  const pages = await Promise.all(
    chunks.map((chunk) =>
      limit(() =>
        pb.collection('blogs').getList(1, chunk.length, {
          filter: chunk.map((id) => pb.filter('id = {:id}', { id })).join(' || '),
          skipTotal: true,
        }),
      ),
    ),
  );
  return pages.flatMap((page) => page.items);
}
