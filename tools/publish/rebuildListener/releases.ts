/**
 * The rebuild listener's releases: each successful build is copied as hard links (linkTree.ts)
 * into a folder of its own under buildsDir, and published by renaming a new symbolic link over
 * the old, so readers see the old site or the new one, never a mix. The live release and the one
 * before it (for requests under way) are kept; older ones are removed.
 */
import { lstat, mkdir, readdir, readlink, rename, rm, symlink } from 'node:fs/promises';
import path from 'node:path';
import { SEARCH_INDEX_FOLDER } from '../../../src/integrations/searchIndex.ts';
import { linkTree } from './linkTree.ts';

/** The folder the published link points at, or null when nothing is published yet. */
async function publishedTarget(publishLink: string): Promise<string | null> {
  try {
    const target = await readlink(publishLink);
    return path.resolve(path.dirname(publishLink), target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

export function createReleases({
  publishLink,
  buildsRoot,
  stableDir,
}: {
  /** The published path: a symlink this module maintains (absolute). */
  publishLink: string;
  /** Where release folders are created (absolute). */
  buildsRoot: string;
  /** The folder builds write into, which a release copies (absolute). */
  stableDir: string;
}) {
  /** The live release's folder, or null before the first. */
  const live = () => publishedTarget(publishLink);

  /** Keeps the live release and the newest other one (ids sort by time); removes the rest. */
  async function removeOld() {
    const current = await live();
    const names = (await readdir(buildsRoot)).sort();
    const others = names.filter((name) => path.join(buildsRoot, name) !== current);
    for (const name of others.slice(0, -1)) {
      await rm(path.join(buildsRoot, name), { recursive: true, force: true });
    }
  }

  return {
    live,
    removeOld,

    /** A new release's folder: `<time>-<pid>-<sequence>`, so that names sort by time. */
    folderFor(sequence: number): string {
      const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*$/, '');
      return path.join(buildsRoot, `${stamp}-${process.pid}-${String(sequence).padStart(4, '0')}`);
    },

    /**
     * Refuses a published path that is a real folder (rename(2) cannot replace it atomically),
     * and removes what an interrupted run left: temporary links and old folders.
     */
    async prepare() {
      await mkdir(buildsRoot, { recursive: true });
      await mkdir(path.dirname(publishLink), { recursive: true });
      try {
        const info = await lstat(publishLink);
        if (!info.isSymbolicLink()) {
          throw new Error(
            `${publishLink} exists and is not a symbolic link. The listener publishes by replacing ` +
              'a link to the newest build; move that folder away (or choose another REBUILD_PUBLISH_PATH).',
          );
        }
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
      const linkDir = path.dirname(publishLink);
      const linkPrefix = `${path.basename(publishLink)}.tmp-`;
      for (const name of await readdir(linkDir)) {
        if (name.startsWith(linkPrefix)) await rm(path.join(linkDir, name), { force: true });
      }
      await removeOld();
    },

    /** Copies the stable folder into `outDir` (with `searchIndex` as its index) and publishes it. */
    async release(outDir: string, searchIndex?: string | null) {
      try {
        await linkTree(stableDir, outDir);
        if (searchIndex) await linkTree(searchIndex, path.join(outDir, SEARCH_INDEX_FOLDER));
      } catch (error) {
        await rm(outDir, { recursive: true, force: true });
        throw error;
      }
      const temporary = `${publishLink}.tmp-${path.basename(outDir)}`;
      await rm(temporary, { force: true });
      // A relative target keeps working when the whole folder is moved or mounted elsewhere.
      await symlink(path.relative(path.dirname(publishLink), outDir), temporary, 'dir');
      await rename(temporary, publishLink);
    },
  };
}
