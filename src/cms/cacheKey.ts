/**
 * A page's `cacheKey` for Astro's incremental build (a page is reused while its key and code are
 * unchanged): its props plus what its components read themselves (PostCard: authors; SearchBox:
 * hasSearchablePosts; Footer: the year). A component that starts reading content goes here too.
 */
import { createHash } from 'node:crypto';
import type { CollectionEntry } from 'astro:content';
import { referencedBy } from '@/lib/blog/topics';
import { getNamed, hasSearchablePosts } from './queries';

type Post = CollectionEntry<'blogs'>;

/** Read once per build: its content does not change while it renders (astro dev uses no keys). */
let siteWide: Promise<{ searchable: boolean; year: number }> | undefined;
let authors: Promise<CollectionEntry<'authors'>[]> | undefined;

const isPost = (value: unknown): value is Post =>
  typeof value === 'object' && value !== null && (value as Post).collection === 'blogs';

/** The props with every post as its card shows it: with its authors' entries beside it. */
async function withAuthors(value: unknown): Promise<unknown> {
  if (isPost(value)) {
    authors ??= getNamed('authors');
    return { post: value, authors: referencedBy(value, await authors, 'authors') };
  }
  if (Array.isArray(value)) return Promise.all(value.map(withAuthors));
  if (typeof value === 'object' && value !== null && !(value instanceof Date)) {
    const entries = Object.entries(value).map(async ([key, item]) => [
      key,
      await withAuthors(item),
    ]);
    return Object.fromEntries(await Promise.all(entries));
  }
  return value;
}

/** A digest of a value (Dates as ISO strings). */
export function digest(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('base64url');
}

/**
 * The key of a page that renders its props and nothing else (a feed, a share card): the props
 * themselves, without the site-wide inputs that only HTML pages show.
 */
export const dataCacheKey = (props: unknown): string => digest(props);

/** The key of an HTML page: its props, each post with its authors, and the site-wide inputs. */
export async function pageCacheKey(props: unknown): Promise<string> {
  siteWide ??= hasSearchablePosts().then((searchable) => ({
    searchable,
    year: new Date().getFullYear(),
  }));
  return digest({ site: await siteWide, props: await withAuthors(props) });
}

/** getStaticPaths' paths, each with the cacheKey of its HTML page. */
export function withPageCacheKeys<P extends { props: unknown }>(
  paths: P[],
): Promise<(P & { cacheKey: string })[]> {
  return Promise.all(
    paths.map(async (path) => ({ ...path, cacheKey: await pageCacheKey(path.props) })),
  );
}
