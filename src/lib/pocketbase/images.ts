import { imageMetadata } from 'astro/assets/utils';
import type { MetaStore } from 'astro/loaders';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { describeError } from './client';
import type { RemoteImage } from './schemas';

/** A record's file as a remote image the build can optimise, or undefined without a file. */
export function fileUrl(
  pb: PocketBase,
  record: RecordModel,
  filename: unknown,
): string | undefined {
  return typeof filename === 'string' && filename ? pb.files.getUrl(record, filename) : undefined;
}

/**
 * Downloads an image once to prove it can be fetched and to learn its size (Astro needs width
 * and height for a remote image). PocketBase file names carry a random suffix and never change
 * in place, so the answer is kept in the loader's meta store and a rebuild asks again only for
 * new files. Astro then fetches the file once more while optimising it and keeps the results in
 * its own image cache (cacheDir/assets), so the built site loads nothing from PocketBase.
 */
export async function probeRemoteImage(url: string, meta: MetaStore): Promise<RemoteImage> {
  const cacheKey = `image:${url}`;
  const cached = meta.get(cacheKey);
  if (cached) {
    const { width, height } = JSON.parse(cached) as { width: number; height: number };
    return { src: url, width, height };
  }
  const response = await fetch(url, { signal: AbortSignal.timeout(30_000) });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const { width, height } = await imageMetadata(new Uint8Array(await response.arrayBuffer()), url);
  if (!width || !height) throw new Error('not a readable image');
  meta.set(cacheKey, JSON.stringify({ width, height }));
  return { src: url, width, height };
}

/** probeRemoteImage for many URLs, a few at a time; failures become undefined plus a warning. */
export async function probeRemoteImages(
  urls: readonly (string | undefined)[],
  meta: MetaStore,
  warn: (message: string) => void,
  concurrency = 8,
): Promise<(RemoteImage | undefined)[]> {
  const results: (RemoteImage | undefined)[] = new Array(urls.length);
  let next = 0;
  const worker = async () => {
    while (next < urls.length) {
      const index = next++;
      const url = urls[index];
      if (!url) continue;
      try {
        results[index] = await probeRemoteImage(url, meta);
      } catch (error) {
        warn(`${url}: ${describeError(error)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, urls.length) }, worker));
  return results;
}
