import path from 'node:path';
import { decode } from 'html-entities';
import type { CachedImage, ImageCache } from './imageCache';

/**
 * Pictures in a post's body. After sanitising, every `<img>` is either handed to Astro's image
 * pipeline from the image cache, or removed: the page never loads a picture from PocketBase or
 * from another host.
 *
 * A kept picture becomes `<img __ASTRO_IMAGE_="{…}">`, the form Astro's content layer renders
 * (`render(entry)` calls getImage for each, from the entry's asset imports): it gets the site's
 * own URL, width and height, responsive widths in WebP, lazy loading and the editor's alt text.
 */

/** The widest a body picture is shown (the article column is 768 px). */
export const BODY_IMAGE_MAX_WIDTH = 800;
/** A smaller width offered to phones when the picture is wider. */
const BODY_IMAGE_SMALL_WIDTH = 400;

const IMG_TAG = /<img\b[^>]*>/gi;
const ATTRIBUTE = /\s([a-z][a-z0-9_:-]*)="([^"]*)"/gi;

export interface BodyImage {
  /** The `src` as written, resolved to an absolute URL, or undefined when it cannot be fetched. */
  url: string | undefined;
  src: string;
  alt?: string;
  title?: string;
  /** The width the editor gave the picture, in CSS pixels. */
  width?: number;
}

/** The attributes of each `<img>` in sanitised HTML (sanitize-html writes name="value" only). */
export function findBodyImages(html: string, pocketBaseUrl: string): BodyImage[] {
  return [...html.matchAll(IMG_TAG)].map(([tag]) => {
    const attributes = new Map(
      [...tag.matchAll(ATTRIBUTE)].map(([, name, value]) => [name.toLowerCase(), decode(value)]),
    );
    const src = attributes.get('src') ?? '';
    const width = Number.parseInt(attributes.get('width') ?? '', 10);
    return {
      url: resolveImageUrl(src, pocketBaseUrl),
      src,
      alt: attributes.get('alt'),
      title: attributes.get('title'),
      width: width > 0 ? width : undefined,
    };
  });
}

/**
 * Absolute http(s) URLs as they are; PocketBase's root-relative file paths (`/api/files/…`)
 * against PocketBase's address. Any other relative path names nothing the build can fetch.
 */
export function resolveImageUrl(src: string, pocketBaseUrl: string): string | undefined {
  const text = src.trim();
  if (/^\/api\/files\//.test(text) && pocketBaseUrl) {
    return new URL(text.slice(1), `${pocketBaseUrl.replace(/\/+$/, '')}/`).href;
  }
  if (!URL.canParse(text)) return undefined;
  const url = new URL(text);
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
}

/** Replaces the n-th `<img>` of the HTML with what `replace` returns for it. */
export function replaceBodyImages(html: string, replace: (index: number) => string): string {
  let index = 0;
  return html.replace(IMG_TAG, () => replace(index++));
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

/**
 * `<img __ASTRO_IMAGE_="…">` for a cached picture. `src` is relative to the entry's filePath
 * (a name in the cache folder). Astro reads the attribute back with JSON.parse after turning
 * `&#x22;` into `"`, so no other escaping is applied; it escapes every value when it renders.
 */
export function astroImageTag(image: CachedImage, picture: BodyImage): string {
  const { width, widths, sizes } = bodyImageLayout(image.width, picture.width);
  const options = {
    src: `./${image.file}`,
    alt: picture.alt ?? '',
    ...(picture.title ? { title: picture.title } : {}),
    width,
    height: Math.round((width * image.height) / image.width),
    widths,
    sizes,
    format: 'webp',
  };
  return `<img __ASTRO_IMAGE_="${JSON.stringify(options).replaceAll('"', '&#x22;')}">`;
}

export interface LocalisedBody {
  html: string;
  /** The cached files the HTML refers to (`./<file>`), for the entry's asset imports. */
  imagePaths: string[];
}

/**
 * Every picture of sanitised post HTML downloaded into the cache and rewritten for Astro's
 * pipeline, or removed with a warning naming the URL and the reason (unreachable, too slow, too
 * big, not a raster image, a relative path). The post is still built either way.
 */
export async function localiseBodyImages(
  html: string,
  {
    images,
    pocketBaseUrl,
    warn,
  }: { images: ImageCache; pocketBaseUrl: string; warn: (message: string) => void },
): Promise<LocalisedBody> {
  const pictures = findBodyImages(html, pocketBaseUrl);
  if (pictures.length === 0) return { html, imagePaths: [] };
  const cached = await Promise.all(
    pictures.map(async (picture) => {
      if (!picture.url) {
        warn(`${picture.src || '(empty src)'}: not an http(s) URL or a PocketBase file path`);
        return undefined;
      }
      try {
        return await images.get(picture.url);
      } catch (error) {
        warn(`${picture.url}: ${error instanceof Error ? error.message : String(error)}`);
        return undefined;
      }
    }),
  );
  const imagePaths = new Set<string>();
  const rewritten = replaceBodyImages(html, (index) => {
    const image = cached[index];
    if (!image) return '';
    imagePaths.add(`./${path.basename(image.file)}`);
    return astroImageTag(image, pictures[index]);
  });
  return { html: rewritten, imagePaths: [...imagePaths] };
}
