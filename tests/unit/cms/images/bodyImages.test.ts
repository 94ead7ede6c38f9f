import { describe, expect, it } from 'vitest';
import {
  bodyImageLayout,
  bodyImageMarker,
  findBodyImages,
  imgTag,
  renderBodyImages,
  resolveImageUrl,
} from '@/cms/images/bodyImages';
import { sanitizeHtml } from '@/lib/blog/sanitizeHtml';

const PB = 'http://127.0.0.1:8090';

describe('resolveImageUrl', () => {
  it('keeps absolute http(s) URLs and resolves PocketBase file paths against PocketBase', () => {
    expect(resolveImageUrl('https://cdn.example/a.png', PB)).toBe('https://cdn.example/a.png');
    expect(resolveImageUrl('/api/files/c/r/a.png', PB)).toBe(`${PB}/api/files/c/r/a.png`);
    expect(resolveImageUrl('/api/files/c/r/a.png', 'https://cms.example/pb/')).toBe(
      'https://cms.example/pb/api/files/c/r/a.png',
    );
  });

  it("fetches a PocketBase file from this build's PocketBase, whatever address it was stored with", () => {
    const file = 'api/files/pbc_123/rec456/chart_ab12.png';
    for (const stored of [
      // What the admin UI's image picker stores, opened at one address or another.
      `http://127.0.0.1:8090/_/../${file}?thumb=`,
      `http://localhost:8091/_/../${file}?thumb=100x100`,
      `https://cms.old-domain.example/pb/${file}`,
      `http://10.0.0.7:8090/${file}`,
      `/_/../${file}`,
    ]) {
      expect(resolveImageUrl(stored, 'https://cms.example/pb/'), stored).toBe(
        `https://cms.example/pb/${file}`,
      );
    }
    // Without a PocketBase address an absolute URL is fetched as it is.
    expect(resolveImageUrl(`http://127.0.0.1:8090/${file}`, '')).toBe(
      `http://127.0.0.1:8090/${file}`,
    );
  });

  it('reads a pasted picture from itself', () => {
    expect(resolveImageUrl(' data:image/png;base64,iVBORw0KGgo= ', PB)).toBe(
      'data:image/png;base64,iVBORw0KGgo=',
    );
  });

  it('gives nothing for paths the build cannot fetch', () => {
    for (const src of [
      '/images/a.png',
      'a.png',
      '',
      'ftp://x.example/a.png',
      '//cdn.example/a.png',
      '/api/files/c/r',
      'data:text/plain;base64,aGk=',
    ])
      expect(resolveImageUrl(src, PB), src).toBeUndefined();
  });
});

describe('findBodyImages', () => {
  it('reads each picture of sanitised HTML, entities decoded, in order, and rewrites each in place', () => {
    const html = sanitizeHtml(
      '<p><img src="/api/files/c/r/a.png" alt="Rates &amp; &quot;dates&quot;" title="T" width="320"></p>' +
        '<img src="https://cdn.example/b.png">',
    );
    const { pictures, rewrite } = findBodyImages(html, PB);
    expect(pictures).toEqual([
      {
        url: `${PB}/api/files/c/r/a.png`,
        src: '/api/files/c/r/a.png',
        alt: 'Rates & "dates"',
        title: 'T',
        width: 320,
      },
      { url: 'https://cdn.example/b.png', src: 'https://cdn.example/b.png' },
    ]);
    expect(rewrite((index) => (index === 0 ? '<img data-cached-image="{}">' : ''))).toBe(
      '<p><img data-cached-image="{}"></p>',
    );
  });

  it('finds a picture however the HTML writes it, and leaves the text around it as it was', () => {
    const html = `<p>R&amp;D in 2025 &lt;draft&gt;</p><figure><IMG SRC='/api/files/c/r/a.png' alt=a&amp;b></figure><p>after</p>`;
    const { pictures, rewrite } = findBodyImages(html, PB);
    expect(pictures).toMatchObject([{ url: `${PB}/api/files/c/r/a.png`, alt: 'a&b' }]);
    expect(rewrite(() => '')).toBe(
      '<p>R&amp;D in 2025 &lt;draft&gt;</p><figure></figure><p>after</p>',
    );
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

describe('bodyImageMarker and renderBodyImages', () => {
  it("carry the file and getImage's options from the loader to the page, whatever the alt text holds", async () => {
    const marker = bodyImageMarker(
      { file: 'abc.png', width: 1200, height: 600 },
      { url: 'x', src: 'x', alt: 'Say "hi" & <wave>', title: 'T' },
    );
    expect(marker).toMatch(/^<img data-cached-image="[^"<>]+">$/);
    const seen: unknown[] = [];
    const html = await renderBodyImages(`<p>a</p>${marker}<p>b</p>${marker}`, async (options) => {
      seen.push(options);
      return `[${options.file}]`;
    });
    expect(html).toBe('<p>a</p>[abc.png]<p>b</p>[abc.png]');
    expect(seen[0]).toEqual({
      file: 'abc.png',
      alt: 'Say "hi" & <wave>',
      title: 'T',
      width: 800,
      height: 400,
      widths: [400, 800],
      sizes: '(max-width: 800px) 100vw, 800px',
      format: 'webp',
    });
  });

  it("carry a picture's alignment from the sanitised HTML to the page", async () => {
    const { pictures } = findBodyImages(
      sanitizeHtml('<p><img src="/api/files/c/r/a.png" alt="A" style="float: right"></p>'),
      PB,
    );
    expect(pictures[0]).toMatchObject({ className: 'align-right' });
    const marker = bodyImageMarker({ file: 'a.png', width: 600, height: 300 }, pictures[0]);
    const seen: unknown[] = [];
    await renderBodyImages(marker, async (options) => {
      seen.push(options);
      return '';
    });
    expect(seen[0]).toMatchObject({ file: 'a.png', alt: 'A', class: 'align-right' });
  });
});

describe('imgTag', () => {
  it('escapes every value, leaves out missing and empty ones, and keeps an empty alt', () => {
    expect(
      imgTag({
        src: '/_astro/a.webp',
        srcset: '',
        alt: '',
        title: 'A "quote" & <tag>',
        x: undefined,
      }),
    ).toBe('<img src="/_astro/a.webp" alt="" title="A &quot;quote&quot; &amp; &lt;tag&gt;">');
  });
});
