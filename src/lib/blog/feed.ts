import rss from '@astrojs/rss';
import type { CollectionEntry } from 'astro:content';
import { postPath } from './paths';
import { SITE } from '@/config/site';

/** What a feed shows of a post: its feed's props, so its key changes only when an item does. */
export interface FeedItem {
  slug: string;
  title: string;
  date: Date;
  excerpt: string;
}

export const feedItem = ({ data }: CollectionEntry<'blogs'>): FeedItem => ({
  slug: data.slug,
  title: data.title,
  date: data.date,
  excerpt: data.excerpt,
});

/**
 * An RSS feed of posts (the blog's, or a topic's), newest first, its links on `site` (the
 * canonical origin, which the route reads from src/config/env.ts).
 */
export function postsFeed(
  items: FeedItem[],
  { title, description, site }: { title: string; description: string; site: URL },
): Promise<Response> {
  return rss({
    title,
    description,
    site: site.href,
    items: items.map((item) => ({
      title: item.title,
      link: postPath(item),
      pubDate: item.date,
      description: item.excerpt,
    })),
    customData: `<language>${SITE.locale.toLowerCase()}</language>`,
    // The site's URLs have no trailing slash (astro.config trailingSlash: 'never').
    trailingSlash: false,
  });
}
