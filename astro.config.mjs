// @ts-check
// First: the project's .env files reach this config, the content loader and Astro's env schema.
import { buildEnv } from './tools/shared/env.mjs';
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import tailwind from '@astrojs/tailwind';
import sitemap from '@astrojs/sitemap';
import contentSecurityPolicy from './src/integrations/contentSecurityPolicy.mjs';
import contentWarnings from './src/integrations/contentWarnings.mjs';
import clientInteraction from './src/integrations/clientInteraction.mjs';
import liveContent from './src/integrations/liveContent.mjs';
import pocketbaseImages from './src/integrations/pocketbaseImages.mjs';
import requireEmailjs from './src/integrations/requireEmailjs.mjs';
import searchIndex from './src/integrations/searchIndex.mjs';
import { postLastmod } from './src/lib/blog/lastmod.ts';
import { ENV_SCHEMA } from './src/config/envSchema.mjs';
import { SITE } from './src/config/site.ts';

const { SITE_URL, ASTRO_CACHE_DIR } = buildEnv();
const lastmod = postLastmod();

export default defineConfig({
  // Canonical origin for the sitemap, canonical links and Open Graph URLs.
  site: SITE_URL ?? SITE.url,
  output: 'static',
  // about.html rather than about/index.html: the CDN serves /about without a redirect.
  build: { format: 'file' },
  trailingSlash: 'never',
  // Astro's cache: content store, image cache and transforms. Builds that keep it are warm.
  cacheDir: ASTRO_CACHE_DIR,
  // Astro's sharp service with a faster WebP encoder setting (see the module). The entrypoint is
  // part of every transformed file's name, so it stays a path relative to the project.
  image: { service: { entrypoint: './src/integrations/sharpImageService.ts' } },
  integrations: [
    react(),
    clientInteraction(),
    tailwind({ applyBaseStyles: false }),
    sitemap({
      // The 404 pages answer 404; they do not belong in the sitemap.
      // Not for search engines: the error pages and the search page (noindex).
      filter: (page) => !/\/(404|blog\/search)(\.html)?$/.test(new URL(page).pathname),
      // A post's lastmod is the dateModified its built page states.
      serialize: lastmod.serialize,
    }),
    // After the sitemap: fails the build when the sitemap could not be written.
    lastmod.integration,
    // Per-page CSP meta with the hashes of every inline script (see the integration).
    contentSecurityPolicy(),
    searchIndex(),
    // The pictures the content loaders cached, as images Astro optimises.
    pocketbaseImages(),
    // A production build stops when the contact form could not send.
    requireEmailjs(),
    // astro dev only: the local PocketBase's hook reloads the content layer.
    liveContent(),
    // At the end of a build: what it left out of the editors' content, post by post.
    contentWarnings(),
  ],
  // tools/shared/env.mjs has loaded the .env files for every command; Vite reading them again,
  // with its .env.[mode] files that the scripts never read, could only disagree with it.
  vite: { envDir: false },
  devToolbar: { enabled: false },
  prefetch: false,
  env: { schema: ENV_SCHEMA },
});
