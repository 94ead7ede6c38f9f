/**
 * Posts with pictures for the bench's builds: each post its own photo-like 1200×630 JPEG banner
 * and every third post a second picture in its body, uploaded to PocketBase as an editor would.
 */
import pLimit from 'p-limit';
import sharp from 'sharp';

const BANNER = { width: 1200, height: 630 };
const BODY = { width: 1000, height: 560 };
const CONCURRENCY = 8;

/**
 * A JPEG that compresses and transforms like a photograph, not like a flat colour: a small field
 * of random colours (seeded, so each index differs) enlarged into soft shapes and gradients.
 * @param {number} seed
 * @param {{ width: number, height: number }} size
 */
export async function photoLikeJpeg(seed, { width, height } = BANNER) {
  const cells = { width: 32, height: 17 };
  const raw = Buffer.alloc(cells.width * cells.height * 3);
  let state = (seed * 2654435761 + 12345) >>> 0;
  for (let index = 0; index < raw.length; index += 1) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    raw[index] = state >>> 24;
  }
  return sharp(raw, { raw: { ...cells, channels: 3 } })
    .resize(width, height, { kernel: 'cubic' })
    .jpeg({ quality: 82 })
    .toBuffer();
}

/** @param {Buffer} data @param {string} name */
const jpegFile = (data, name) => new File([new Uint8Array(data)], name, { type: 'image/jpeg' });

/**
 * Creates `count` published posts with pictures, numbered from `first`.
 * @param {import('pocketbase').default} pb an admin client
 * @param {number} count
 * @param {{ first?: number, content: (index: number) => string, title: (index: number) => string }} make
 */
export async function createPostsWithPictures(pb, count, { first = 0, content, title }) {
  const create = async (/** @type {number} */ index) => {
    const withBody = index % 3 === 0;
    const record = await pb.collection('blogs').create(
      {
        title: title(index),
        content: content(index),
        published: true,
        banner_image: jpegFile(await photoLikeJpeg(index), `banner-${index}.jpg`),
        ...(withBody && {
          images: jpegFile(await photoLikeJpeg(index + 1e6, BODY), `body-${index}.jpg`),
        }),
      },
      { requestKey: null },
    );
    if (!withBody) return;
    const src = `/api/files/${record.collectionId}/${record.id}/${record.images[0]}`;
    const figure = `<p><img src="${src}" alt="Figure ${index + 1}"></p>`;
    await pb
      .collection('blogs')
      .update(record.id, { content: content(index) + figure }, { requestKey: null });
  };
  const limit = pLimit(CONCURRENCY);
  await Promise.all(Array.from({ length: count }, (_, n) => limit(() => create(first + n))));
}
