/**
 * The clean public path of a page. With `build.format: 'file'` Astro reports pages as
 * `/about.html` and `/index.html`; visitors, links and the sitemap use `/about` and `/`.
 */
export function getCanonicalPath(pathname: string): string {
  const clean = pathname
    .replace(/\.html$/, '')
    .replace(/(^|\/)index$/, '$1')
    .replace(/\/+$/, '');
  return clean || '/';
}
