/** Pure helpers of the blog's search box (components/blog/SearchScript.astro). */

/** A run of text, marked when it matches the query. */
interface MarkedText {
  text: string;
  mark: boolean;
}

/**
 * A built page's (or a Pagefind result's) URL as the site links it. The build writes
 * `blog/<slug>.html` (build.format "file") and serves it at `/blog/<slug>`: the same path every other
 * link on the site uses. The search index gives Pagefind these addresses.
 */
export function searchResultPath(url: string): string {
  const path = url.replace(/[?#].*$/, '').replace(/\.html$/, '');
  return path.replace(/\/index$/, '') || '/';
}

/** The words of a query, lower-cased, each once. */
export function queryTerms(query: string): string[] {
  return [...new Set(query.toLowerCase().split(/\s+/).filter(Boolean))];
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[\da-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? entity;
    const code =
      name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
    return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
  });
}

/**
 * Pagefind's excerpt (escaped text with the matches in `<mark>`) as runs of plain text, so the
 * page builds it from text nodes and never parses it as HTML.
 */
export function readExcerpt(excerpt: string): MarkedText[] {
  const runs: MarkedText[] = [];
  excerpt.split(/(<mark>[\s\S]*?<\/mark>)/).forEach((part) => {
    const mark = part.startsWith('<mark>');
    const text = decodeEntities((mark ? part.slice(6, -7) : part).replace(/<[^>]*>/g, ''));
    if (text) runs.push({ text, mark });
  });
  return runs;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Marks where a word of the text starts with a query term (Pagefind matches word prefixes). */
export function markTerms(text: string, terms: readonly string[]): MarkedText[] {
  if (terms.length === 0) return [{ text, mark: false }];
  const pattern = new RegExp(
    `(?<![\\p{L}\\p{N}])(${[...terms]
      .sort((a, b) => b.length - a.length)
      .map(escapeRegExp)
      .join('|')})`,
    'giu',
  );
  const runs: MarkedText[] = [];
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > last) runs.push({ text: text.slice(last, match.index), mark: false });
    runs.push({ text: match[0], mark: true });
    last = match.index + match[0].length;
  }
  if (last < text.length) runs.push({ text: text.slice(last), mark: false });
  return runs;
}
