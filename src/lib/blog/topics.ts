/**
 * Topics, authors and related posts, from the loaded entries (pure: the pages pass them in). A
 * topic or an author is shown only while a post the build holds has them; in production that is
 * a public post, so a draft never leaks through a topic or an author.
 */

/** What a post refers to by id: its `topics` or its `authors`. */
type Reference = 'topics' | 'authors';

interface Named {
  id: string;
  data: { name: string };
}

interface ReferringPost {
  id: string;
  data: Record<Reference, string[]> & { status: 'published' | 'scheduled' | 'draft' };
}

/**
 * Every topic (or author) some post has, by name, each with its posts in the order given
 * (newest first).
 */
export function inUse<T extends Named, P extends ReferringPost>(
  items: readonly T[],
  newestFirst: readonly P[],
  field: Reference,
): { item: T; posts: P[] }[] {
  return [...items]
    .sort((a, b) => a.data.name.localeCompare(b.data.name, 'en'))
    .map((item) => ({
      item,
      posts: newestFirst.filter(({ data }) => data[field].includes(item.id)),
    }))
    .filter(({ posts }) => posts.length > 0);
}

/** A post's topics (or authors) that exist, in the order the editor gave them. */
export function referencedBy<T extends Named>(
  post: ReferringPost,
  items: readonly T[],
  field: Reference,
): T[] {
  return post.data[field].flatMap((id) => items.filter((item) => item.id === id));
}

/**
 * Up to `count` other live posts to read next: those sharing the most topics first; among equals,
 * and after them, the posts nearest in date, before or after it (the newer of two as near).
 * Never the newest posts site-wide as such: so an edit to a post changes the related block only of
 * posts near it, and a rebuild re-renders those alone. Never the post itself, never a draft or a
 * scheduled post (in a preview).
 */
export function relatedPosts<P extends ReferringPost>(
  post: P,
  newestFirst: readonly P[],
  count: number,
): P[] {
  const shared = (other: P) =>
    other.data.topics.filter((id) => post.data.topics.includes(id)).length;
  const at = Math.max(0, newestFirst.indexOf(post));
  return newestFirst
    .map((other, order) => ({ other, order, distance: Math.abs(order - at), score: shared(other) }))
    .filter(({ other }) => other.id !== post.id && other.data.status === 'published')
    .sort((a, b) => b.score - a.score || a.distance - b.distance || a.order - b.order)
    .slice(0, count)
    .map(({ other }) => other);
}
