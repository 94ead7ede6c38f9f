import type { APIRoute } from 'astro';
import { absoluteUrl } from '@/config/env';

/** robots.txt names the sitemap by the site's own origin (SITE_URL), so previews point at themselves. */
export const GET: APIRoute = () => {
  const sitemap = absoluteUrl('/sitemap-index.xml');
  const body = ['User-agent: *', 'Allow: /', '', `Sitemap: ${sitemap}`, ''].join('\n');
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
