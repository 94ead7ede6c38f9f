import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { describeError } from '../errors';
import type { CachedImage, ImageCache } from './imageCache';

/**
 * A record's picture (a banner, an avatar) from the image cache, fetched from PocketBase the first
 * time (file names are unique and never change in place), or undefined: with none, or with a
 * warning when it cannot be downloaded.
 */
export async function fetchRecordPicture(
  images: ImageCache,
  pb: PocketBase,
  record: RecordModel,
  filename: string | null | undefined,
  warn: (problem: string) => void,
): Promise<CachedImage | undefined> {
  if (!filename) return undefined;
  const url = pb.files.getURL(record, filename);
  try {
    return await images.get(url);
  } catch (error) {
    warn(`${url}: ${describeError(error)}`);
    return undefined;
  }
}
