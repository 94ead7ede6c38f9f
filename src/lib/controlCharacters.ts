/**
 * C0 control characters other than tab, line feed and carriage return: XML 1.0 forbids them
 * (even as character references), so one in a CMS title would make the RSS feed malformed,
 * and they have no meaning in HTML text either.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g;

/** The text without C0 control characters (tab, LF and CR are kept). */
export function removeControlCharacters(text: string): string {
  return text.replace(CONTROL_CHARACTERS, '');
}
