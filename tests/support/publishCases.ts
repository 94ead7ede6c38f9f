/**
 * One table of post bodies and pictures with what PocketBase's check answers for each: run
 * through the judgment itself (tests/unit/lib/blog/saveChecks.test.ts) and through a real
 * PocketBase's hooks (tests/integration/publishCheck.test.ts), so the two cannot disagree. Where
 * the hooks answer first (a pasted picture over the limits refuses any save before the judgment
 * runs), `hook` says how.
 */
import { crc32 } from 'node:zlib';
import { gifFrames } from './pictures';

export { gifFrames };

/** A PNG header declaring `width` × `height` (all the checks read), padded to `size` bytes. */
export function pngHeader(width: number, height: number, size = 64): Uint8Array {
  const bytes = new Uint8Array(size);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
  bytes.set([0x49, 0x48, 0x44, 0x52], 12); // IHDR
  const view = new DataView(bytes.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  bytes.set([8, 6, 0, 0, 0], 24);
  // The header's checksum, as a real PNG has it: decoders that verify it (Go's) read the size too.
  view.setUint32(29, crc32(bytes.subarray(12, 29)));
  return bytes;
}

const base64 = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64');
const pasted = (type: string, payload: string) => `<p><img src="data:${type};base64,${payload}" alt="Pasted"></p>`; // prettier-ignore

/** A real 1 × 1 PNG. */
export const TINY_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"></svg>';

const refused = (problem: string) => `Cannot publish: ${problem}. Or switch off published.`;

export interface PublishCase {
  name: string;
  content: string;
  /** The message a save with `published` ticked is refused with, or undefined: it publishes. */
  refusal: string | undefined;
  /** True where PocketBase's check before this judgment let it through (see the report). */
  newCase?: boolean;
  /** What PocketBase's hooks answer instead, a draft's save too (pb_hooks/content/pictures.js). */
  hook?: string;
}

export const PUBLISH_CASES: PublishCase[] = [
  {
    name: 'an embedded video',
    content: '<p>Watch:</p><iframe src="https://www.youtube.com/embed/abc"></iframe>',
    refusal: refused('videos cannot be embedded; paste the link as a link'),
  },
  {
    name: 'a script',
    content: '<p>Hi</p><script>alert(1)</script>',
    refusal: refused('scripts cannot run on the site; remove the script'),
  },
  {
    name: 'a form',
    content: '<form><input name="q"></form>',
    refusal: refused('forms cannot be used on the site; remove the form'),
    newCase: true,
  },
  {
    name: 'a drawing (SVG)',
    content: `<p>Chart:</p>${SVG}`,
    refusal: refused('drawings and formulas (SVG or MathML) are not shown; insert them as a picture'), // prettier-ignore
    newCase: true,
  },
  {
    name: 'a script in an attribute',
    content: '<p onmouseover="steal()">Hover</p>',
    refusal: refused('scripts in attributes (onclick and the like) cannot run on the site; remove them'), // prettier-ignore
    newCase: true,
  },
  {
    name: 'a link that is not a web, e-mail or phone address',
    content: '<p><a href="javascript:alert(1)">Click</a></p>',
    refusal: refused('link javascript:alert(1) is not a web, e-mail or phone address; correct or remove it'), // prettier-ignore
    newCase: true,
  },
  {
    name: 'a picture on the editor’s disk',
    content: '<p><img src="file:///C:/Users/editor/chart.png" alt="Chart"></p>',
    refusal: refused('picture file:///C:/Users/editor/… is not a web address; insert it with the image picker'), // prettier-ignore
  },
  {
    name: '<img/src=…>, a relative address',
    content: '<p><img/src="pic.png"></p>',
    refusal: refused('picture pic.png is not a web address; insert it with the image picker'),
    newCase: true,
  },
  {
    name: 'alt="a>b" before a relative src',
    content: '<p><img alt="a>b" src="pic.png"></p>',
    refusal: refused('picture pic.png is not a web address; insert it with the image picker'),
    newCase: true,
  },
  {
    name: 'a pasted picture that is not base64',
    content: pasted('image/png', 'iVBORw0KGgo=AAAA'),
    refusal: refused('a pasted picture is not valid base64; insert it with the image picker instead'), // prettier-ignore
    newCase: true,
  },
  {
    name: 'a pasted picture that is not an image',
    content: pasted('image/png', base64('hello world')),
    refusal: refused('a pasted picture is not a PNG, JPEG, WebP, GIF or AVIF image; insert it with the image picker instead'), // prettier-ignore
    newCase: true,
  },
  {
    name: 'a pasted SVG declared a PNG',
    content: pasted('image/png', base64(SVG)),
    refusal: refused('a pasted picture is SVG, not a PNG, JPEG, WebP, GIF or AVIF image; insert it with the image picker instead'), // prettier-ignore
    newCase: true,
  },
  {
    name: 'a pasted SVG',
    content: pasted('image/svg+xml', base64(SVG)),
    refusal: refused('a pasted picture is SVG, not a PNG, JPEG, WebP, GIF or AVIF image; insert it with the image picker instead'), // prettier-ignore
  },
  {
    name: 'an 11 MB pasted picture',
    content: pasted('image/png', base64(pngHeader(2000, 1000, 11 * 1024 * 1024))),
    refusal: refused('a pasted picture is 11 MB, over the 10 MB limit; insert it with the image picker instead'), // prettier-ignore
    newCase: true,
    hook: 'A pasted picture is 11 MB, over the 10 MB limit: paste a smaller one.',
  },
  {
    name: 'a pasted picture of 60 megapixels',
    content: pasted('image/png', base64(pngHeader(10_000, 6_000))),
    refusal: refused('a pasted picture is 60 megapixels, over the 50 megapixels limit; insert it with the image picker instead'), // prettier-ignore
    newCase: true,
    hook: 'A pasted picture is 60 megapixels, over the 50 megapixels limit: paste a smaller one.',
  },
  {
    name: 'a script whose tag runs into a long run of base64 letters',
    content: `<p><script/${'A'.repeat(1200)}>x</script></p>`,
    refusal: refused('scripts cannot run on the site; remove the script'),
    newCase: true,
  },
  {
    name: 'a picture whose address is a long run of base64 letters, not a web address',
    content: `<img/src=${'A'.repeat(1200)}>`,
    refusal: refused('picture AAAAAAAAAAAAAAAAAAAAAAAA… is not a web address; insert it with the image picker'), // prettier-ignore
    newCase: true,
  },
  {
    name: 'a script in an attribute after a base64 run in an attribute name',
    content: `<p base64,${'A'.repeat(1200)}/onclick=steal()>Click</p>`,
    refusal: refused('scripts in attributes (onclick and the like) cannot run on the site; remove them'), // prettier-ignore
    newCase: true,
  },
  {
    name: 'elements nested 100,000 deep',
    content: `${'<div>'.repeat(100_000)}Deep.`,
    refusal: refused('the body nests elements more than 200 deep; paste it as plain text and format it again'), // prettier-ignore
    newCase: true,
  },
  {
    name: 'a pasted GIF of five 7,000 × 7,000 frames, a few dozen bytes',
    content: pasted('image/gif', base64(gifFrames(7000, 7000, 5))),
    refusal: refused('a pasted picture is 245 megapixels in 5 frames, over the 50 megapixels limit; insert it with the image picker instead'), // prettier-ignore
    newCase: true,
    hook: 'A pasted picture is 245 megapixels in 5 frames, over the 50 megapixels limit: paste a smaller one.', // prettier-ignore
  },
  {
    name: '41 pictures',
    content: '<p><img src="https://www.sars.gov.za/logo.png" alt=""></p>'.repeat(41),
    refusal: refused('the post has 41 pictures, over the limit of 40; remove some'),
    newCase: true,
  },
  {
    name: 'what the site shows: colours, web, PocketBase and pasted pictures',
    content:
      '<p style="text-align: center"><span style="color: #e03e2d">Red</span> words.</p>' +
      '<p><img src="https://www.sars.gov.za/logo.png" alt=""></p>' +
      '<p><img src="/api/files/blogs/abc/y.png" alt=""></p>' +
      pasted('image/png', TINY_PNG) +
      '<p><img src="https://www.sars.gov.za/logo.png" alt=""></p>'.repeat(37),
    refusal: undefined,
  },
];

/** A body over LIMITS.bodyMaxBytes (1 MB) in UTF-8 bytes, not in characters: no save takes it. */
export const OVERSIZED_BODY = `<p>${'é'.repeat(0.6 * 1024 * 1024)}</p>`;
export const OVERSIZED_BODY_REFUSAL =
  'The body is 1.2 MB, over the 1 MB limit: split the post, or paste long text as plain text (text pasted from Word or Excel brings its formatting).';

/** A banner or body picture PocketBase stores, over the pixel cap, and its refusals. */
export const HUGE_PICTURE = pngHeader(10_000, 6_000, 4096);
export const HUGE_BANNER_REFUSAL = refused(
  'the banner image is 60 megapixels, over the 50 megapixels limit; upload a smaller one',
);
export const hugeFileRefusal = (name: string) =>
  refused(`picture ${name} is 60 megapixels, over the 50 megapixels limit; make it smaller`);
