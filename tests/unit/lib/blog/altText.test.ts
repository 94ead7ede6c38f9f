import { describe, expect, it } from 'vitest';
import { picturesWithoutAlt } from '@/lib/blog/altText';

const FILE = 'http://127.0.0.1:8090/api/files/lwblogs00000001/abc123/pasted_k2j4h5.png';

describe('picturesWithoutAlt', () => {
  it('names each picture with no alt text, an empty one, or one of spaces, once, as the editor knows it', () => {
    const html =
      `<p><img src="${FILE}" alt=""></p>` +
      '<p><img src="https://example.com/chart.jpg"></p>' +
      '<p><img src="data:image/png;base64,iVBORw0KGgo=" alt="  "></p>' +
      `<figure><img src="${FILE}?thumb=100x100"></figure>`;
    expect(picturesWithoutAlt(html)).toEqual([
      'pasted_k2j4h5.png',
      'https://example.com/chart.jpg',
      'a pasted picture',
    ]);
  });

  it('leaves out pictures that have alt text and pictures the site does not show', () => {
    const html =
      `<img src="${FILE}" alt="Filing deadlines for 2026">` +
      '<img src="file:///C:/Users/editor/chart.png"><p>No pictures here.</p>';
    expect(picturesWithoutAlt(html)).toEqual([]);
  });
});
