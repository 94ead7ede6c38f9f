/**
 * The pages the bench measures: Lighthouse and the script watch load each of them (the post's
 * route is picked from the build), and the not-found pages are watched for script too.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** The pages Lighthouse scores; `route: null` is filled with a post's by `pickPostRoute`. */
export function measuredPages() {
  return [
    { name: 'home', route: '/' },
    { name: 'about', route: '/about' },
    { name: 'pricing', route: '/pricing' },
    { name: 'faq', route: '/faq' },
    { name: 'blog', route: '/blog' },
    { name: 'post', route: null },
    { name: 'topic', route: '/blog/tag/tax' },
    { name: 'contact', route: '/contact' },
    { name: 'bringspark', route: '/bringspark' },
    { name: 'policies', route: '/policies' },
    { name: 'privacy', route: '/privacy-policy' },
    { name: 'terms', route: '/terms-of-service' },
  ];
}

/** The post that leads /blog (its first card: the featured post), else any built post. */
export async function pickPostRoute(distDir) {
  const blog = await readFile(path.join(distDir, 'blog.html'), 'utf8').catch(() => '');
  const card = /data-post-card="([^"]+)"/.exec(blog);
  if (card) return `/blog/${card[1]}`;
  const files = await readdir(path.join(distDir, 'blog')).catch(() => []);
  // blog/tags.html and blog/search.html are the topics' and the search page, not posts.
  const post = files.find(
    (file) => file.endsWith('.html') && !['404.html', 'tags.html', 'search.html'].includes(file),
  );
  return post ? `/blog/${post.replace(/\.html$/, '')}` : null;
}

/**
 * The not-found pages (the general one and the blog's) are toggle-only pages too, so they are
 * watched for script. Lighthouse does not score them: its SEO audit fails any 404 answer.
 */
export const NOT_FOUND_ROUTES = ['/no-such-page', '/blog/no-such-post'];
