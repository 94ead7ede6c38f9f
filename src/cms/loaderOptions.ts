/**
 * The options of every loader of src/cms and their defaults, in one place: astro:env (through
 * config/env.ts), the site's limits, and the build's own context. A loader is made by
 * `pocketBaseLoader`: the options a collection gives it are resolved once, when Astro runs it,
 * and its load function receives them resolved.
 */
import type { Loader, LoaderContext } from 'astro/loaders';
import { IMAGE_ALLOWED_ORIGINS, IS_PREVIEW, POCKETBASE } from '@/config/env';
import { LIMITS, SITE } from '@/config/site';

export interface PocketBaseLoaderOptions {
  /** Defaults to POCKETBASE_URL. */
  url?: string;
  /**
   * Fail the build when the blog list cannot be read. Default: in a production build
   * (`astro build`), so the CDN keeps the last good site; `astro dev` shows the error instead.
   */
  failOnError?: boolean;
  /**
   * The site's origin (default: astro.config's `site`, else SITE.url): links elsewhere get
   * rel="noopener noreferrer".
   */
  siteOrigin?: string;
  /**
   * A draft preview: read drafts, scheduled posts and unpublished testimonials as a PocketBase
   * preview reader. Default: PREVIEW_DRAFTS=1. Without it the loader reads as a visitor would.
   */
  preview?: boolean;
  /**
   * The preview's login, an account of the `preview_readers` collection. Default:
   * POCKETBASE_PREVIEW_EMAIL / POCKETBASE_PREVIEW_PASSWORD.
   */
  previewReader?: { email?: string; password?: string };
  /** Limit of one PocketBase answer (default POCKETBASE_TIMEOUT_SECONDS). */
  timeoutMs?: number;
  /** Limit of one picture download (default LIMITS.imageDownloadTimeoutMs). */
  imageTimeoutMs?: number;
  /**
   * Origins on a local or private network pictures may come from besides PocketBase (default
   * CONTENT_IMAGE_ALLOWED_ORIGINS).
   */
  imageAllowedOrigins?: string[];
  /** The build's time for pictures from other hosts (default LIMITS.remotePicturesBudgetMs). */
  remotePicturesBudgetMs?: number;
}

/** The options with every default filled in. */
export type LoaderSettings = Required<PocketBaseLoaderOptions>;

/**
 * `astro build`, the CLI command every script and Netlify use. Not `astro dev`, nor `astro check`
 * or `astro sync`, which load content too but must work without a PocketBase. (The command, not
 * import.meta.env.PROD: a build started from a test runner inherits NODE_ENV=test.)
 */
function isProductionBuild(): boolean {
  return process.argv.slice(2).includes('build');
}

/** Every option, given or defaulted. */
export function resolveLoaderOptions(
  options: PocketBaseLoaderOptions,
  { config }: Pick<LoaderContext, 'config'>,
): LoaderSettings {
  return {
    url: (options.url ?? POCKETBASE.url ?? '').trim().replace(/\/+$/, ''),
    failOnError: options.failOnError ?? isProductionBuild(),
    siteOrigin: options.siteOrigin ?? config.site ?? SITE.url,
    preview: options.preview ?? IS_PREVIEW,
    previewReader: options.previewReader ?? POCKETBASE.previewReader,
    timeoutMs: options.timeoutMs ?? POCKETBASE.timeoutMs,
    imageTimeoutMs: options.imageTimeoutMs ?? LIMITS.imageDownloadTimeoutMs,
    imageAllowedOrigins: options.imageAllowedOrigins ?? IMAGE_ALLOWED_ORIGINS,
    remotePicturesBudgetMs: options.remotePicturesBudgetMs ?? LIMITS.remotePicturesBudgetMs,
  };
}

/**
 * A loader of PocketBase content, named `name` (Astro's logs say it): call it with a collection's
 * options, and Astro's each run calls `load` with its context and those options resolved.
 */
export function pocketBaseLoader(
  name: string,
  load: (context: LoaderContext, settings: LoaderSettings) => Promise<void>,
): (options?: PocketBaseLoaderOptions) => Loader {
  return (options = {}) => ({
    name,
    load: (context) => load(context, resolveLoaderOptions(options, context)),
  });
}
