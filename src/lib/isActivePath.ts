/** Whether a nav link is the current route: exact for Home, by section elsewhere (/blog covers /blog/<id>). */
export function isActivePath(href: string, pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '').replace(/\.html$/, '') || '/';
  if (href === '/') return path === '/' || path === '/index';
  return path === href || path.startsWith(`${href}/`);
}
