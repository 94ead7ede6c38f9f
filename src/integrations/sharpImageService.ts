/**
 * Astro's sharp image service with one change: WebP is encoded at libwebp effort 2 instead of
 * sharp's default 4. Every picture on the site is WebP, and encoding is most of a cold build
 * (1,000 posts: about 40 of 60 s). On the bench's pictures effort 2 costs 40 % less CPU per
 * transform (22 → 13 ms) for files 3.4 % larger; effort 1 and 0 grow them by 20–28 %.
 *
 * Everything else is Astro's: its URLs, options, srcset and HTML attributes, and every transform
 * to another format. The WebP path mirrors Astro 5.18's transform (astro/assets/services/sharp:
 * rotate, resize by fit, background, quality); tests/unit/integrations/sharpImageService.test.ts compares the
 * two on each of those options, so an Astro upgrade that changes them fails there.
 */
import type { LocalImageService } from 'astro';
import astroSharp from 'astro/assets/services/sharp';
import sharp, { type FitEnum } from 'sharp';

export const WEBP_EFFORT = 2;

/** Astro's named qualities (its sharp service's table). */
const QUALITY: Record<string, number> = { low: 25, mid: 50, high: 80, max: 100 };

/** Astro's `fit` values as sharp names them. */
const FIT: Record<string, keyof FitEnum> = {
  fill: 'fill',
  contain: 'inside',
  cover: 'cover',
  none: 'outside',
  'scale-down': 'inside',
  outside: 'outside',
  inside: 'inside',
};

function qualityOf(quality: unknown): number | undefined {
  if (typeof quality === 'number') return quality;
  if (typeof quality !== 'string') return undefined;
  const parsed = Number.parseInt(quality, 10);
  return Number.isNaN(parsed) ? QUALITY[quality] : parsed;
}

// Astro's own service disables sharp's cache: a build reads every picture once per width.
sharp.cache(false);

const service: LocalImageService = {
  ...astroSharp,
  async transform(inputBuffer, options, config) {
    if (options.format !== 'webp') return astroSharp.transform(inputBuffer, options, config);

    const { kernel, limitInputPixels } = config.service.config as {
      kernel?: keyof sharp.KernelEnum;
      limitInputPixels?: number | boolean;
    };
    const image = sharp(inputBuffer, { failOnError: false, pages: -1, limitInputPixels });
    image.rotate();
    const { format } = await image.metadata();
    const width = typeof options.width === 'number' ? Math.round(options.width) : undefined;
    const height = typeof options.height === 'number' ? Math.round(options.height) : undefined;
    const fit = typeof options.fit === 'string' ? options.fit : undefined;
    if (width && height && fit) {
      image.resize({
        width,
        height,
        kernel,
        fit: FIT[fit] ?? 'inside',
        position: options.position as string | undefined,
        withoutEnlargement: true,
      });
    } else if (height && !width) {
      image.resize({ height, kernel, withoutEnlargement: Boolean(fit) });
    } else if (width) {
      image.resize({ width, kernel, withoutEnlargement: Boolean(fit) });
    }
    if (options.background) image.flatten({ background: options.background as string });
    image.webp({
      quality: qualityOf(options.quality),
      effort: WEBP_EFFORT,
      // An animated GIF stays animated, looping, as Astro's service keeps it.
      ...(format === 'gif' ? { loop: 0 } : {}),
    });
    const { data, info } = await image.toBuffer({ resolveWithObject: true });
    // As Astro's service does: a Uint8Array that does not share its memory.
    const bytes = data.buffer instanceof SharedArrayBuffer ? new Uint8Array(data) : data;
    return { data: bytes, format: info.format };
  },
};

export default service;
