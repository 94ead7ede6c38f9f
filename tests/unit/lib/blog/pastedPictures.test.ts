import { describe, expect, it } from 'vitest';
import { replacePastedPictures, type PastedPicture } from '@/lib/blog/pastedPictures';
import { pngHeader, TINY_PNG } from '../../../support/publishCases';

const base64 = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64');
const img = (src: string, rest = ' alt="Chart"') => `<img src="${src}"${rest}>`;

/** Stores each picture as `/files/<n>.<extension>` and keeps what it was given. */
function store() {
  const stored: PastedPicture[] = [];
  return {
    stored,
    place: (picture: PastedPicture) => {
      stored.push(picture);
      return `/files/${stored.length}.${picture.extension}`;
    },
  };
}

describe('pasted pictures leaving a body', () => {
  it('replaces each pasted picture by its file, keeping every other character of the body', () => {
    const body =
      `<p class="x">Before &amp; <b>after</b></p>\n<figure>${img(`data:image/png;base64,${TINY_PNG}`)}` +
      `<figcaption>One</figcaption></figure><p>${img(`data:image/png;base64,${TINY_PNG}`, " alt='Two' width=1")}</p>`;
    const { stored, place } = store();
    const result = replacePastedPictures(body, place);
    expect(result).toEqual({
      moved: 2,
      refusals: [],
      html:
        `<p class="x">Before &amp; <b>after</b></p>\n<figure><img src="/files/1.png" alt="Chart">` +
        `<figcaption>One</figcaption></figure><p><img src="/files/2.png" alt='Two' width=1></p>`,
    });
    expect(Buffer.from(stored[0].bytes()).toString('base64')).toBe(TINY_PNG);
    expect(stored[0].size).toBe(Buffer.from(TINY_PNG, 'base64').length);
  });

  it('names the format by the bytes, not by the declared type', () => {
    const { stored, place } = store();
    replacePastedPictures(`<p>${img(`data:image/jpeg;base64,${TINY_PNG}`)}</p>`, place);
    expect(stored.map((picture) => picture.extension)).toEqual(['png']);
  });

  it('leaves a body without pasted pictures, and pictures that are files or addresses, as they are', () => {
    const body = `<p>${img('/api/files/blogs/r1/a.png')}${img('https://www.sars.gov.za/logo.png')}</p><p>data:image/png;base64,${TINY_PNG}</p>`;
    const { stored, place } = store();
    expect(replacePastedPictures(body, place)).toEqual({ html: body, moved: 0, refusals: [] });
    expect(stored).toEqual([]);
  });

  it('leaves what the site cannot show for the publish check: not base64, not a picture, SVG', () => {
    const body = [
      img('data:image/png;base64,iVBORw0KGgo=AAAA'),
      img(`data:image/png;base64,${base64('hello world')}`),
      img(`data:image/svg+xml;base64,${base64('<svg xmlns="http://www.w3.org/2000/svg"/>')}`),
    ].join('');
    const { stored, place } = store();
    expect(replacePastedPictures(body, place)).toEqual({ html: body, moved: 0, refusals: [] });
    expect(stored).toEqual([]);
  });

  it('leaves pictures over the limits in place and says why, so that the save is refused', () => {
    const huge = img(`data:image/png;base64,${base64(pngHeader(10_000, 6_000))}`);
    const heavy = img(`data:image/png;base64,${base64(pngHeader(2000, 1000, 11 * 1024 * 1024))}`);
    const fine = img(`data:image/png;base64,${TINY_PNG}`);
    const { place } = store();
    const result = replacePastedPictures(`${huge}${heavy}${fine}`, place);
    expect(result.refusals).toEqual([
      'A pasted picture is 60 megapixels, over the 50 megapixels limit: paste a smaller one',
      'A pasted picture is 11 MB, over the 10 MB limit: paste a smaller one',
    ]);
    expect(result.html).toBe(`${huge}${heavy}${img('/files/1.png')}`);
  });

  it('writes the address as an attribute value', () => {
    const result = replacePastedPictures(img(`data:image/png;base64,${TINY_PNG}`), () => '/a"b&c');
    expect(result.html).toBe(img('/a&quot;b&amp;c'));
  });
});
