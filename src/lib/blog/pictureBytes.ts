import { imageSize } from 'image-size';
import { LIMITS } from '@/config/site';

/**
 * What the site makes of a picture's bytes, as the build's image cache does (src/cms/images/imageCache.ts):
 * the format is sniffed from the header, never taken from the declared type or the name, and
 * only raster formats the image pipeline turns into WebP are kept; a file over
 * LIMITS.imageMaxBytes, or over LIMITS.imageMaxPixels (width × height from the header, before any
 * decoding), is left out. Pure: it runs in the build and in PocketBase's hooks (goja) alike.
 */

/** image-size's names of the formats the site keeps (tiff too, as the image cache does). */
const KEPT_FORMATS = new Set(['png', 'jpg', 'webp', 'gif', 'avif', 'tiff']);
/** The formats countFrames reads frames of. */
const ANIMATED_FORMATS = new Set(['gif', 'png', 'webp']);

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
const megapixels = (pixels: number) => `${Math.round(pixels / 100_000) / 10} megapixels`;

/** What the site would leave out a picture for, in words for the editor, or undefined. */
export type PictureProblem =
  | { kind: 'broken'; words: string }
  | { kind: 'format'; words: string }
  | { kind: 'bytes'; words: string }
  | { kind: 'pixels'; words: string };

/**
 * Frames of an animated picture, read from its bytes without decoding: a GIF's images, an
 * animated PNG's `acTL` count, an animated WebP's `ANMF` chunks; 1 for anything else.
 */
export function countFrames(type: string, bytes: Uint8Array): number {
  const u32 = (at: number) =>
    ((bytes[at] << 24) | (bytes[at + 1] << 16) | (bytes[at + 2] << 8) | bytes[at + 3]) >>> 0;
  const u32le = (at: number) =>
    (bytes[at] | (bytes[at + 1] << 8) | (bytes[at + 2] << 16) | (bytes[at + 3] << 24)) >>> 0;
  const tag = (at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));
  let frames = 0;
  if (type === 'gif') {
    // Header (6), screen descriptor (7), global colour table; then blocks until the trailer.
    let at = 13 + (bytes[10] & 0x80 ? 3 << ((bytes[10] & 7) + 1) : 0);
    const skipSubBlocks = () => {
      while (at < bytes.length && bytes[at] !== 0) at += bytes[at] + 1;
      at += 1;
    };
    while (at < bytes.length) {
      const block = bytes[at];
      if (block === 0x2c) {
        frames += 1;
        const flags = bytes[at + 9];
        at += 10 + (flags & 0x80 ? 3 << ((flags & 7) + 1) : 0) + 1; // + LZW code size
        skipSubBlocks();
      } else if (block === 0x21) {
        at += 2;
        skipSubBlocks();
      } else break; // 0x3b, the trailer, or bytes past the picture
    }
  } else if (type === 'png') {
    // An animated PNG states its frames in `acTL`, before the first image data.
    for (let at = 8; at + 8 <= bytes.length; at += 12 + u32(at)) {
      if (tag(at + 4) === 'acTL') return Math.max(1, u32(at + 8));
      if (tag(at + 4) === 'IDAT') break;
    }
  } else if (type === 'webp' && tag(12) === 'VP8X' && bytes[20] & 0x02) {
    for (let at = 12; at + 8 <= bytes.length; at += 8 + u32le(at + 4) + (u32le(at + 4) & 1))
      if (tag(at) === 'ANMF') frames += 1;
  }
  return Math.max(1, frames);
}

