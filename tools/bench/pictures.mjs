/**
 * Posts with pictures for the bench's builds: each post its own photo-like 1200×630 JPEG banner
 * and every third post a second picture in its body, uploaded to PocketBase as an editor would.
 */
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

const jpegBlob = (data) => new Blob([new Uint8Array(data)], { type: 'image/jpeg' });

/**
 * Creates `count` published posts with pictures, numbered from `first`.
 * @param {import('pocketbase').default} pb an admin client
 * @param {number} count
 * @param {{ first?: number, content: (index: number) => string, title: (index: number) => string }} make
 */
export async function createPostsWithPictures(pb, count, { first = 0, content, title }) {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = first + next;
      next += 1;
      const form = new FormData();
      form.set('title', title(index));
      form.set('content', content(index));
      form.set('published', 'true');
      form.set('banner_image', jpegBlob(await photoLikeJpeg(index)), `banner-${index}.jpg`);
      const withBody = index % 3 === 0;
      if (withBody)
        form.append(
          'images',
          jpegBlob(await photoLikeJpeg(index + 1e6, BODY)),
          `body-${index}.jpg`,
        );
      const record = await pb.collection('blogs').create(form, { requestKey: null });
      if (withBody) {
        const src = `/api/files/${record.collectionId}/${record.id}/${record.images[0]}`;
        await pb
          .collection('blogs')
          .update(
            record.id,
            { content: `${content(index)}<p><img src="${src}" alt="Figure ${index + 1}"></p>` },
            { requestKey: null },
          );
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, count) }, worker));
}
