import { existsSync } from 'node:fs';
import { rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** A folder of the loaders' own inside Astro's cacheDir (a URL in a loader, a path elsewhere). */
export function cacheFolder(cacheDir: URL | string, name: string): string {
  return path.join(typeof cacheDir === 'string' ? cacheDir : fileURLToPath(cacheDir), name);
}

/**
 * Writes a file of Astro's cacheDir named by its content, once: beside the target and renamed,
 * so a concurrent build never reads half a file.
 */
export async function writeOnce(file: string, data: Uint8Array | string): Promise<void> {
  if (existsSync(file)) return;
  const temporary = `${file}.${process.pid}-${Math.random().toString(36).slice(2)}.tmp`;
  try {
    await writeFile(temporary, data);
    await rename(temporary, file);
  } finally {
    await rm(temporary, { force: true });
  }
}
