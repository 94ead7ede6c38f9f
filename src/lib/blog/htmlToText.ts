import sanitize from 'sanitize-html';
import { decode } from 'html-entities';

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

/**
 * The readable text of an HTML fragment: tags stripped (by a real HTML parser, so quoted ">"
 * and malformed markup cannot leak through), entities decoded once, whitespace collapsed.
 */
export function htmlToText(html: string): string {
  if (!html) return '';
  const escapedText = sanitize(html.replace(BLOCK_TAG, ' <'), TEXT_ONLY);
  return decode(escapedText, { level: 'html5' }).replace(/\s+/g, ' ').trim();
}
