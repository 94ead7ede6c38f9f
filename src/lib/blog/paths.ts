import { LIMITS } from '@/config/site';

export const BLOG_PATH = '/blog';

/** /blog/<id> */
export function postPath(id: string): string {
  return `${BLOG_PATH}/${encodeURIComponent(id)}`;
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
export const TOPICS_PATH = `${BLOG_PATH}/tags`;

/** A topic's list: /blog/tag/<slug>, then /blog/tag/<slug>/page/2, … */
export function topicPath(slug: string, page = 1): string {
  const first = `${BLOG_PATH}/tag/${encodeURIComponent(slug)}`;
  return page <= 1 ? first : `${first}/page/${page}`;
}

/** A topic's RSS feed. */
export function topicFeedPath(slug: string): string {
  return `${topicPath(slug)}/rss.xml`;
}
