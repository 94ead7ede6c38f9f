/**
 * What the image cache keeps of a picture: a large one at the widest size any page shows it,
 * upright, lossless from a screenshot's format; every other picture byte for byte; a large one
 * cut short as Astro would show it; one it cannot read, refused with the reason. Downloaded from
 * a picture host on 127.0.0.1.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openImageCache } from '@/cms/images/imageCache';
import { blogSchema } from '@/cms/schemas';
import { PICTURES } from '@/config/site';
import { createLoaderContext } from '../../../support/loaderContext';
import { startPictureHost } from '../../../support/pictures';

const digest = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

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
    // A screenshot's format, wide and large.
    pictures.screenshot = await grain(1600, 400);
    // Stored 1,000 × 600, shown 600 × 1,000: upright, no wider than pages show.
    pictures.sideways = await sharp(await grain(1000, 600))
      .png()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    pictures.animation = await sharp([await grain(1000, 300), await grain(1000, 300)], {
      join: { animated: true },
    })
      .webp({ quality: 90 })
      .toBuffer();
    // Cut short: the photo's scan ends early; the WebP's header promises more than there is.
    pictures.cutPhoto = pictures.phone.subarray(0, 400_000);
    const webp = await sharp(await grain(1200, 900))
      .webp({ quality: 90 })
      .toBuffer();
    pictures.cutWebp = webp.subarray(0, webp.byteLength / 2);
    host = await startPictureHost({
      '/phone.jpg': { type: 'image/jpeg', body: pictures.phone },
      '/banner.jpg': { type: 'image/jpeg', body: pictures.banner },
      '/narrow.png': { type: 'image/png', body: pictures.narrow },
      '/animation.webp': { type: 'image/webp', body: pictures.animation },
      '/screenshot.png': { type: 'image/png', body: pictures.screenshot },
      '/sideways.png': { type: 'image/png', body: pictures.sideways },
      '/cutPhoto.jpg': { type: 'image/jpeg', body: pictures.cutPhoto },
      '/cutWebp.webp': { type: 'image/webp', body: pictures.cutWebp },
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

  /** The picture the cache keeps for `name`, its bytes, and what sharp reads of them. */
  const keep = async (name: string) => {
    const cache = openCache();
    const kept = await cache.get(`${host.url}/${name}`);
    const bytes = await readFile(path.join(cache.dir, kept.file));
    return { kept, bytes, stored: await sharp(bytes).metadata() };
  };
  /** A WebP's first chunk: `VP8 ` lossy, `VP8L` lossless. */
  const webpChunk = (bytes: Buffer) => bytes.subarray(12, 16).toString('latin1');
  const width = PICTURES.maxWidth;

  it('keeps a large photo at the widest size a page shows, upright, as lossy WebP', async () => {
    expect(pictures.phone.byteLength).toBeGreaterThan(PICTURES.keptBytes);
    const { kept, bytes, stored } = await keep('phone.jpg');
    const height = Math.round((width * 2400) / 1800);
    expect(kept).toEqual({ file: expect.stringMatching(/^[0-9a-f]{64}\.webp$/), width, height });
    expect(stored).toMatchObject({ format: 'webp', width, height });
    expect(stored.orientation ?? 1).toBe(1);
    expect(webpChunk(bytes)).toBe('VP8 ');
    // A fifth of the pixels, and no larger a file for them (grain is the worst case for WebP).
    expect(bytes.byteLength).toBeLessThan(pictures.phone.byteLength / 5);
  });

  it("keeps a large screenshot's format at that width as lossless WebP, which blurs no text", async () => {
    expect(pictures.screenshot.byteLength).toBeGreaterThan(PICTURES.keptBytes);
    const { kept, bytes, stored } = await keep('screenshot.png');
    expect(kept).toMatchObject({ width, height: width / 4 });
    expect(stored).toMatchObject({ format: 'webp', width, height: width / 4 });
    expect(webpChunk(bytes)).toBe('VP8L');
  });

  it('keeps a smaller picture, a narrow one, one narrow upright and an animation byte for byte', async () => {
    const { keptBytes, maxWidth } = PICTURES;
    // Each is kept for one reason only: wider than pages show but small; large but no wider;
    // large and wider as stored, but not upright; large and wider, but animated.
    expect(pictures.banner.byteLength).toBeLessThan(keptBytes);
    for (const large of [pictures.narrow, pictures.sideways, pictures.animation])
      expect(large.byteLength).toBeGreaterThan(keptBytes);
    expect([1200, 600, 600, 1000].map((shown) => shown > maxWidth)).toEqual([
      true,
      false,
      false,
      true,
    ]);
    for (const name of ['banner.jpg', 'narrow.png', 'sideways.png', 'animation.webp']) {
      const { bytes } = await keep(name);
      // Compared by digest: a failing diff of megabytes would take minutes to print.
      expect(digest(bytes), name).toBe(digest(pictures[name.split('.')[0]!]!));
    }
  });

  it('keeps a large photo cut short as Astro shows it, what it holds at that width', async () => {
    const { kept, stored } = await keep('cutPhoto.jpg');
    expect(kept).toMatchObject({ width });
    expect(stored).toMatchObject({ format: 'webp', width });
  });

  it('refuses a large picture it cannot read, saying so', async () => {
    expect(pictures.cutWebp.byteLength).toBeGreaterThan(PICTURES.keptBytes);
    await expect(openCache().get(`${host.url}/cutWebp.webp`)).rejects.toThrow(
      /^not readable as a picture \(.+\)$/,
    );
  });
});
