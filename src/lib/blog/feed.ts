import rss from '@astrojs/rss';
import type { CollectionEntry } from 'astro:content';
import { postPath } from './paths';
import { SITE } from '@/config/site';

/**
 * An RSS feed of posts (the blog's, or a topic's), newest first, its links on `site` (the
 * canonical origin, which the route reads from src/config/env.ts).
 */
export function postsFeed(
  posts: CollectionEntry<'blogs'>[],
  { title, description, site }: { title: string; description: string; site: URL },
): Promise<Response> {
  return rss({
    title,
    description,
    site: site.href,
    items: posts.map((post) => ({
      title: post.data.title,
      link: postPath(post.id),
      pubDate: post.data.date,
      description: post.data.excerpt,
    })),
    customData: `<language>${SITE.locale.toLowerCase()}</language>`,
    // The site's URLs have no trailing slash (astro.config trailingSlash: 'never').
    trailingSlash: false,
  });
}
