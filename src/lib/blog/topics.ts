/**
 * Topics and related posts, from the loaded entries (pure: the pages pass them in). A topic is
 * shown only while a post the build holds has it; in production that is a public post, so a
 * draft never leaks through a topic.
 */

interface Topic {
  id: string;
  data: { name: string; slug: string; description?: string };
}

interface TaggedPost {
  id: string;
  data: { tags: string[]; status: 'published' | 'scheduled' | 'draft' };
}

/** Every topic some post has, by name, each with its posts in the order given (newest first). */
export function topicsInUse<T extends Topic, P extends TaggedPost>(
  topics: readonly T[],
  newestFirst: readonly P[],
): { topic: T; posts: P[] }[] {
  return [...topics]
    .sort((a, b) => a.data.name.localeCompare(b.data.name, 'en'))
    .map((topic) => ({
      topic,
      posts: newestFirst.filter(({ data }) => data.tags.includes(topic.id)),
    }))
    .filter(({ posts }) => posts.length > 0);
}

/** A post's topics that exist, in the order the editor gave them. */
export function topicsOf<T extends Topic>(post: TaggedPost, topics: readonly T[]): T[] {
  return post.data.tags.flatMap((id) => topics.filter((topic) => topic.id === id));
}

/**
 * Up to `count` other live posts to read next: those sharing the most topics first, then the
 * newest. Never the post itself, never a draft or a scheduled post (in a preview).
 */
export function relatedPosts<P extends TaggedPost>(
  post: P,
  newestFirst: readonly P[],
  count: number,
): P[] {
  const shared = (other: P) => other.data.tags.filter((id) => post.data.tags.includes(id)).length;
  return newestFirst
    .filter((other) => other.id !== post.id && other.data.status === 'published')
    .map((other, order) => ({ other, order, score: shared(other) }))
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, count)
    .map(({ other }) => other);
}
