import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { imageMetadata } from 'astro/assets/utils';
import type { LoaderContext } from 'astro/loaders';
import pLimit from 'p-limit';
import { LIMITS, PICTURES } from '@/config/site';
import { countFrames } from '@/lib/blog/pictureBytes';
import { writeOnce } from '../cacheFiles';
import { describeError } from '../errors';
import type { LoaderSettings } from '../loaderOptions';
import { retryWhileRateLimited, tooManyRequests } from '../rateLimit';
import { keptPicture } from './keptPicture';
import { imageCacheDir } from './manifest';
import { createPictureAddressPolicy, fetchCheckedPicture } from './pictureAddresses';
import { createRemoteBudget } from './remoteBudget';

/**
 * Every picture the site shows (PocketBase's, other hosts', pasted `data:` URLs) is downloaded at
 * build time into this cache, one download per URL, named by the SHA-256 of the bytes it keeps
 * (so Astro's transform cache stays valid), in Astro's cacheDir beside the content store that
 * remembers the URLs: a warm build downloads nothing, and the built site loads pictures from its
 * own origin. A large picture is kept at the largest size the site shows (keptPicture.ts).
 */

/** Formats Astro's pipeline turns into WebP; SVG is left out (not a picture to resize). */
const RASTER_EXTENSIONS: Record<string, string> = {
  jpg: 'jpg',
  jpeg: 'jpg',
  png: 'png',
  webp: 'webp',
  avif: 'avif',
  gif: 'gif',
  tiff: 'tiff',
};

/**
 * Downloads at a time: twice the cores, since a download mostly waits on the network while the
 * CPU work per file (a hash and a header probe) is small. Astro's own image step runs one
 * transform per core after this.
 */
export const DOWNLOAD_CONCURRENCY = Math.max(2, availableParallelism() * 2);

export interface CachedImage {
  /** The file's name in the cache folder: `<sha256>.<ext>`. */
  file: string;
  width: number;
  height: number;
}

export interface ImageCache {
  dir: string;
  /** The cached file for a URL, downloading it the first time. Rejects with the reason. */
  get(url: string): Promise<CachedImage>;
}

/**
 * What the cache keeps of a picture depends on the limits in its key: a change of either keeps
 * every picture again. Renamed when keptPicture changes otherwise.
 */
const metaKey = (url: string) => `picture:${PICTURES.maxWidth}:${PICTURES.keptBytes}:${url}`;

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/**
 * Refuses a picture too large to decode safely, from the size its header states, times its
 * frames: every frame of an animation is decoded.
 */
function checkPixels(
  { width, height, frames = 1 }: { width: number; height: number; frames?: number },
  maxPixels: number,
) {
  if (width * height * frames > maxPixels) {
    const inFrames = frames > 1 ? ` in ${frames} frames` : '';
    throw new Error(
      `${width} × ${height} pixels${inFrames}, over the ${maxPixels / 1_000_000}-megapixel limit`,
    );
  }
}

/**
 * A picture's URL for a message: a pasted one (a `data:` URL, megabytes of base64) by its type
 * and size instead.
 */
