import { getCanonicalPath } from './seo/canonicalPath';

/** Whether a nav link is the current route: exact for Home, by section elsewhere (/blog covers /blog/<slug>). */
export function isActivePath(href: string, pathname: string): boolean {
  const path = getCanonicalPath(pathname);
  if (href === '/') return path === '/';
  return path === href || path.startsWith(`${href}/`);
}
