import { readdir } from 'node:fs/promises';
import path from 'node:path';

/** Every file under a folder (a built site, a source tree), as paths. */
export async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}
