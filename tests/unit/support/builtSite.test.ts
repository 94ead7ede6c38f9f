import { describe, expect, it } from 'vitest';
import { pngSize, readLocs, routeOf } from '../../support/builtSite';

describe('built-site helpers', () => {
  it('maps the files of build.format "file" to their clean URLs', () => {
    expect(routeOf('index.html')).toBe('/');
    expect(routeOf('blog/abc.html')).toBe('/blog/abc');
    expect(routeOf('blog/index.html')).toBe('/blog');
  });

  it('reads the locations of a sitemap', () => {
    const xml =
      '<urlset><url><loc>https://x.test/</loc></url><url><loc> https://x.test/a?b=1&amp;c=2 </loc></url></urlset>';
    expect(readLocs(xml)).toEqual(['https://x.test/', 'https://x.test/a?b=1&c=2']);
  });

  it('reads the size of a PNG and refuses other files', () => {
    const header = Buffer.alloc(24);
    Buffer.from('89504e470d0a1a0a', 'hex').copy(header, 0);
    header.write('IHDR', 12, 'ascii');
    header.writeUInt32BE(1200, 16);
    header.writeUInt32BE(630, 20);
    expect(pngSize(header)).toEqual({ width: 1200, height: 630 });
    expect(() => pngSize(Buffer.from('GIF89a'.padEnd(24)))).toThrow('not a PNG');
  });
});
