import rss from '@astrojs/rss';
import type { APIRoute } from 'astro';
import { BLOG_COPY } from '@/data/blog';
import { postPath } from '@/lib/blog/paths';
import { getSortedPosts } from '@/lib/blog/posts';
import { SITE } from '@/config/site';
import { SITE_ORIGIN } from '@/config/env';

/** Every post, newest first. */
export const GET: APIRoute = async () => {
  const posts = await getSortedPosts();
  return rss({
    title: `${SITE.name} Blog`,
    description: BLOG_COPY.tagline,
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
};
