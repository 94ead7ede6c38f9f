// First: the Node check, and the project's .env files for this config, the content loader and
// Astro's env schema.
import { buildEnv } from './src/config/envFiles.ts';
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import sitemap from '@astrojs/sitemap';
import contentWarnings from './src/integrations/contentWarnings.ts';
import clientInteraction from './src/integrations/clientInteraction.ts';
import liveContent from './src/integrations/liveContent.ts';
import pocketbaseImages from './src/integrations/pocketbaseImages.ts';
import requireEmailjs from './src/integrations/requireEmailjs.ts';
import inlineScriptCheck from './src/integrations/inlineScripts.ts';
import { inlineScriptHashes } from './src/integrations/inlineScriptText.ts';
import searchIndex from './src/integrations/searchIndex.ts';
import { postLastmod } from './src/integrations/postLastmod.ts';
import { ENV_SCHEMA } from './src/config/envSchema.ts';
import { LIMITS, SITE } from './src/config/site.ts';

// Read once, here: the integrations take what they need as options, not from process.env.
const env = buildEnv();
const { SITE_URL, ASTRO_CACHE_DIR, PUBLIC_EMAILJS_API_ORIGIN, DEV_CONTENT_REFRESH_SECRET } = env;
const lastmod = postLastmod();
// The forms send to the EmailJS API (tests point them at a local endpoint): the policy allows its
// origin. A URL that is not http(s) has no origin to allow: EmailJS's own then.
const emailjsApi = new URL(PUBLIC_EMAILJS_API_ORIGIN);
const emailjsOrigin = /^https?:$/.test(emailjsApi.protocol)
  ? emailjsApi.origin
  : ENV_SCHEMA.PUBLIC_EMAILJS_API_ORIGIN.default;

export default defineConfig({
  // Canonical origin for the sitemap, canonical links and Open Graph URLs.
  site: SITE_URL ?? SITE.url,
  output: 'static',
  // about.html rather than about/index.html: the CDN serves /about without a redirect.
  build: { format: 'file' },
  trailingSlash: 'never',
  // Astro's cache: content store, image cache and transforms. Builds that keep it are warm.
  cacheDir: ASTRO_CACHE_DIR,
  // WebP (every picture on the site) at libwebp effort 2 rather than 4: much less CPU per transform
  // for files a little larger, and encoding is most of a cold build. sharp decodes every frame of
  // an animation: its pixel limit counts them all, as the loaders' own check does.
  image: {
    service: {
      entrypoint: 'astro/assets/services/sharp',
      config: { webp: { effort: 2 }, limitInputPixels: LIMITS.imageMaxPixels },
    },
  },
  integrations: [
    react(),
    clientInteraction(),
    sitemap({
      // The 404 pages answer 404; they do not belong in the sitemap.
      // Not for search engines: the error pages and the search page (noindex).
      filter: (page) => !/\/(404|blog\/search)(\.html)?$/.test(new URL(page).pathname),
      // A post's lastmod is the dateModified its built page states.
      serialize: lastmod.serialize,
    }),
    // After the sitemap: fails the build when the sitemap could not be written.
    lastmod.integration,
    // Left out of the rebuild listener's builds, which write it once the pages are live.
    searchIndex({ later: env.SEARCH_INDEX_LATER }),
    // The pictures the content loaders cached, as images Astro optimises.
    pocketbaseImages(),
    // A production build stops when the contact form could not send.
    requireEmailjs(env),
    // astro dev only: the local PocketBase's hook reloads the content layer.
    liveContent({ secret: DEV_CONTENT_REFRESH_SECRET }),
    // Fails the build on an inline script the policy has no hash for, or one in CMS HTML.
    inlineScriptCheck(),
    // At the end of a build: what it left out of the editors' content, post by post.
    contentWarnings(),
  ],
  // src/config/envFiles.ts has loaded the .env files for every command; Vite reading them again,
  // with its .env.[mode] files that the scripts never read, could only disagree with it.
  vite: { envDir: false, plugins: [tailwindcss()] },
  devToolbar: { enabled: false },
  prefetch: false,
  // Astro writes each page's Content-Security-Policy as a <meta>, with the hashes of the scripts
  // and styles it bundles; netlify.toml's header adds frame-ancestors, which a meta cannot carry.
  security: {
    csp: {
      directives: [
        "default-src 'self'",
        // Every picture, a post's included, is downloaded at build time and served by the site.
        "img-src 'self'",
        "font-src 'self'",
        `connect-src 'self' ${emailjsOrigin}`,
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
      ],
      scriptDirective: {
        // Listed, so that a page that adds a source (the search box's WebAssembly) keeps 'self'.
        resources: ["'self'"],
        // Astro hashes the scripts it bundles; the project's inline scripts are hashed here.
        hashes: await inlineScriptHashes(),
      },
      styleDirective: {
        // Components set CSS custom properties in style attributes (--marquee-duration…), which
        // cannot run script and which hashes cannot cover; <style> elements stay hashed.
        resources: [{ resource: "'unsafe-inline'", kind: 'attribute' }],
      },
    },
  },
  // No Markdown is rendered, and Shiki's inline styles would need 'unsafe-inline' under the CSP.
  markdown: { syntaxHighlight: false },
  env: { schema: ENV_SCHEMA },
  // Pages from getStaticPaths carry a cacheKey (src/cms/cacheKey.ts): a rebuild reuses every
  // page whose content and code did not change, from the cacheDir (kept between builds).
  experimental: { incrementalBuild: true },
});
