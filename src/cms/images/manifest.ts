import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { cacheFolder } from '../cacheFiles.ts';

/**
 * Which cached pictures this build shows: each loader writes `<collection>.manifest.json` in the
 * image cache; the `pocketbaseImages` integration turns them into a virtual module importing each
 * file. Not Astro's content-layer asset imports: those share one file in `.astro/`, which two
 * builds of one checkout at once would overwrite for each other.
 */
export const IMAGE_CACHE_FOLDER = 'ledgerwise-images';
export const IMAGES_MODULE_ID = 'virtual:ledgerwise/pocketbase-images';
const MANIFEST_SUFFIX = '.manifest.json';

/** The cache folder inside Astro's cacheDir. */
export function imageCacheDir(cacheDir: URL | string): string {
  return cacheFolder(cacheDir, IMAGE_CACHE_FOLDER);
}

/** Replaces a collection's list of the cached files its entries show. */
export async function writeImageManifest(
  dir: string,
  collection: string,
  files: Iterable<string>,
): Promise<void> {
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${collection}${MANIFEST_SUFFIX}`);
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, JSON.stringify([...new Set(files)].sort()));
  await rename(temporary, file);
}

/** The manifests of a cache folder: their paths, and every file they name. */
export async function readImageManifests(
  dir: string,
): Promise<{ manifests: string[]; files: string[] }> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((name) => name.endsWith(MANIFEST_SUFFIX));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { manifests: [], files: [] };
    throw error;
  }
  const manifests = names.map((name) => path.join(dir, name));
  const files = new Set<string>();
  for (const manifest of manifests) {
    for (const file of JSON.parse(await readFile(manifest, 'utf8')) as string[]) files.add(file);
  }
  return { manifests, files: [...files].sort() };
}

/** The source of the images module: one import per file, in a Map by file name. */
export function imagesModuleSource(dir: string, files: readonly string[]): string {
  const imports = files.map(
    (file, index) => `import image${index} from ${JSON.stringify(path.join(dir, file))};`,
  );
  const entries = files.map((file, index) => `[${JSON.stringify(file)}, image${index}]`);
  return `${imports.join('\n')}\nexport default new Map([${entries.join(', ')}]);\n`;
}
