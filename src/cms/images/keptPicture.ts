import sharp from 'sharp';
import { PICTURES } from '@/config/site';
import { describeError } from '../errors';

interface Picture {
  data: Uint8Array;
  ext: string;
  width: number;
  height: number;
}

/** Formats of screenshots and diagrams, which a lossy encoding would blur. */
const LOSSLESS_FORMATS = new Set(['png', 'gif']);

/**
 * What the cache keeps of a picture. Astro reads each picture a build shows whole and holds it in
 * the build's memory (it bundles the original beside the sizes it makes), so phone photos (4,000
 * px wide, 2–5 MB each) would cost gigabytes at a thousand posts. A still picture larger than
 * PICTURES.keptBytes and, upright (its EXIF orientation applied), wider than any page shows
 * one (PICTURES.maxWidth) is kept upright at that width, as WebP: lossless from a PNG or a
 * GIF, quality 90 from the photographs' formats. The site makes nothing larger of it. Others are
 * kept as they came, and so are animations.
 */
export async function keptPicture(picture: Picture, frames: number): Promise<Picture> {
  const { maxWidth: width, keptBytes } = PICTURES;
  if (frames > 1 || picture.data.byteLength <= keptBytes) return picture;
  try {
    // Read as Astro's image service reads pictures: a file cut short shows what it holds.
    const image = sharp(picture.data, { failOn: 'none', autoOrient: true });
    if ((await image.metadata()).autoOrient.width <= width) return picture;
    const { data, info } = await image
      .resize({ width })
      .webp(LOSSLESS_FORMATS.has(picture.ext) ? { lossless: true } : { quality: 90 })
      .toBuffer({ resolveWithObject: true });
    return { data, ext: 'webp', width: info.width, height: info.height };
  } catch (error) {
    throw new Error(`not readable as a picture (${describeError(error)})`);
  }
}
