import { decode, encode } from 'html-entities';
import { defaultTreeAdapter, parseFragment, serialize } from 'parse5';
import { LIMITS, PICTURES } from '@/config/site';
import { PASTED_PICTURE } from '@/lib/blog/bodyJudgment';
import { elementsIn } from '@/lib/blog/htmlTree';
import { describeImageSource, type CachedImage, type ImageCache } from './imageCache';

/**
 * Pictures in a post's body: after sanitising, each `<img>` goes to Astro's image pipeline from
 * the image cache, or is removed. The loader leaves a marker (`<img data-cached-image="{…}">`);
 * PostBody.astro replaces it with the optimised `<img>` (site URL, size, WebP widths, lazy, alt).
 */

/** The widest a body picture is shown (the article column is 768 px). */
const BODY_IMAGE_MAX_WIDTH = PICTURES.maxWidth;
/** A smaller width offered to phones when the picture is wider. */
const BODY_IMAGE_SMALL_WIDTH = 400;

interface BodyImage {
  /** The `src` as written, resolved to an absolute URL, or undefined when it cannot be fetched. */
  url: string | undefined;
  src: string;
  alt?: string;
  title?: string;
  /** The width the editor gave the picture, in CSS pixels. */
  width?: number;
  /** Its alignment, as the sanitiser left it (`align-left`, `align-center`, `align-right`). */
  className?: string;
}

/**
 * The pictures of sanitised HTML, read as a browser parses it (parse5), and `rewrite`, which
 * swaps each for the HTML `replace` returns (a marker, or '' to drop it) and serialises the rest.
 */
export function findBodyImages(html: string, pocketBaseUrl: string) {
  const fragment = parseFragment(html);
  const elements = elementsIn(fragment).filter(({ tagName }) => tagName === 'img');
  const pictures: BodyImage[] = elements.map(({ attrs }) => {
    const attribute = (name: string) => attrs.find((item) => item.name === name)?.value;
    const src = attribute('src') ?? '';
    const width = Number.parseInt(attribute('width') ?? '', 10);
    return {
      url: resolveImageUrl(src, pocketBaseUrl),
      src,
      alt: attribute('alt'),
      title: attribute('title'),
      width: width > 0 ? width : undefined,
      className: attribute('class'),
    };
  });
  const rewrite = (replace: (index: number) => string): string => {
    elements.forEach((element, index) => {
      const parent = element.parentNode!;
      for (const node of parseFragment(replace(index)).childNodes)
        defaultTreeAdapter.insertBefore(parent, node, element);
      defaultTreeAdapter.detachNode(element);
    });
    return serialize(fragment);
  };
  return { pictures, rewrite };
}

/** A PocketBase file's path (`/api/files/<collection>/<record>/<file>`), after any prefix. */
const POCKETBASE_FILE = /\/api\/files\/[^/]+\/[^/]+\/[^/]+$/;

/**
 * Where the build fetches a body picture from. A PocketBase file, found by its path, comes from
 * this build's PocketBase whatever address it was stored with: the admin UI's image picker
 * stores the address the editor's browser used (`http://127.0.0.1:8090/_/../api/files/…?thumb=`,
 * or `localhost`, or an old port or domain). Its `thumb` is dropped: the site makes its own
 * sizes from the original. A pasted picture (a `data:` URL) is read from itself. Other absolute
 * http(s) URLs stay as they are; any other relative path names nothing the build can fetch.
 */
export function resolveImageUrl(src: string, pocketBaseUrl: string): string | undefined {
  const text = src.trim();
  if (PASTED_PICTURE.test(text)) return text;
  const rootRelative = text.startsWith('/') && !text.startsWith('//');
  if (!URL.canParse(text) && !rootRelative) return undefined;
  const url = rootRelative ? new URL(text, 'http://root-relative.invalid') : new URL(text);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  const file = POCKETBASE_FILE.exec(url.pathname)?.[0];
  if (file && pocketBaseUrl) {
    return new URL(file.slice(1), `${pocketBaseUrl.replace(/\/+$/, '')}/`).href;
  }
  return rootRelative ? undefined : url.href;
}

/** Responsive widths and `sizes` for a picture `natural` pixels wide, shown at most `wanted`. */
export function bodyImageLayout(natural: number, wanted?: number) {
  const width = Math.min(natural, BODY_IMAGE_MAX_WIDTH, wanted ?? Infinity);
  const retina = Math.min(width * 2, natural, BODY_IMAGE_MAX_WIDTH);
  const widths = [
    ...new Set([
      ...(BODY_IMAGE_SMALL_WIDTH < width ? [BODY_IMAGE_SMALL_WIDTH] : []),
      width,
      retina,
    ]),
  ].sort((a, b) => a - b);
  return { width, widths, sizes: `(max-width: ${width}px) 100vw, ${width}px` };
}

