import { SITE } from '@/config/site';

/** Longer titles are cut off in search results. */
export const MAX_TITLE_LENGTH = 70;

/**
 * The document title: "Page | Ledgerwise", the home page "Ledgerwise | tagline". A title too long
 * for the suffix drops it; one too long on its own (a CMS post title) is cut at a word, with "…".
 */
export function formatPageTitle(title: string): string {
  if (title === SITE.name) return `${SITE.name} | ${SITE.tagline}`;
  const withSuffix = `${title} | ${SITE.name}`;
  if (withSuffix.length <= MAX_TITLE_LENGTH) return withSuffix;
  if (title.length <= MAX_TITLE_LENGTH) return title;
  const cut = title.slice(0, MAX_TITLE_LENGTH - 1);
  const space = cut.lastIndexOf(' ');
  const atWord = space > 0 ? cut.slice(0, space).replace(/[\s,;:.–—-]+$/, '') : cut;
  return `${atWord || cut}…`;
}