export function describeImageSource(url: string): string {
  const pasted = /^data:([^;,]+)/i.exec(url);
  if (!pasted) return url;
  const bytes = Math.floor(((url.length - url.indexOf(',') - 1) * 3) / 4);
  const size = bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} KB` : megabytes(bytes);
  return `a picture pasted into the body (${pasted[1]}, ${size})`;
}

async function readLimited(response: Response, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(response.headers.get('content-length'));
  if (declared > maxBytes) {
    throw new Error(`${megabytes(declared)}, over the ${megabytes(maxBytes)} limit`);
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = response.body?.getReader();
  for (let read = await reader?.read(); read && !read.done; read = await reader?.read()) {
    total += read.value.byteLength;
    if (total > maxBytes) {
      await reader?.cancel().catch(() => {});
      throw new Error(`over the ${megabytes(maxBytes)} limit`);
    }
    chunks.push(read.value);
  }
  return Buffer.concat(chunks, total);
}

/**
 * A loader's image cache: in Astro's cacheDir, its URLs kept in the loader's meta store. PocketBase
 * (`url`) is always fetched and never counts against the remote budget; `imageAllowedOrigins` may
 * be on a private network; `imageTimeoutMs` bounds one whole download, headers and body; a
 * picture is refused over LIMITS.imageMaxBytes, or LIMITS.imageMaxPixels (width × height, read
 * from the header).
 */
export function openImageCache(
  { config, meta }: Pick<LoaderContext, 'config' | 'meta'>,
  settings: Pick<
    LoaderSettings,
    'url' | 'imageAllowedOrigins' | 'imageTimeoutMs' | 'remotePicturesBudgetMs'
  >,
): ImageCache {
  const dir = imageCacheDir(config.cacheDir);
  const { url: pocketBaseUrl, imageTimeoutMs: timeoutMs } = settings;
  const { imageMaxBytes: maxBytes, imageMaxPixels: maxPixels } = LIMITS;
  const limit = pLimit(DOWNLOAD_CONCURRENCY);
  const inFlight = new Map<string, Promise<CachedImage>>();
  const policy = createPictureAddressPolicy([pocketBaseUrl, ...settings.imageAllowedOrigins]);
  const pocketBaseOrigin = URL.canParse(pocketBaseUrl) ? new URL(pocketBaseUrl).origin : '';
  const remoteBudget = createRemoteBudget(settings.remotePicturesBudgetMs);
  let folderReady: Promise<unknown> | undefined;

  /** The bytes of `url`, each failure told in words. */
  async function fetchBytes(url: string, signal: AbortSignal, timedOut: (stage: string) => string) {
    let response: Response;
    try {
      response = await fetchCheckedPicture(url, policy, signal);
    } catch (error) {
      if (error instanceof Error && error.name === 'TimeoutError')
        throw new Error(timedOut('no answer'));
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      if (!cause) throw error;
      // Refused by the connection's own lookup (a name that answered a private address).
      if (cause.code === 'ADDRESS_NOT_ALLOWED') throw cause;
      throw new Error(`unreachable (${cause.code ?? cause.message ?? describeError(error)})`);
    }
    if (response.status === 429) throw await tooManyRequests(response);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    try {
      return await readLimited(response, maxBytes);
    } catch (error) {
      if (error instanceof Error && error.name === 'TimeoutError')
        throw new Error(timedOut('not downloaded'));
      throw error;
    }
  }

  /** Pasted pictures and PocketBase's files, the build's own: each try has the download limit. */
  const fetchOwnBytes = (url: string) =>
    fetchBytes(
      url,
      AbortSignal.timeout(timeoutMs),
      (stage) => `${stage} within ${timeoutMs / 1000} s`,
    );

  async function download(url: string): Promise<CachedImage> {
    // Other hosts share one time budget, so slow ones cannot hold the build up for the download
    // limit once per picture. PocketBase's 429s are waited out, outside the limit of a try.
    const pasted = /^data:/i.test(url);
    const remote = !pasted && new URL(url).origin !== pocketBaseOrigin;
    const data = remote
      ? await remoteBudget.run(timeoutMs, (signal, timedOut) => fetchBytes(url, signal, timedOut))
      : pasted
        ? await fetchOwnBytes(url)
        : await retryWhileRateLimited(url, () => fetchOwnBytes(url));
    let probed: { width: number; height: number; format: string };
    try {
      // From the header alone: nothing is decoded before the pixel limit is checked.
      probed = await imageMetadata(data, url);
    } catch {
      throw new Error('not an image');
    }
    const ext = RASTER_EXTENSIONS[probed.format];
    if (!ext) throw new Error(`not a raster image (${probed.format})`);
    const frames = countFrames(ext, data);
    checkPixels({ ...probed, frames }, maxPixels);
    const kept = await keptPicture({ data, ext, ...probed }, frames);
    const file = `${createHash('sha256').update(kept.data).digest('hex')}.${kept.ext}`;
    folderReady ??= mkdir(dir, { recursive: true });
    await folderReady;
    await writeOnce(path.join(dir, file), kept.data);
    const cached = { file, width: kept.width, height: kept.height };
    // A pasted picture is its own URL: read again each build rather than kept as a key.
    if (!/^data:/i.test(url)) meta.set(metaKey(url), JSON.stringify({ ...cached, frames }));
    return cached;
  }

  return {
    dir,
    async get(url) {
      const known = meta.get(metaKey(url));
      if (known) {
        const { frames, ...cached } = JSON.parse(known) as CachedImage & { frames?: number };
        if (existsSync(path.join(dir, cached.file))) {
          // Kept by an earlier build, perhaps under other limits or another allow-list.
          checkPixels({ ...cached, frames }, maxPixels);
          if (new URL(url).origin !== pocketBaseOrigin) await policy.check(new URL(url));
          return cached;
        }
      }
      let pending = inFlight.get(url);
      if (!pending) {
        pending = limit(() => download(url));
        inFlight.set(url, pending);
        // Settled either way: a later call asks again (after a failure) or reads the meta store.
        void pending.catch(() => {}).finally(() => inFlight.delete(url));
      }
      return pending;
    },
  };
}
