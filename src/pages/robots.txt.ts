import type { APIRoute } from 'astro';

/** robots.txt names the sitemap by the site's own origin (SITE_URL), so previews point at themselves. */
export const GET: APIRoute = ({ site }) => {
  const sitemap = new URL('/sitemap-index.xml', site ?? 'https://ledgerwise.co.za');
  const body = ['User-agent: *', 'Allow: /', '', `Sitemap: ${sitemap.href}`, ''].join('\n');
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
