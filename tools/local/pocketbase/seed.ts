/**
 * The sample content in pocketbase/seed: loaded once into an empty PocketBase by `npm start`,
 * `npm run dev`, the bench and the tests that ask for it.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PROJECT_ROOT } from '../../shared/paths.ts';

/** @typedef {(message: string) => void} Logger */

export const SEED_DIR = path.join(PROJECT_ROOT, 'pocketbase', 'seed');

/**
 * @typedef {object} SeedBlog
 * @property {string} title
 * @property {string} file HTML body, relative to pocketbase/seed/. An image's
 *   `src="seed-image:images/x.png"` names one of `images`; the seeder points it at the uploaded file.
 * @property {string | null} [banner] Image, relative to pocketbase/seed/; null = no banner.
 * @property {string} [bannerAlt] The banner's alt text.
 * @property {string} [excerpt] The editor's excerpt.
 * @property {string[]} [images] Pictures for the body, relative to pocketbase/seed/.
 * @property {boolean} [featured] Ticked: the blog leads with the newest public featured post.
 * @property {string[]} [tags] Slugs of its topics, from tags.json.
 * @property {string[]} [authors] Slugs of its authors, from authors.json; none: "Ledgerwise Team".
 * @property {number} [publishedDaysAgo] Published, dated this many days before the seed ran.
 * @property {number} [scheduledInDays] Scheduled: published, dated this many days ahead.
 *   Neither: a draft.
 */

/**
 * @typedef {object} SeedTestimonial
 * @property {string} quote
 * @property {string} author
 * @property {string} position
 * @property {string} company
 * @property {string | null} [avatar] Image, relative to pocketbase/seed/; null = no avatar.
 */

