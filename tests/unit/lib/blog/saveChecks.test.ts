import { describe, expect, it } from 'vitest';
import { publishRefusal, saveRefusal, uploadRefusal, utf8Bytes } from '@/lib/blog/saveChecks';
import {
  HUGE_BANNER_REFUSAL,
  HUGE_PICTURE,
  hugeFileRefusal,
  OVERSIZED_BODY,
  OVERSIZED_BODY_REFUSAL,
  gifFrames,
  pngHeader,
  PUBLISH_CASES,
} from '../../../support/publishCases';

/** A picture file as the hook hands it over. */
const file = (bytes: Uint8Array) => ({
  size: bytes.length,
  head: () => bytes.subarray(0, 1024),
  whole: () => bytes,
});

describe('the publish check (the same table the real hook runs)', () => {
  it.each(PUBLISH_CASES)('$name', ({ content, refusal }) => {
    expect(publishRefusal({ content })).toBe(refusal);
  });

  it('refuses any save of a body over 1 MB, counting UTF-8 bytes as stored', () => {
    expect(saveRefusal(OVERSIZED_BODY)).toBe(OVERSIZED_BODY_REFUSAL);
    expect(saveRefusal('<p>short</p>')).toBeUndefined();
    // 400,000 "é" are 0.8 MB, under the limit, though three bytes a unit would be 1.2 MB.
    expect(saveRefusal('é'.repeat(400_000))).toBeUndefined();
    expect(utf8Bytes('aé€😀')).toBe(new TextEncoder().encode('aé€😀').length);
  });

  it('refuses a banner or a PocketBase file the body shows over the pixel cap, read from its header', () => {
    expect(publishRefusal({ content: '<p>x</p>', banner: file(HUGE_PICTURE) })).toBe(
      HUGE_BANNER_REFUSAL,
    );
    expect(publishRefusal({ content: '<p>x</p>', banner: file(pngHeader(8000, 6000)) })).toBe(
      undefined,
    );
    const content =
      '<p><img src="http://127.0.0.1:8090/_/../api/files/blogs/r1/huge_x1.png?thumb="></p>';
    const read = (name: string) => (name === 'huge_x1.png' ? file(HUGE_PICTURE) : undefined);
    expect(publishRefusal({ content, readFile: ({ name }) => read(name) })).toBe(
      hugeFileRefusal('huge_x1.png'),
    );
    // A JPEG's size may come after the first bytes: the whole file is read then.
    const late = { size: 5000, head: () => new Uint8Array(10), whole: () => HUGE_PICTURE };
    expect(publishRefusal({ content, readFile: () => late })).toBe(hugeFileRefusal('huge_x1.png'));
  });
});

describe('an animated picture', () => {
  it('counts every frame: a few dozen bytes of GIF can be 245 megapixels to decode', () => {
    expect(uploadRefusal(file(gifFrames(7000, 7000, 5)))).toBe(
      'is 245 megapixels in 5 frames, over the 50 megapixels limit: upload a smaller picture',
    );
    expect(uploadRefusal(file(gifFrames(7000, 7000, 1)))).toBeUndefined();
    expect(uploadRefusal(file(gifFrames(100, 100, 4000)))).toBeUndefined();
    expect(uploadRefusal(file(gifFrames(100, 100, 6000)))).toMatch(
      /^is 60 megapixels in \d+ frames/,
    );
  });
});

describe('an uploaded picture', () => {
  it('is refused over the pixel cap, read from its header, whatever else is wrong with it', () => {
    expect(uploadRefusal(file(HUGE_PICTURE))).toBe(
      'is 60 megapixels, over the 50 megapixels limit: upload a smaller picture',
    );
    expect(uploadRefusal(file(pngHeader(8000, 6000)))).toBeUndefined();
    // Its type and size are PocketBase's own checks (the field's mimeTypes and maxSize).
    expect(uploadRefusal(file(new TextEncoder().encode('not a picture')))).toBeUndefined();
  });
});