/** The width and height a header declares, and its format, or undefined when none is read. */
function probe(bytes: Uint8Array): { type: string; pixels: number } | undefined {
  try {
    const { type, width, height } = imageSize(bytes);
    return type && width && height ? { type, pixels: width * height } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A picture of `size` bytes whose start (or whole) is `bytes`, as the site reads it: its format
 * (image-size's name) when one is read, and the problem the site would leave it out for. `more`
 * gives the whole file when the start was not enough to read the header (a JPEG's size may come
 * after a long EXIF block), so a large picture is rarely decoded or read whole.
 */
export function readPicture(
  size: number,
  bytes: Uint8Array,
  more?: () => Uint8Array,
): { type?: string; problem?: PictureProblem } {
  if (size > LIMITS.imageMaxBytes)
    return {
      problem: {
        kind: 'bytes',
        words: `is ${megabytes(size)}, over the ${megabytes(LIMITS.imageMaxBytes)} limit`,
      },
    };
  const probed = probe(bytes) ?? (more && bytes.length < size ? probe(more()) : undefined);
  if (!probed)
    return { problem: { kind: 'format', words: 'is not a PNG, JPEG, WebP, GIF or AVIF image' } };
  const { type, pixels } = probed;
  if (!KEPT_FORMATS.has(type))
    return { type, problem: { kind: 'format', words: `is ${type.toUpperCase()}, not a PNG, JPEG, WebP, GIF or AVIF image` } }; // prettier-ignore
  // Every frame of an animation is decoded: they count together. A PNG states its count in its
  // header; a GIF's or a WebP's frames are read through the whole file.
  const cap = LIMITS.imageMaxPixels;
  const whole = type !== 'png' && more && bytes.length < size ? more() : bytes;
  const frames = pixels <= cap && ANIMATED_FORMATS.has(type) ? countFrames(type, whole) : 1;
  if (pixels * frames > cap) {
    const what = frames > 1 ? `${megapixels(pixels * frames)} in ${frames} frames` : megapixels(pixels); // prettier-ignore
    return { type, problem: { kind: 'pixels', words: `is ${what}, over the ${megapixels(cap)} limit` } }; // prettier-ignore
  }
  return { type };
}

/** The problem with a picture's bytes (readPicture's), or undefined. */
export function pictureProblem(
  size: number,
  bytes: Uint8Array,
  more?: () => Uint8Array,
): PictureProblem | undefined {
  return readPicture(size, bytes, more).problem;
}

const BASE64_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const BASE64_VALUES = new Uint8Array(128);
for (let index = 0; index < 64; index++) BASE64_VALUES[BASE64_ALPHABET.charCodeAt(index)] = index;

/**
 * The base64 of a `data:` URL as fetch reads it (WHATWG "forgiving-base64 decode": ASCII
 * whitespace ignored, at most two `=` at the end, nothing else), or undefined when fetch would
 * refuse it. Returns the clean text and its byte length; `decode` turns its first `limit` bytes
 * into bytes (goja has no atob).
 */
export function readBase64(text: string) {
  let clean = text.replace(/[\t\n\f\r ]+/g, '');
  if (clean.length % 4 === 0) clean = clean.replace(/={1,2}$/, '');
  if (clean.length % 4 === 1 || !/^[A-Za-z0-9+/]*$/.test(clean)) return undefined;
  const size = Math.floor((clean.length * 3) / 4);
  const decode = (limit = size): Uint8Array => {
    const bytes = new Uint8Array(Math.min(limit, size));
    const chars = Math.min(clean.length, Math.ceil((bytes.length * 4) / 3));
    let bits = 0;
    let count = 0;
    let at = 0;
    for (let index = 0; index < chars && at < bytes.length; index++) {
      bits = (bits << 6) | BASE64_VALUES[clean.charCodeAt(index)];
      count += 6;
      if (count >= 8) {
        count -= 8;
        bytes[at++] = (bits >> count) & 0xff;
      }
    }
    return bytes;
  };
  return { size, decode };
}

/** A header's worth of a picture: enough for every format but a JPEG with a long EXIF block. */
export const HEADER_BYTES = 64 * 1024;

/** The problem with a pasted picture (a `data:image/…;base64,` URL's payload), or undefined. */
export function pastedPictureProblem(base64: string): PictureProblem | undefined {
  const read = readBase64(base64);
  if (!read) return { kind: 'broken', words: 'is not valid base64' };
  return pictureProblem(read.size, read.decode(HEADER_BYTES), () => read.decode());
}
