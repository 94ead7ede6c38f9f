/** A run of plain text, or a link to an email address or https:// URL found in it. */
export interface TextPart {
  text: string;
  href?: string;
  /** True for web addresses: they open in a new tab. */
  external?: boolean;
}

// Trailing punctuation belongs to the sentence, not the address.
const LINK_PATTERN = /([\w.+-]+@[\w-]+(?:\.[\w-]+)+)|(https:\/\/[^\s]*[^\s.,;:!?)])/g;

/** Splits copy into text and links, so static data can mention addresses without HTML. */
export function splitLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK_PATTERN)) {
    const start = match.index ?? 0;
    if (start > last) parts.push({ text: text.slice(last, start) });
    const [value, email] = match;
    parts.push(
      email
        ? { text: value, href: `mailto:${value}` }
        : { text: value, href: value, external: true },
    );
    last = start + value.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}