/** What the page passes to getImage for a body picture (plus `file`, the cached file). */
interface BodyImageOptions {
  file: string;
  alt: string;
  title?: string;
  /** The alignment class, set on the `<img>` the page renders. */
  class?: string;
  width: number;
  height: number;
  widths: number[];
  sizes: string;
  format: 'webp';
}

const MARKER = /<img data-cached-image="([^"]*)">/g;

/** The marker the loader leaves for a cached picture. */
export function bodyImageMarker(image: CachedImage, picture: BodyImage): string {
  const { width, widths, sizes } = bodyImageLayout(image.width, picture.width);
  const options: BodyImageOptions = {
    file: image.file,
    alt: picture.alt ?? '',
    ...(picture.title ? { title: picture.title } : {}),
    ...(picture.className ? { class: picture.className } : {}),
    width,
    height: Math.round((width * image.height) / image.width),
    widths,
    sizes,
    format: 'webp',
  };
  return `<img data-cached-image="${encode(JSON.stringify(options), { mode: 'specialChars' })}">`;
}

/** Replaces each marker with what `render` makes of its options (the page calls getImage). */
export async function renderBodyImages(
  html: string,
  render: (options: BodyImageOptions) => Promise<string>,
): Promise<string> {
  const markers = [...html.matchAll(MARKER)];
  const tags = await Promise.all(
    markers.map(([, value]) => render(JSON.parse(decode(value)) as BodyImageOptions)),
  );
  let index = 0;
  return html.replace(MARKER, () => tags[index++]);
}

/** `<img name="value" …>`, every value escaped; missing and empty ones left out, but alt="" kept. */
export function imgTag(attributes: Record<string, unknown>): string {
  const pairs = Object.entries(attributes)
    .filter(
      ([name, value]) => value !== undefined && value !== null && (value !== '' || name === 'alt'),
    )
    .map(([name, value]) => `${name}="${encode(String(value), { mode: 'specialChars' })}"`);
  return `<img ${pairs.join(' ')}>`;
}

/** Addresses named in the warning about pictures over the limit; the rest are counted. */
const OVER_LIMIT_NAMED = 3;

/**
 * The first `max` addresses of a body, each kept wherever it appears, and the warning for those
 * past them (one line, however many): they are left out without being fetched.
 */
function capPictures(pictures: BodyImage[], max: number) {
  const kept = new Set<string>();
  const over = new Set<string>();
  for (const { url } of pictures) {
    if (url && !kept.has(url)) (kept.size < max ? kept : over).add(url);
  }
  if (over.size === 0) return { kept };
  const named = [...over].slice(0, OVER_LIMIT_NAMED).map(describeImageSource).join(', ');
  const more = over.size > OVER_LIMIT_NAMED ? ` and ${over.size - OVER_LIMIT_NAMED} more` : '';
  return {
    kept,
    warning: `${over.size} over the ${max} pictures a post may have, not fetched: ${named}${more}`,
  };
}

interface LocaliseOptions {
  images: ImageCache;
  pocketBaseUrl: string;
  warn: (message: string) => void;
  maxPictures?: number;
}

interface LocalisedBody {
  html: string;
  /** The cached files the HTML's markers name. */
  files: string[];
}

/**
 * Every picture of sanitised post HTML downloaded into the cache and rewritten for Astro's
 * pipeline, or removed with a warning naming the URL and the reason (unreachable, too slow, too
 * big, not a raster image, a relative path, an address not allowed, past the post's number of
 * pictures or the build's time for other hosts). The post is still built either way.
 */
export async function localiseBodyImages(
  html: string,
  { images, pocketBaseUrl, warn, maxPictures = LIMITS.picturesPerPost }: LocaliseOptions,
): Promise<LocalisedBody> {
  const { pictures, rewrite } = findBodyImages(html, pocketBaseUrl);
  if (pictures.length === 0) return { html, files: [] };
  const { kept, warning } = capPictures(pictures, maxPictures);
  if (warning) warn(warning);
  const cached = await Promise.all(
    pictures.map(async (picture) => {
      if (!picture.url) {
        warn(`${picture.src || '(empty src)'}: not an http(s) URL or a PocketBase file path`);
        return undefined;
      }
      if (!kept.has(picture.url)) return undefined;
      try {
        return await images.get(picture.url);
      } catch (error) {
        const problem = error instanceof Error ? error.message : String(error);
        const written = picture.src.trim();
        const where =
          /^https?:/i.test(written) && written !== picture.url ? ` (written ${written})` : '';
        warn(`${describeImageSource(picture.url)}${where}: ${problem}`);
        return undefined;
      }
    }),
  );
  const files = new Set<string>();
  const rewritten = rewrite((index) => {
    const image = cached[index];
    if (!image) return '';
    files.add(image.file);
    return bodyImageMarker(image, pictures[index]);
  });
  return { html: rewritten, files: [...files] };
}
