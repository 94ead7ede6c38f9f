// @ts-check
// First: the project's .env files reach this config, the content loader and Astro's env schema.
import './tools/shared/env.mjs';
import { defineConfig, envField } from 'astro/config';
import react from '@astrojs/react';
import tailwind from '@astrojs/tailwind';
import sitemap from '@astrojs/sitemap';
import path from 'node:path';
import contentSecurityPolicy from './src/integrations/contentSecurityPolicy.mjs';
import clientInteraction from './src/integrations/clientInteraction.mjs';
import liveContent from './src/integrations/liveContent.mjs';
import pocketbaseImages from './src/integrations/pocketbaseImages.mjs';
import requireContactForm from './src/integrations/requireContactForm.mjs';
import { addPostLastmod } from './src/lib/blog/lastmod.ts';
import { SITE } from './src/config/site.ts';

/** Canonical origin for the sitemap, canonical links and Open Graph URLs. */
const SITE_URL = process.env.SITE_URL || SITE.url;

/** Astro's cache: content store, image cache and transforms. Builds that keep it are warm. */
const CACHE_DIR = process.env.ASTRO_CACHE_DIR || './node_modules/.astro';

export default defineConfig({
  site: SITE_URL,
  output: 'static',
  // about.html rather than about/index.html: the CDN serves /about without a redirect.
  build: { format: 'file' },
  trailingSlash: 'never',
  // Tests and the rebuild listener build into their own folders so builds never collide.
  outDir: process.env.ASTRO_OUT_DIR || './dist',
  cacheDir: CACHE_DIR,
  // Astro's sharp service with a faster WebP encoder setting (see the module). The entrypoint is
  // part of every transformed file's name, so it stays a path relative to the project.
  image: { service: { entrypoint: './src/integrations/sharpImageService.ts' } },
  integrations: [
    react(),
    clientInteraction(),
    tailwind({ applyBaseStyles: false }),
    sitemap({
      // The 404 pages answer 404; they do not belong in the sitemap.
      filter: (page) => !/\/404(\.html)?$/.test(new URL(page).pathname),
      // A post's lastmod is its `updated` (the blogs loader writes them into the cache).
      serialize: addPostLastmod(path.resolve(CACHE_DIR)),
    }),
    // Per-page CSP meta with the hashes of every inline script (see the integration).
    contentSecurityPolicy(),
    // The pictures the content loaders cached, as images Astro optimises.
    pocketbaseImages(),
    // A production build stops when the contact form could not send.
    requireContactForm(),
    // astro dev only: the local PocketBase's hook reloads the content layer.
    liveContent(),
  ],
  // tools/shared/env.mjs has loaded the .env files for every command; Vite reading them again,
  // with its .env.[mode] files that the scripts never read, could only disagree with it.
  vite: { envDir: false },
  devToolbar: { enabled: false },
  prefetch: false,
  env: {
    schema: {
      SITE_URL: envField.string({ context: 'server', access: 'public', optional: true }),
      POCKETBASE_URL: envField.string({ context: 'server', access: 'public', optional: true }),
      // "1": a draft preview (src/lib/previewMode.ts checks the value).
      PREVIEW_DRAFTS: envField.string({ context: 'server', access: 'public', optional: true }),
      PUBLIC_CHAT_APP_URL: envField.string({ context: 'client', access: 'public', optional: true }),
      PUBLIC_CHAT_APP_LOGIN_URL: envField.string({
        context: 'client',
        access: 'public',
        optional: true,
      }),
      PUBLIC_DEMO_VIDEO_URL: envField.string({
        context: 'client',
        access: 'public',
        optional: true,
      }),
      PUBLIC_SOCIAL_URL: envField.string({ context: 'client', access: 'public', optional: true }),
      PUBLIC_BRINGSPARK_URL: envField.string({
        context: 'client',
        access: 'public',
        optional: true,
      }),
      PUBLIC_EMAILJS_SERVICE_ID: envField.string({
        context: 'client',
        access: 'public',
        optional: true,
      }),
      PUBLIC_EMAILJS_TEMPLATE_ID: envField.string({
        context: 'client',
        access: 'public',
        optional: true,
      }),
      PUBLIC_EMAILJS_PUBLIC_KEY: envField.string({
        context: 'client',
        access: 'public',
        optional: true,
      }),
      PUBLIC_EMAILJS_API_ORIGIN: envField.string({
        context: 'client',
        access: 'public',
        optional: true,
        default: 'https://api.emailjs.com',
      }),
      FREE_PLAN_END_DATE: envField.string({ context: 'server', access: 'public', optional: true }),
      LOCAL_BUILD: envField.boolean({
        context: 'server',
        access: 'public',
        optional: true,
        default: false,
      }),
    },
  },
});
