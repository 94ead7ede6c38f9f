import type { APIRoute } from 'astro';
import { getShareCard } from './og/_shareCardCache';
import { CACHE_DIR } from '@/config/env';
import { SITE } from '@/config/site';

/** The site's share card (SITE.defaultSocialImage): every page without a picture of its own. */
export const GET: APIRoute = async () =>
  new Response(new Uint8Array(await getShareCard(SITE.tagline, CACHE_DIR, 'site')), {
    headers: { 'Content-Type': 'image/png' },
  });
