/**
 * Removes image files from the built `_astro/` folder that no built file refers to.
 *
 * Every picture the site shows is a WebP transform. Astro also copies an image's original file
 * into the site when a page reads the image's properties, and its content layer reads them itself
 * for each image in an entry's data (blog banners, testimonial avatars), so each of those
 * originals would ship although no page loads it (for 1,000 posts, 1,000 JPEGs). A file that no
 * page, stylesheet, script or feed names cannot be requested by the site, so it goes.
 */
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const IMAGE_FILE = /\.(?:avif|gif|jpe?g|png|tiff|webp)$/i;
const TEXT_FILE = /\.(?:css|html|js|json|mjs|svg|txt|webmanifest|xml)$/i;
/** A reference to an asset: "/_astro/<name>" in any attribute, url() or string. */
const ASSET_REFERENCE = /_astro\/([^"'\s),?#<>]+)/g;

/** @param {string} dir @returns {AsyncGenerator<string>} */
async function* textFiles(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* textFiles(file);
    else if (entry.isFile() && TEXT_FILE.test(entry.name)) yield file;
  }
}

/**
 * The image files of `<outDir>/_astro` that no text file of the site names, removed.
 * @param {string} outDir
 * @returns {Promise<{ removed: string[], bytes: number }>}
 */
export async function pruneUnusedImages(outDir) {
  const assets = path.join(outDir, '_astro');
  let images;
  try {
    images = (await readdir(assets)).filter((name) => IMAGE_FILE.test(name));
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === 'ENOENT')
      return { removed: [], bytes: 0 };
    throw error;
  }
  const referenced = new Set();
  for await (const file of textFiles(outDir)) {
    for (const [, name] of (await readFile(file, 'utf8')).matchAll(ASSET_REFERENCE)) {
      referenced.add(decodeURIComponent(name));
    }
  }
  const removed = images.filter((name) => !referenced.has(name));
  let bytes = 0;
  for (const name of removed) {
    const file = path.join(assets, name);
    bytes += (await stat(file)).size;
    await rm(file);
  }
  return { removed, bytes };
}

/** @returns {import('astro').AstroIntegration} */
export default function pruneUnusedImagesIntegration() {
  return {
    name: 'ledgerwise-prune-unused-images',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const { removed, bytes } = await pruneUnusedImages(fileURLToPath(dir));
        logger.info(
          `Removed ${removed.length} image files no page uses (${Math.round(bytes / 1024)} KB).`,
        );
      },
    },
  };
}
