import type { ImageMetadata } from 'astro';
import images from 'virtual:ledgerwise/pocketbase-images';

/**
 * A picture from the loader's image cache, as Astro's <Image> and getImage take it. Its own
 * width and height are never read here: reading an imported image's properties makes Astro ship
 * the original file too, which no page uses (the size comes from the content entry instead).
 */
export function cachedImageMetadata(file: string): ImageMetadata {
  const image = images.get(file);
  if (!image) {
    throw new Error(
      `The cached picture ${file} is not in this build's image manifests: the content loader ` +
        'and the pocketbaseImages integration must use the same cacheDir.',
    );
  }
  return image;
}
