/** A run of plain text, or a link to an email address, https:// URL or named page found in it. */
interface TextPart {
  text: string;
  href?: string;
  /** True for web addresses: they open in a new tab. */
  external?: boolean;
}

/** A phrase that always links to one page of the site, e.g. "Privacy Policy" → /privacy-policy. */
export interface NamedLink {
  label: string;
  href: string;
}

// Trailing punctuation belongs to the sentence, not the address.
const ADDRESS_PATTERN = String.raw`([\w.+-]+@[\w-]+(?:\.[\w-]+)+)|(https:\/\/[^\s]*[^\s.,;:!?)])`;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Splits copy into text and links, so static data can mention addresses and other pages without
 * HTML. Every mention of a named link's label becomes a link to its page.
 */
export function splitLinks(text: string, namedLinks: readonly NamedLink[] = []): TextPart[] {
  const names = namedLinks.map((link) => `(?:${escapeRegExp(link.label)})`);
  const pattern = new RegExp(
    [ADDRESS_PATTERN, ...(names.length ? [`(${names.join('|')})`] : [])].join('|'),
    'g',
  );
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const start = match.index ?? 0;
    if (start > last) parts.push({ text: text.slice(last, start) });
    const [value, email, url] = match;
    if (email) parts.push({ text: value, href: `mailto:${value}` });
    else if (url) parts.push({ text: value, href: value, external: true });
    else parts.push({ text: value, href: namedLinks.find((link) => link.label === value)!.href });
    last = start + value.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}
