import { copyFile, link, mkdir, readdir, readlink, symlink } from 'node:fs/promises';
import path from 'node:path';

/**
 * Copies a folder as hard links to its files: a release that costs no data and no time, while
 * the original may be deleted or emptied. Across file systems, where links cannot go, it copies.
 * (fs.cp has no such mode; `cp -al` is GNU only.) * `to` is a folder that does not exist yet.
 */
export async function linkTree(from: string, to: string): Promise<void> {
  await mkdir(to, { recursive: true });
  for (const entry of await readdir(from, { withFileTypes: true })) {
    const [source, target] = [path.join(from, entry.name), path.join(to, entry.name)];
    if (entry.isDirectory()) await linkTree(source, target);
    else if (entry.isSymbolicLink()) await symlink(await readlink(source), target);
    else {
      await link(source, target).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'EXDEV') throw error;
        return copyFile(source, target);
      });
    }
  }
}
