/**
 * The share cards' disk cache, beside the routes that serve them (/og/<id>.png, /og-default.png;
 * the leading `_` keeps this module from being a route): each card is kept by title, owner and
 * design version in the build's cache folder, so a warm build redraws none.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  drawShareCard,
  SHARE_CARD_DESIGN_VERSION,
  shareCardTitle,
  type ShareCardOwner,
} from '@/lib/seo/shareCard';

/** The card of a title, from `cacheDir` when drawn before, else drawn and kept there. */
export async function getShareCard(
  title: string,
  cacheDir: string,
  owner: ShareCardOwner = 'post',
): Promise<Buffer> {
  // A post's key is what it was before site cards existed: cards already cached stay valid.
  const key = createHash('sha256')
    .update(
      `${SHARE_CARD_DESIGN_VERSION}\n${owner === 'post' ? '' : `${owner}\n`}${shareCardTitle(title)}`,
    )
    .digest('hex')
    .slice(0, 32);
  const file = path.join(cacheDir, 'share-cards', `${key}.png`);
  try {
    return await readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    const png = await drawShareCard(title, owner);
    await mkdir(path.dirname(file), { recursive: true });
    // Written whole, then renamed: a build reading the cache never sees half a file.
    const partial = `${file}.${process.pid}.tmp`;
    await writeFile(partial, png);
    await rename(partial, file);
    return png;
  }
}
