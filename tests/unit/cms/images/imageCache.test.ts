/**
 * What the image cache keeps of a picture: a large photo at the widest size any page shows it,
 * upright, and every other picture byte for byte. Downloaded from a picture host on 127.0.0.1.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openImageCache } from '@/cms/images/imageCache';
import { blogSchema } from '@/cms/schemas';
import { LIMITS } from '@/config/site';
import { createLoaderContext } from '../../../support/loaderContext';
import { startPictureHost } from '../../../support/pictures';

/** A picture that compresses like a photograph's detail: grain on a flat colour. */
const grain = (width: number, height: number) =>
  sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#336699',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .png()
    .toBuffer();

describe('the pictures the image cache keeps', () => {
  let host: Awaited<ReturnType<typeof startPictureHost>>;
  const pictures: Record<string, Buffer> = {};

  beforeAll(async () => {
    // A phone's photo, taken sideways: 2,400 × 1,800 pixels stored, shown 1,800 × 2,400.
    pictures.phone = await sharp(await grain(2400, 1800))
      .jpeg({ quality: 90 })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    pictures.banner = await sharp({
      create: { width: 1200, height: 630, channels: 3, background: '#204060' },
    })
      .jpeg()
      .toBuffer();
    pictures.narrow = await grain(600, 600);
    pictures.animation = await sharp([await grain(1000, 300), await grain(1000, 300)], {
      join: { animated: true },
    })
      .webp({ quality: 90 })
      .toBuffer();
    // The phone's photo cut short: its header says it is a JPEG, its data ends early.
    pictures.cut = pictures.phone.subarray(0, 400_000);
    host = await startPictureHost({
      '/phone.jpg': { type: 'image/jpeg', body: pictures.phone },
      '/banner.jpg': { type: 'image/jpeg', body: pictures.banner },
      '/narrow.png': { type: 'image/png', body: pictures.narrow },
      '/animation.webp': { type: 'image/webp', body: pictures.animation },
      '/cut.jpg': { type: 'image/jpeg', body: pictures.cut },
    });
  });
  afterAll(async () => {
    await host?.close();
  });

  const openCache = () => {
    const { context } = createLoaderContext('blogs', blogSchema);
    return openImageCache(context, {
      url: 'http://127.0.0.1:9',
      imageAllowedOrigins: [host.url],
      imageTimeoutMs: 10_000,
      remotePicturesBudgetMs: 60_000,
    });
  };

  it('keeps a large photo at the widest size a page shows, upright, as WebP', async () => {
    expect(pictures.phone.byteLength).toBeGreaterThan(LIMITS.pictureKeptBytes);
    const cache = openCache();
    const kept = await cache.get(`${host.url}/phone.jpg`);
    const width = LIMITS.pictureMaxWidth;
    const height = Math.round((width * 2400) / 1800);
    expect(kept).toEqual({ file: expect.stringMatching(/^[0-9a-f]{64}\.webp$/), width, height });
    const bytes = await readFile(path.join(cache.dir, kept.file));
    const stored = await sharp(bytes).metadata();
    expect(stored).toMatchObject({ format: 'webp', width, height });
    expect(stored.orientation ?? 1).toBe(1);
    // A fifth of the pixels, and no larger a file for them (grain is the worst case for WebP).
    expect(bytes.byteLength).toBeLessThan(pictures.phone.byteLength / 5);
  });

  it('keeps a smaller picture, a narrow one and an animation byte for byte', async () => {
    const { pictureKeptBytes, pictureMaxWidth } = LIMITS;
    // Each is kept for one reason only: wider than pages show but small; large but no wider;
    // large and wider, but animated.
    expect(pictures.banner.byteLength).toBeLessThan(pictureKeptBytes);
    expect(pictures.narrow.byteLength).toBeGreaterThan(pictureKeptBytes);
    expect(pictures.animation.byteLength).toBeGreaterThan(pictureKeptBytes);
    expect([1200, 600, 1000].map((width) => width > pictureMaxWidth)).toEqual([true, false, true]);
    const cache = openCache();
    for (const [name, width, height] of [
      ['banner.jpg', 1200, 630],
      ['narrow.png', 600, 600],
      ['animation.webp', 1000, 300],
    ] as const) {
      const kept = await cache.get(`${host.url}/${name}`);
      expect(kept, name).toMatchObject({ width, height });
      const source = pictures[name.split('.')[0]!]!;
      expect(await readFile(path.join(cache.dir, kept.file)), name).toEqual(source);
    }
  });

  it('refuses a large picture it cannot read, saying so', async () => {
    await expect(openCache().get(`${host.url}/cut.jpg`)).rejects.toThrow(
      /^not readable as a picture \(.+\)$/,
    );
  });
});
