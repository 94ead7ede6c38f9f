import sanitize from 'sanitize-html';
import { decode } from 'html-entities';
import { removeNonXmlCharacters } from '@/lib/xmlCharacters';

/*
 * Block-level tags separate words visually, so a space goes where each one starts or ends:
 * "<p>one</p><p>two</p>" reads "one two", while inline tags ("<b>in</b>line") join.
 */
const BLOCK_TAG =
  /<(?=\/?(?:address|article|aside|blockquote|br|caption|dd|details|div|dl|dt|figcaption|figure|footer|h[1-6]|header|hr|li|main|nav|ol|p|pre|section|summary|table|tbody|td|tfoot|th|thead|tr|ul)\b)/gi;

const TEXT_ONLY: sanitize.IOptions = {
  allowedTags: [],
  allowedAttributes: {},
  // Elements whose contents are never text for a reader.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'template', 'svg', 'math'],
};

/** Put around a heading's text (private-use characters, removed from the HTML first). */
const [HEADING_START, HEADING_END] = ['\uE000', '\uE001'];

/**
 * The readable text of an HTML fragment: tags stripped (by a real HTML parser, so quoted ">"
 * and malformed markup cannot leak through), entities decoded once, whitespace collapsed. A
 * heading ends its sentence: "<h2>Why it matters</h2><p>Provisional…" reads "Why it matters.
 * Provisional…", where a heading that ends in punctuation keeps its own. A character reference
 * to a character XML forbids (`&#1;`, `&#xFFFE;`) decodes to nothing: the text feeds RSS.
 */
export function htmlToText(html: string): string {
  if (!html) return '';
  const marked = html
    .replace(/[\uE000\uE001]/g, '')
    .replace(/<h[1-6]\b/gi, `${HEADING_START}$&`)
    .replace(/<\/h[1-6]\s*>/gi, `$&${HEADING_END}`)
    .replace(BLOCK_TAG, ' <');
  return removeNonXmlCharacters(decode(sanitize(marked, TEXT_ONLY), { level: 'html5' }))
    .replace(/\uE000([^\uE000\uE001]*)\uE001/g, (_, heading: string) => {
      const text = heading.trim();
      // Its own stop (before any closing quote or bracket), or no words to end.
      const ended = /[.!?:;,…—–-]["'”’)\]]*$/.test(text) || !/[\p{L}\p{N}]/u.test(text);
      return ended ? ` ${text} ` : ` ${text}. `;
    })
    .replace(/[\uE000\uE001]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}
