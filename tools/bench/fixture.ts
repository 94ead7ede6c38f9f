/**
 * The bench's posts: about 600 words each, with its own photo-like 1200×630 JPEG banner and, every
 * third post, a second picture in its body, uploaded to PocketBase as an editor would; and posts
 * whose banners are photos as a phone takes them.
 */
import pLimit from 'p-limit';
import type PocketBase from 'pocketbase';
import sharp from 'sharp';

const BANNER = { width: 1200, height: 630 };
const BODY = { width: 1000, height: 560 };
const PHONE = { width: 4032, height: 3024 };

/** A post body of a realistic length, so rendering has real work to do. */
export function benchPost(index: number) {
  const n = index + 1;
  const paragraph =
    'Provisional tax, VAT returns and PAYE reconciliations follow a calendar that leaves little ' +
    'room for error. This paragraph stands in for the advice a practitioner would write, with ' +
    '<strong>emphasis</strong>, <a href="https://www.sars.gov.za/">a link to SARS</a> and a list.';
  const section = (s: number) =>
    `<h2>Part ${s + 1} of post ${n}</h2><p>${paragraph}</p><p>${paragraph}</p>` +
    '<ul><li>Gather the supporting schedules</li><li>Reconcile to the ledger</li><li>File on eFiling</li></ul>';
  return {
    title: `Bench post ${n}: tax practice note ${n}`,
    content: Array.from({ length: 6 }, (_, s) => section(s)).join(''),
    published: true,
  };
}

/**
 * A small field of random colours (seeded, so each seed differs) enlarged to `size` into soft
 * shapes and gradients, as raw RGB: it compresses and transforms like a photograph, not like a
 * flat colour.
 */
async function softShapes(seed: number, size: { width: number; height: number }) {
  const cells = { width: 32, height: 17 };
  const raw = Buffer.alloc(cells.width * cells.height * 3);
  let state = (seed * 2654435761 + 12345) >>> 0;
  for (let index = 0; index < raw.length; index += 1) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    raw[index] = state >>> 24;
  }
  return sharp(raw, { raw: { ...cells, channels: 3 } })
    .resize(size.width, size.height, { kernel: 'cubic' })
    .raw()
    .toBuffer();
}

const jpegFile = (jpeg: Buffer, name: string) =>
  new File([new Uint8Array(jpeg)], name, { type: 'image/jpeg' });

/** A photo-like JPEG of `size`, as an editor's prepared web banner is. */
async function photoLikeJpeg(seed: number, size = BANNER) {
  const jpeg = await sharp(await softShapes(seed, size), { raw: { ...size, channels: 3 } })
    .jpeg({ quality: 82 })
    .toBuffer();
  return jpegFile(jpeg, `picture-${seed}.jpg`);
}

/** Creates `count` published bench posts with pictures, eight at a time. */
export async function createPostsWithPictures(pb: PocketBase, count: number) {
  const create = async (index: number) => {
    const post = benchPost(index);
    const withBody = index % 3 === 0;
    const record = await pb.collection('blogs').create(
      {
        ...post,
        banner_image: await photoLikeJpeg(index),
        ...(withBody && { pictures: await photoLikeJpeg(index + 1e6, BODY) }),
      },
      { requestKey: null },
    );
    if (!withBody) return;
    const src = `/api/files/${record.collectionId}/${record.id}/${record.pictures[0]}`;
    const figure = `<p><img src="${src}" alt="Figure ${index + 1}"></p>`;
    await pb
      .collection('blogs')
      .update(record.id, { content: post.content + figure }, { requestKey: null });
  };
  const limit = pLimit(8);
  await Promise.all(Array.from({ length: count }, (_, index) => limit(() => create(index))));
}

/**
 * Creates `count` published bench posts, each with a photo as a phone takes it as its banner:
 * 4,032 × 3,024, JPEG at quality 90, about 1.6 MB, uploaded as it came. Each photo is its own
 * (soft shapes from its seed) under the same sensor grain, which is what makes it that large.
 */
export async function createPostsWithPhotos(pb: PocketBase, count: number) {
  const grain = await sharp({
    create: {
      ...PHONE,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 0, sigma: 6 },
    },
  })
    .raw()
    .toBuffer();
  const photo = async (seed: number) => {
    const pixels = await softShapes(seed, PHONE);
    for (let index = 0; index < pixels.length; index += 1)
      pixels[index] = Math.min(255, pixels[index]! + grain[index]!);
    const jpeg = await sharp(pixels, { raw: { ...PHONE, channels: 3 } })
      .jpeg({ quality: 90 })
      .toBuffer();
    return jpegFile(jpeg, `photo-${seed}.jpg`);
  };
  // Two at a time: each photo is 36 MB of pixels while it is drawn.
  const limit = pLimit(2);
  const create = async (index: number) =>
    pb
      .collection('blogs')
      .create({ ...benchPost(index), banner_image: await photo(index) }, { requestKey: null });
  await Promise.all(Array.from({ length: count }, (_, index) => limit(() => create(index))));
}
