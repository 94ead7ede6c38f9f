/**
 * Characters XML 1.0 does not allow, even as character references: C0 controls other than tab,
 * line feed and carriage return, lone surrogates, and U+FFFE and U+FFFF. One in a CMS title
 * would make the RSS feeds malformed, and none has a meaning in HTML text or JSON-LD either.
 * XML's Char production: #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF].
 */
const NOT_XML_CHARACTER = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** The text without the characters XML 1.0 does not allow (tab, LF and CR are kept). */
export function removeNonXmlCharacters(text: string): string {
  return text.replace(NOT_XML_CHARACTER, '');
}
