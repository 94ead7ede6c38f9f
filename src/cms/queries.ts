/**
 * What pages, layouts and components ask of the content collections: the posts in their orders,
 * the topics and authors in use, the blog's load state. The only module beside the loaders that
 * reads the content store; the pure work on what it reads is in lib/blog/.
 */
import { getCollection, getEntry, type CollectionEntry } from 'astro:content';
import { SITE } from '@/config/site';
import { featureFirst } from '@/lib/blog/featured';
import { listPages } from '@/lib/blog/paths';
import { inUse, referencedBy } from '@/lib/blog/topics';
import { CACHE_DIR } from '@/config/env';
import { BLOG_LOAD_STATE_ID } from './blogLoadState';
import { withPageCacheKeys } from './cacheKey';
import { postHtmlDir, readPostHtml } from './postHtml';
import type { BlogLoadState } from './schemas';

/** Every post, newest first by its date (published_at); the id breaks ties. */
export async function getSortedPosts(): Promise<CollectionEntry<'blogs'>[]> {
  const posts = await getCollection('blogs');
  return posts.sort(
    (a, b) => b.data.date.getTime() - a.data.date.getTime() || (a.id < b.id ? 1 : -1),
  );
}

/**
 * Whether search has anything to find: a live post (search indexes only those, so a blog with
 * none, or a preview of drafts alone, has no index to load and shows no search box).
 */
export function hasSearchablePosts(): Promise<boolean> {
  // Every blog page asks; a build's content does not change, so it reads the collection once
  // (per page it cost 20 s at 1,000 posts). `astro dev` asks afresh, as its content can.
  if (import.meta.env.DEV) return readSearchable();
  searchable ??= readSearchable();
  return searchable;
}

let searchable: Promise<boolean> | undefined;

async function readSearchable(): Promise<boolean> {
  return (await getCollection('blogs')).some((post) => post.data.status === 'published');
}

/** A post's body as the loader kept it (cms/postHtml.ts), for its page to render. */
export function getPostHtml(post: CollectionEntry<'blogs'>): Promise<string> {
  return readPostHtml(postHtmlDir(CACHE_DIR), post.data.htmlFile);
}

/** The blog list's posts in its order: the featured post, then the rest newest first. */
export async function getListedPosts(): Promise<CollectionEntry<'blogs'>[]> {
  return featureFirst(await getSortedPosts());
}

/**
 * The topics or the authors, when some post names one. None otherwise, without reading the
 * collection: Astro warns on every read of an empty collection, once per page that reads it.
 */
export async function getNamed<C extends 'topics' | 'authors'>(
  collection: C,
): Promise<CollectionEntry<C>[]> {
  // Which collections posts name is read once per build, as hasSearchablePosts is (every card asks).
  const names = import.meta.env.DEV ? readNamed() : (named ??= readNamed());
  return (await names).has(collection) ? getCollection(collection) : [];
}

let named: Promise<Set<'topics' | 'authors'>> | undefined;

async function readNamed(): Promise<Set<'topics' | 'authors'>> {
  const posts = await getCollection('blogs');
  const collections = (['topics', 'authors'] as const).filter((collection) =>
    posts.some((post) => post.data[collection].length > 0),
  );
  return new Set(collections);
}

/** Every topic a post has, by name, each with its posts newest first (lib/blog/topics.ts). */
export async function getTopicsInUse() {
  return inUse(await getNamed('topics'), await getSortedPosts(), 'topics');
}

/** Every author a post names, by name, each with their posts newest first. */
export async function getAuthorsInUse() {
  return inUse(await getNamed('authors'), await getSortedPosts(), 'authors');
}

/** The testimonials in their order (the samples when PocketBase has none: cms/testimonials.ts). */
export async function getTestimonials() {
  return (await getCollection('testimonials'))
    .sort((a, b) => a.data.order - b.data.order)
    .map(({ data }) => data);
}

/** The blog's load state: ok, or not and why (`astro dev` shows the message on the blog page). */
export async function getBlogLoadState(): Promise<BlogLoadState> {
  const state = await getEntry('blogLoadState', BLOG_LOAD_STATE_ID);
  if (!state || state.data.ok) return { ok: true };
  return { ok: false, message: state.data.message ?? 'Failed to fetch blogs' };
}

/** "Ann", "Ann and Bob", "Ann, Bob and Cy": a post's authors on its card. */
function joinNames(names: string[]): string {
  return new Intl.ListFormat(SITE.locale, { type: 'conjunction' }).format(names);
}

/**
 * Posts as their cards show them (the lists, a topic's or an author's page, a post's related
 * posts): exactly the fields a card renders, its authors' names among them, so that a page's
 * props, and so its incremental-build key, change only when what it shows does.
 */
export async function getPostCards(posts: readonly CollectionEntry<'blogs'>[]) {
  const authors = await getNamed('authors');
  return posts.map(({ id, data }) => {
    const names = referencedBy({ id, data }, authors, 'authors').map(({ data }) => data.name);
    const { slug, title, excerpt, displayDate, date, readTime, status, banner } = data;
    // A post by the team shows no author line on its card, as before authors existed.
    const author = names.length > 0 ? joinNames(names) : undefined;
    return { id, slug, title, excerpt, displayDate, date, readTime, status, banner, author };
  });
}

export type PostCardData = Awaited<ReturnType<typeof getPostCards>>[number];

/**
 * The pages of each topic's or author's list, as a `[slug]/[...page]` route's getStaticPaths
 * returns them: the item, a page of its posts' cards, the page numbers and whether search exists,
 * each path with its cacheKey.
 */
export async function getListPaths<T extends { data: { slug: string } }>(
  groups: readonly { item: T; posts: readonly CollectionEntry<'blogs'>[] }[],
) {
  const searchable = await hasSearchablePosts();
  const paths = await Promise.all(
    groups.map(async ({ item, posts }) =>
      listPages(await getPostCards(posts)).map(({ page, posts: cards, ...list }) => ({
        params: { slug: item.data.slug, page },
        props: { item, cards, searchable, ...list },
      })),
    ),
  );
  return withPageCacheKeys(paths.flat());
}
