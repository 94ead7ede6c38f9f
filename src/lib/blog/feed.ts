import rss from '@astrojs/rss';
import type { CollectionEntry } from 'astro:content';
import { postPath } from './paths';
import { SITE } from '@/config/site';
import { SITE_ORIGIN } from '@/config/env';

/** An RSS feed of posts (the blog's, or a topic's), newest first. */
export function postsFeed(
  posts: CollectionEntry<'blogs'>[],
  { title, description }: { title: string; description: string },
): Promise<Response> {
  return rss({
    title,
    description,
    site: SITE_ORIGIN.href,
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
