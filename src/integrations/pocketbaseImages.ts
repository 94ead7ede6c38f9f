/**
 * Hands the pictures the content loaders downloaded (src/cms/images/imageCache.ts) to Astro's
 * image pipeline: the module `virtual:ledgerwise/pocketbase-images` imports every file this
 * build's manifests name, from this build's own cacheDir, and exports them in a Map by file name.
 * Pages read it through src/cms/images/cachedImages.ts.
 */
import type { AstroIntegration } from 'astro';
import {
  IMAGES_MODULE_ID,
  imageCacheDir,
  imagesModuleSource,
  readImageManifests,
} from '../cms/images/manifest.ts';

const RESOLVED_ID = `\0${IMAGES_MODULE_ID}`;

export default function pocketbaseImages(): AstroIntegration {
  return {
    name: 'ledgerwise-pocketbase-images',
    hooks: {
      'astro:config:setup': ({ config, updateConfig }) => {
        const dir = imageCacheDir(config.cacheDir);
        updateConfig({
          vite: {
            plugins: [
              {
                name: 'ledgerwise:pocketbase-images',
                resolveId: (id) => (id === IMAGES_MODULE_ID ? RESOLVED_ID : undefined),
                async load(id) {
                  if (id !== RESOLVED_ID) return undefined;
                  const { manifests, files } = await readImageManifests(dir);
                  // In `astro dev`, a content reload that rewrites a manifest reloads the module.
                  for (const manifest of manifests) this.addWatchFile(manifest);
                  return imagesModuleSource(dir, files);
                },
              },
            ],
          },
        });
      },
    },
  };
}
