import type { APIRoute } from 'astro';
import { BLOG_COPY } from '@/data/blog';
import { feedItem, postsFeed } from '@/lib/blog/feed';
import { getSortedPosts } from '@/cms/queries';
import { SITE_ORIGIN } from '@/config/env';
import { SITE } from '@/config/site';

/** Every post, newest first. */
export const GET: APIRoute = async () =>
  postsFeed((await getSortedPosts()).map(feedItem), {
    title: `${SITE.name} Blog`,
    description: BLOG_COPY.tagline,
    site: SITE_ORIGIN,
  });
