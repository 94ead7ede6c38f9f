import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawShareCard, getShareCard, shareCardTitle } from '@/lib/seo/shareCard';

const TITLE = 'Provisional Tax Deadlines with SARS: A Practical Calendar';

describe('drawShareCard', () => {
  it('draws a 1200×630 PNG, the same bytes every time (the font is embedded, not the machine’s)', async () => {
    const first = await drawShareCard(TITLE);
    expect(await sharp(first).metadata()).toMatchObject({
      width: 1200,
      height: 630,
      format: 'png',
    });
    expect((await drawShareCard(TITLE)).equals(first)).toBe(true);
    expect((await drawShareCard('VAT on Foreign Electronic Services')).equals(first)).toBe(false);
  });

  it('draws a very long title, accented letters included, without failing', async () => {
    const long = `Zoë’s ${'long title about the two-pot retirement system '.repeat(6)}`;
    expect(await sharp(await drawShareCard(long)).metadata()).toMatchObject({ width: 1200 });
  });
});

describe('shareCardTitle', () => {
  it('keeps a title the card can show whole, and cuts a longer one with an ellipsis', () => {
    expect(shareCardTitle(TITLE)).toBe(TITLE);
    const narrow = 'il.'.repeat(100);
    expect(shareCardTitle(narrow)).toBe(narrow);
    const cut = shareCardTitle(`${'Zoë '.repeat(2500)}`);
    expect(cut).toMatch(/^(Zoë ){74}Zoë…$/);
    expect([...new Intl.Segmenter().segment(cut)]).toHaveLength(300);
  });

  it('draws a 10,000-character title of one word in under two seconds (over ten before the cut)', async () => {
    const start = performance.now();
    await drawShareCard('x'.repeat(10_000));
    expect(performance.now() - start).toBeLessThan(2000);
  });
});

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
