import { LIMITS } from '@/config/site';

export const BLOG_PATH = '/blog';

/**
 * A post's address, /blog/<slug> (lib/blog/slugs.ts): the one place that makes it. Its id and
 * earlier slugs answer 301 with it (postRedirects).
 */
export function postPath({ slug }: { slug: string }): string {
  return `${BLOG_PATH}/${encodeURIComponent(slug)}`;
}

/**
 * The generated share card of a post without a banner (pages/og/[id].png.ts), by the post's id:
 * a picture, not an address readers see, and one a changed slug leaves where a social network
 * cached it.
 */
export function shareCardPath(id: string): string {
  return `/og/${encodeURIComponent(id)}.png`;
}

/** Page 1 of the list is /blog itself; later pages are /blog/page/2, /blog/page/3, … */
export function listPagePath(page: number): string {
  return page <= 1 ? BLOG_PATH : `${BLOG_PATH}/page/${page}`;
}

/** How many list pages `count` posts fill (at least one, so /blog always exists). */
export function countListPages(count: number, pageSize: number = LIMITS.listPageSize): number {
  return Math.max(1, Math.ceil(count / pageSize));
}

/** Every topic in use, with its count. */
export const TOPICS_PATH = `${BLOG_PATH}/topics`;

/** The search page: where the search box leads without JavaScript, and its full results. */
export const SEARCH_PATH = `${BLOG_PATH}/search`;

/** A list's page: the list itself, then <list>/page/2, … */
const pageOf = (first: string, page: number) => (page <= 1 ? first : `${first}/page/${page}`);

/** A topic's list: /blog/topic/<slug>, then /blog/topic/<slug>/page/2, … */
export function topicPath(slug: string, page = 1): string {
  return pageOf(`${BLOG_PATH}/topic/${encodeURIComponent(slug)}`, page);
}

/** An author's page and list: /blog/author/<slug>, then /blog/author/<slug>/page/2, … */
export function authorPath(slug: string, page = 1): string {
  return pageOf(`${BLOG_PATH}/author/${encodeURIComponent(slug)}`, page);
}

/**
 * The pages of a topic's or an author's list, for a `[...page]` route: `page` is undefined on the
 * first (the list's own address) and `page/<n>` after it.
 */
export function listPages<T>(posts: readonly T[], pageSize: number = LIMITS.listPageSize) {
  const lastPage = countListPages(posts.length, pageSize);
  return Array.from({ length: lastPage }, (_, index) => ({
    page: index === 0 ? undefined : `page/${index + 1}`,
    posts: posts.slice(index * pageSize, (index + 1) * pageSize),
    currentPage: index + 1,
    lastPage,
  }));
}

/** A topic's RSS feed. */
export function topicFeedPath(slug: string): string {
  return `${topicPath(slug)}/rss.xml`;
}
