import { describe, expect, it } from 'vitest';
import {
  astroImageTag,
  bodyImageLayout,
  findBodyImages,
  replaceBodyImages,
  resolveImageUrl,
} from '@/lib/pocketbase/bodyImages';
import { sanitizeHtml } from '@/lib/sanitizeHtml';

const PB = 'http://127.0.0.1:8090';

describe('resolveImageUrl', () => {
  it('keeps absolute http(s) URLs and resolves PocketBase file paths against PocketBase', () => {
    expect(resolveImageUrl('https://cdn.example/a.png', PB)).toBe('https://cdn.example/a.png');
    expect(resolveImageUrl('/api/files/c/r/a.png', PB)).toBe(`${PB}/api/files/c/r/a.png`);
    expect(resolveImageUrl('/api/files/c/r/a.png', 'https://cms.example/pb/')).toBe(
      'https://cms.example/pb/api/files/c/r/a.png',
    );
  });

  it('gives nothing for paths the build cannot fetch', () => {
    for (const src of ['/images/a.png', 'a.png', '', 'ftp://x.example/a.png'])
      expect(resolveImageUrl(src, PB), src).toBeUndefined();
  });
});

describe('findBodyImages and replaceBodyImages', () => {
  it('reads each picture of sanitised HTML, entities decoded, in order', () => {
    const html = sanitizeHtml(
      '<p><img src="/api/files/c/r/a.png" alt="Rates &amp; &quot;dates&quot;" title="T" width="320"></p>' +
        '<img src="https://cdn.example/b.png">',
    );
    expect(findBodyImages(html, PB)).toEqual([
      {
        url: `${PB}/api/files/c/r/a.png`,
        src: '/api/files/c/r/a.png',
        alt: 'Rates & "dates"',
        title: 'T',
        width: 320,
      },
      { url: 'https://cdn.example/b.png', src: 'https://cdn.example/b.png' },
    ]);
    expect(replaceBodyImages(html, (index) => `[${index}]`)).toBe('<p>[0]</p>[1]');
  });
});

describe('bodyImageLayout', () => {
  it('shows a picture at most 800 px wide, offering 400 px to phones', () => {
    expect(bodyImageLayout(2400)).toEqual({
      width: 800,
      widths: [400, 800],
      sizes: '(max-width: 800px) 100vw, 800px',
    });
    expect(bodyImageLayout(600)).toMatchObject({ width: 600, widths: [400, 600] });
  });

  it('never enlarges a small picture, and keeps an editor-chosen width with its 2x', () => {
    expect(bodyImageLayout(250)).toMatchObject({ width: 250, widths: [250] });
    expect(bodyImageLayout(1200, 300)).toMatchObject({
      width: 300,
      widths: [300, 600],
      sizes: '(max-width: 300px) 100vw, 300px',
    });
  });
});

describe('astroImageTag', () => {
  it("writes the options Astro's content layer reads back (quotes as &#x22; only)", () => {
    const tag = astroImageTag(
      { file: 'abc.png', width: 1200, height: 600 },
      { url: 'x', src: 'x', alt: 'Say "hi" & <wave>', title: 'T' },
    );
    const match = /^<img __ASTRO_IMAGE_="([^"]+)">$/.exec(tag);
    expect(match).not.toBeNull();
    expect(JSON.parse(match![1].replaceAll('&#x22;', '"'))).toEqual({
      src: './abc.png',
      alt: 'Say "hi" & <wave>',
      title: 'T',
      width: 800,
      height: 400,
      widths: [400, 800],
      sizes: '(max-width: 800px) 100vw, 800px',
      format: 'webp',
    });
  });
});
