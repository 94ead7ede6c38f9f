import { PASTED_PICTURE } from './bodyJudgment';
import { parseBody, walkElements } from './htmlTree';
import { HEADER_BYTES, readBase64, readPicture } from './pictureBytes';

/**
 * Pictures pasted into the editor leave the body at save: PocketBase's hook stores each as a file
 * of the post and points the body at it, so no page of posts carries megabytes of base64 and the
 * build fetches pictures as files. Pure: it runs in PocketBase's hooks (goja) from the bundle.
 */

/** A pasted picture in a format the site shows. */
export interface PastedPicture {
  /** Its format as sniffed from its bytes, as a file extension: png, jpg, webp, gif, avif, tiff. */
  extension: string;
  size: number;
  bytes: () => Uint8Array;
}

/**
 * The picture behind a `data:` URL; or the words for a picture too large for the site (bytes or
 * pixels); or undefined when it is not a picture the site shows, which stays in the body for the
 * publish check to name.
 */
function pastedPicture(src: string): PastedPicture | string | undefined {
  if (!PASTED_PICTURE.test(src)) return undefined;
  const read = readBase64(src.slice(src.indexOf(',') + 1));
  if (!read) return undefined;
  const { type, problem } = readPicture(read.size, read.decode(HEADER_BYTES), read.decode);
  if (problem?.kind === 'bytes' || problem?.kind === 'pixels') return problem.words;
  if (!type || problem) return undefined;
  return { extension: type, size: read.size, bytes: () => read.decode() };
}

const attributeValue = (text: string) => text.replaceAll('&', '&amp;').replaceAll('"', '&quot;');

/**
 * `html` with the `src` of each pasted picture the site can show replaced by the address `store`
 * gives it (undefined leaves that one in place); every other character stays as it was.
 * `refusals`: the pasted pictures left in place for being over the site's limits, in words for
 * the editor (a save is refused for them, as for an upload).
 */
export function replacePastedPictures(
  html: string,
  store: (picture: PastedPicture) => string | undefined,
): { html: string; moved: number; refusals: string[] } {
  const refusals: string[] = [];
  if (!/data:image\//i.test(html)) return { html, moved: 0, refusals };
  const { fragment, text, restore } = parseBody(html, { locations: true });
  // `src` attributes' places in the parsed text, replaced from the last so the others hold.
  const edits: { start: number; end: number; text: string }[] = [];
  walkElements(fragment, (element) => {
    const src = element.attrs.find((attribute) => attribute.name === 'src');
    const at = element.sourceCodeLocation?.attrs?.src;
    const picture = element.tagName === 'img' && src && at && pastedPicture(restore(src.value));
    if (typeof picture === 'string') refusals.push(`A pasted picture ${picture}: paste a smaller one`); // prettier-ignore
    const address = picture && typeof picture !== 'string' ? store(picture) : undefined;
    if (address && at)
      edits.push({ start: at.startOffset, end: at.endOffset, text: `src="${attributeValue(address)}"` }); // prettier-ignore
  });
  let result = text;
  for (const { start, end, text } of edits.reverse())
    result = result.slice(0, start) + text + result.slice(end);
  return { html: restore(result), moved: edits.length, refusals };
}
