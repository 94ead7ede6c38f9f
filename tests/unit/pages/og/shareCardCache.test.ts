import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawShareCard } from '@/lib/seo/shareCard';
import { getShareCard } from '@/pages/og/_shareCardCache';

const TITLE = 'Provisional Tax Deadlines with SARS: A Practical Calendar';

describe('getShareCard', () => {
  let cacheDir: string;
  beforeAll(async () => {
    cacheDir = await mkdtemp(path.join(tmpdir(), 'lw-share-cards-'));
  });
  afterAll(() => rm(cacheDir, { recursive: true, force: true }));

  it('keeps each card by its title and reads it back rather than drawing it again', async () => {
    const drawn = await getShareCard(TITLE, cacheDir);
    const [file] = await readdir(path.join(cacheDir, 'share-cards'));
    expect(file).toMatch(/^[0-9a-f]{32}\.png$/);
    // What the cache holds is what a warm build serves: no redrawing.
    const marker = Buffer.from('cached card');
    await writeFile(path.join(cacheDir, 'share-cards', file), marker);
    expect((await getShareCard(TITLE, cacheDir)).equals(marker)).toBe(true);
    // Another title is another card.
    expect((await getShareCard(`${TITLE}, revised`, cacheDir)).equals(drawn)).toBe(false);
    expect(await readdir(path.join(cacheDir, 'share-cards'))).toHaveLength(2);
    // The site's card of the same words is another card, kept apart.
    const site = await getShareCard(TITLE, cacheDir, 'site');
    expect(site.equals(await drawShareCard(TITLE, 'site'))).toBe(true);
    expect(site.equals(drawn)).toBe(false);
    expect(await readdir(path.join(cacheDir, 'share-cards'))).toHaveLength(3);
  });
});