const SEED_IMAGE = /seed-image:([^"'\s>]+)/g;
const DAY_MS = 86_400_000;

/** @param {string} file */
function mimeTypeOf(file) {
  const ext = path.extname(file).toLowerCase();
  return ext === '.webp' ? 'image/webp' : ext === '.png' ? 'image/png' : 'image/jpeg';
}

/**
 * @param {string} relative
 * @param {string} seedDir
 */
async function readSeedFile(relative, seedDir) {
  const data = await readFile(path.join(seedDir, relative));
  return new File([data], path.basename(relative), {
    type: mimeTypeOf(relative),
  });
}

/**
 * @typedef {object} SeedTag
 * @property {string} name
 * @property {string} slug
 * @property {string} description
 */

/**
 * @typedef {object} SeedAuthor
 * @property {string} name
 * @property {string} slug
 * @property {string} role
 * @property {string} bio
 * @property {string} avatar Image, relative to pocketbase/seed/.
 */

/**
 * A seed collection whose records have a slug (topics, authors): each created unless one with
 * its slug exists (a seed interrupted after them runs again).
 * @param {import('pocketbase').default} pb
 * @param {string} collection
 * @param {{ slug: string }[]} items
 * @param {(item: any) => Promise<Record<string, unknown>>} toRecord
 * @returns {Promise<Map<string, string>>} slug → record id
 */
async function seedBySlug(pb, collection, items, toRecord) {
  const existing = await pb.collection(collection).getFullList({ fields: 'id,slug' });
  const ids = new Map(existing.map((record) => [record.slug, record.id]));
  for (const item of items) {
    if (ids.has(item.slug)) continue;
    ids.set(item.slug, (await pb.collection(collection).create(await toRecord(item))).id);
  }
  return ids;
}

/**
 * The record ids of a post's slugs.
 * @param {Map<string, string>} ids
 * @param {string[] | undefined} slugs
 * @param {string} where
 */
function idsOf(ids, slugs = [], where) {
  return slugs.map((slug) => {
    const id = ids.get(slug);
    if (!id) throw new Error(`${where}: "${slug}" is not in the seed.`);
    return id;
  });
}

/**
 * A seed post's publishing fields: dates relative to today (09:00 in South Africa), so the seed
 * always looks recent.
 * @param {SeedBlog} item
 * @returns {{ published: boolean, published_at: string }}
 */
function seedPublishing(item, now = new Date()) {
  const days =
    item.publishedDaysAgo ??
    (item.scheduledInDays === undefined ? undefined : -item.scheduledInDays);
  if (days === undefined) return { published: false, published_at: '' };
  const morning = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 7);
  return { published: true, published_at: new Date(morning - days * DAY_MS).toISOString() };
}

/**
 * The body's `seed-image:` sources pointed at the record's uploaded files, as root-relative
 * `/api/files/…` paths: they stay right when the local PocketBase moves to another port.
 * @param {string} html
 * @param {import('pocketbase').RecordModel} record
 * @param {string[]} sources The seed paths of `images`, in upload order.
 */
function pointAtUploads(html, record, sources) {
  return html.replace(SEED_IMAGE, (_, source) => {
    const index = sources.indexOf(source);
    if (index < 0)
      throw new Error(`${source} is used in a seed post but not listed in its images.`);
    return `/api/files/${record.collectionId}/${record.id}/${record.images[index]}`;
  });
}

/**
 * Load pocketbase/seed into a PocketBase whose migrations ran. Does nothing if the blogs
 * collection already has records, so it is safe to call on every start.
 *
 * Posts carry their own dates (published_at, relative to today), so the order of blogs.json
 * does not matter to the site. One is a draft and one is scheduled, to show the editorial
 * workflow. A post with pictures in its body is created as a draft with its files, then given
 * its body (which names the uploaded files) and published, so the rebuild hook sends one rebuild
 * for it. Testimonials, topics and authors are created before blogs, so a seed interrupted
 * half-way leaves blogs empty and is retried (topics and authors that exist are reused, by slug).
 *
 * @param {{ pb: import('pocketbase').default, log?: Logger, seedDir?: string }} options
 *   `pb`: logged in as an admin (what ensureAdmin resolves to).
 * @returns {Promise<{ seeded: boolean, blogs: number, testimonials: number }>}
 */
export async function seedPocketBase({ pb, log = () => {}, seedDir = SEED_DIR }) {
  const existing = await pb.collection('blogs').getList(1, 1, { skipTotal: false });
  if (existing.totalItems > 0) {
    log(`PocketBase already has ${existing.totalItems} blog posts: seed skipped.`);
    return { seeded: false, blogs: 0, testimonials: 0 };
  }

  /** @type {SeedTestimonial[]} */
  const testimonials = JSON.parse(await readFile(path.join(seedDir, 'testimonials.json'), 'utf8'));
  /** @type {SeedBlog[]} */
  const blogs = JSON.parse(await readFile(path.join(seedDir, 'blogs.json'), 'utf8'));
  /** @type {SeedTag[]} */
  const tags = JSON.parse(await readFile(path.join(seedDir, 'tags.json'), 'utf8'));
  /** @type {SeedAuthor[]} */
  const authors = JSON.parse(await readFile(path.join(seedDir, 'authors.json'), 'utf8'));

  // Records are plain objects: the SDK sends one with a File in it as multipart form data.
  for (const { avatar, ...text } of testimonials) {
    await pb.collection('testimonials').create({
      ...text,
      published: true,
      ...(avatar && { avatar: await readSeedFile(avatar, seedDir) }),
    });
  }
  const tagIds = await seedBySlug(pb, 'tags', tags, async (tag) => tag);
  const authorIds = await seedBySlug(pb, 'authors', authors, async ({ avatar, ...text }) => ({
    ...text,
    avatar: await readSeedFile(avatar, seedDir),
  }));
  for (const item of blogs) {
    const content = await readFile(path.join(seedDir, item.file), 'utf8');
    const publishing = seedPublishing(item);
    const images = item.images ?? [];
    const fields = {
      title: item.title,
      banner_alt: item.bannerAlt ?? '',
      excerpt: item.excerpt ?? '',
      featured: Boolean(item.featured),
      tags: idsOf(tagIds, item.tags, item.file),
      authors: idsOf(authorIds, item.authors, item.file),
      ...(item.banner && { banner_image: await readSeedFile(item.banner, seedDir) }),
    };
    if (images.length === 0) {
      await pb.collection('blogs').create({ ...fields, content, ...publishing });
    } else {
      // Created as a draft with its pictures, then given the body that names them, and published.
      const record = await pb.collection('blogs').create({
        ...fields,
        images: await Promise.all(images.map((image) => readSeedFile(image, seedDir))),
      });
      await pb
        .collection('blogs')
        .update(record.id, { content: pointAtUploads(content, record, images), ...publishing });
    }
  }
  const drafts = blogs.filter((item) => !seedPublishing(item).published).length;
  log(
    `Seeded PocketBase with ${blogs.length} blog posts (${drafts} draft, ` +
      `${blogs.filter((item) => item.scheduledInDays !== undefined).length} scheduled) and ` +
      `${testimonials.length} testimonials, in ${tags.length} topics, by ${authors.length} authors.`,
  );
  return {
    seeded: true,
    blogs: blogs.length,
    testimonials: testimonials.length,
  };
}
