import { postPath } from './paths';

/** What the redirects need of a post. */
export interface RedirectedPost {
  id: string;
  slug: string;
  earlierSlugs: readonly string[];
}

/**
 * The site's `_redirects` file (Netlify's format, which tools/serve reads too): every post's
 * /blog/<id>, the spec's address, and each of its earlier slugs answer 301 with /blog/<slug>.
 * Only the posts the build has, so in production only live ones. An old address that is now a
 * post's own is left out: the page is there, and would win anyway.
 */
export function postRedirects(posts: readonly RedirectedPost[]): string {
  const current = new Set(posts.map((post) => postPath(post)));
  const lines = posts.flatMap((post) =>
    [post.id, ...post.earlierSlugs]
      .map((slug) => postPath({ slug }))
      .filter((from) => !current.has(from))
      .map((from) => `${from} ${postPath(post)} 301`),
  );
  return `${[...new Set(lines)].sort().join('\n')}\n`;
}
