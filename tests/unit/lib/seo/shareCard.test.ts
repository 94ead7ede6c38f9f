import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { drawShareCard, shareCardTitle } from '@/lib/seo/shareCard';

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
