/**
 * A page's `cacheKey` for Astro's incremental build (a page is reused while its key and code are
 * unchanged): a digest of its props. Pages read content and pass all they show down as props;
 * layouts and components read nothing themselves (ESLint keeps astro:content and the queries out
 * of src/layouts and src/components), so the props are all a page shows. Besides them, the year,
 * which the footer shows on every page. A post's body is read when its page renders
 * (cms/postHtml.ts), not passed as a prop: its file's name, a digest of the body, is in the
 * post's data, so the key still changes with the body.
 */
import { createHash } from 'node:crypto';

/** A digest of a value (Dates as ISO strings). */
export function digest(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('base64url');
}

/** The key of a page that renders its props and nothing else (a feed, a share card). */
export const dataCacheKey = (props: unknown): string => digest(props);

/** The key of an HTML page: its props, and the year its footer shows. */
export const pageCacheKey = (props: unknown): string =>
  digest({ year: new Date().getFullYear(), props });

/** getStaticPaths' paths, each with the cacheKey of its HTML page. */
export function withPageCacheKeys<P extends { props: unknown }>(
  paths: P[],
): (P & { cacheKey: string })[] {
  return paths.map((path) => ({ ...path, cacheKey: pageCacheKey(path.props) }));
}
