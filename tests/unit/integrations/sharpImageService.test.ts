import type { ImageTransform } from 'astro';
import astroSharp from 'astro/assets/services/sharp';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import service, { WEBP_EFFORT } from '../../../src/integrations/sharpImageService';
import { photoLikeJpeg } from '../../../tools/bench/pictures.mjs';

// What Astro hands a local service's transform: the image config with the service's own config.
const IMAGE_CONFIG = {
  service: { entrypoint: './src/integrations/sharpImageService.ts', config: {} },
} as unknown as Parameters<typeof astroSharp.transform>[2];

type Options = Omit<ImageTransform, 'src'>;

let photo: Uint8Array;
let translucentPng: Uint8Array;
let animatedGif: Uint8Array;

beforeAll(async () => {
  photo = await photoLikeJpeg(7);
  translucentPng = await sharp({
    create: {
      width: 300,
      height: 200,
      channels: 4,
      background: { r: 200, g: 40, b: 40, alpha: 0.3 },
    },
  })
    .png()
    .toBuffer();
  // Two 60×40 frames stacked, written as one animated GIF.
  animatedGif = await sharp(
    Buffer.concat([
      await sharp({ create: { width: 60, height: 40, channels: 3, background: '#c00' } })
        .raw()
        .toBuffer(),
      await sharp({ create: { width: 60, height: 40, channels: 3, background: '#00c' } })
        .raw()
        .toBuffer(),
    ]),
    { raw: { width: 60, height: 80, channels: 3, pageHeight: 40 } },
  )
    .gif({ loop: 0 })
    .toBuffer();
});

const ours = (input: Uint8Array, options: Options) =>
  service.transform(input, { src: 'picture', ...options }, IMAGE_CONFIG);
const astros = (input: Uint8Array, options: Options) =>
  astroSharp.transform(input, { src: 'picture', ...options }, IMAGE_CONFIG);

async function shape(data: Uint8Array) {
  const { format, width, height, pages, hasAlpha } = await sharp(data).metadata();
  return { format, width, height, pages, hasAlpha };
}

describe('the site image service', () => {
  it("encodes WebP at effort 2: the same picture as sharp's own encoder at that effort", async () => {
    const { data, format } = await ours(photo, { width: 400, format: 'webp' });
    const expected = await sharp(photo)
      .rotate()
      .resize({ width: 400 })
      .webp({ effort: WEBP_EFFORT })
      .toBuffer();
    expect(format).toBe('webp');
    expect(Buffer.from(data).equals(expected)).toBe(true);
    // Astro's service encodes at sharp's default effort: another file of the same picture.
    const astro = await astros(photo, { width: 400, format: 'webp' });
    expect(Buffer.from(astro.data).equals(expected)).toBe(false);
  });

  it.each<[string, Uint8Array | (() => Uint8Array), Options]>([
    ['a width', () => photo, { width: 400, format: 'webp' }],
    ['a height', () => photo, { height: 150, format: 'webp' }],
    [
      'width, height and fit cover',
      () => photo,
      { width: 300, height: 300, fit: 'cover', format: 'webp' },
    ],
    [
      'fit contain with a position',
      () => photo,
      { width: 300, height: 300, fit: 'contain', position: 'top', format: 'webp' },
    ],
    [
      'no enlargement with a fit',
      () => photo,
      { width: 2400, height: 1260, fit: 'inside', format: 'webp' },
    ],
    [
      'a background under transparency',
      () => translucentPng,
      { width: 150, background: '#ffffff', format: 'webp' },
    ],
    ['a named quality', () => photo, { width: 400, quality: 'low', format: 'webp' }],
    ['a numeric quality', () => photo, { width: 400, quality: 60, format: 'webp' }],
    ['an animated GIF', () => animatedGif, { width: 30, format: 'webp' }],
  ])('gives the picture Astro gives for %s', async (_name, input, options) => {
    const source = typeof input === 'function' ? input() : input;
    const [mine, astro] = await Promise.all([ours(source, options), astros(source, options)]);
    expect(await shape(mine.data)).toEqual(await shape(astro.data));
  });

  it('honours the quality as Astro does: a lower quality, a smaller file', async () => {
    const [low, mid, standard] = await Promise.all([
      ours(photo, { width: 800, quality: 'low', format: 'webp' }),
      ours(photo, { width: 800, quality: '50', format: 'webp' }),
      ours(photo, { width: 800, format: 'webp' }),
    ]);
    expect(low.data.length).toBeLessThan(mid.data.length);
    expect(mid.data.length).toBeLessThan(standard.data.length);
  });

  it("leaves every other format to Astro's service, byte for byte", async () => {
    for (const format of ['png', 'jpeg', 'avif'] as const) {
      const [mine, astro] = await Promise.all([
        ours(photo, { width: 200, format }),
        astros(photo, { width: 200, format }),
      ]);
      expect(mine.format).toBe(astro.format);
      expect(Buffer.from(mine.data).equals(Buffer.from(astro.data))).toBe(true);
    }
  });

  it("keeps Astro's URLs, options and srcset", () => {
    expect(service.getURL).toBe(astroSharp.getURL);
    expect(service.parseURL).toBe(astroSharp.parseURL);
    expect(service.getSrcSet).toBe(astroSharp.getSrcSet);
    expect(service.validateOptions).toBe(astroSharp.validateOptions);
    expect(service.getHTMLAttributes).toBe(astroSharp.getHTMLAttributes);
  });
});
