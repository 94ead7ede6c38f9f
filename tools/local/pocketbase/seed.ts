/**
 * The sample content in pocketbase/seed: loaded once into an empty PocketBase by `npm start`,
 * `npm run dev`, the bench and the tests that ask for it.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { PROJECT_ROOT } from '../../shared/paths.ts';

type Logger = (message: string) => void;

export const SEED_DIR = path.join(PROJECT_ROOT, 'pocketbase', 'seed');

/**
 * An entry of blogs.json: a blogs record by PocketBase's own field names, its files named by their
 * paths relative to pocketbase/seed/ and its topics and authors by their slugs, and the keys only
 * the seed has (`file`, `publishedDaysAgo`, `scheduledInDays`).
 */
export interface SeedBlog {
  title: string;
  /** Its address, /blog/<slug>; none: PocketBase makes it from the title. */
  slug?: string;
  /**
   * HTML body. A picture's `src="seed-picture:pictures/x.png"` names one of `pictures`; the seeder
   * points it at the uploaded file.
   */
  file: string;
  /** null: no banner. */
  banner_image?: string | null;
  banner_alt?: string;
  /** The editor's excerpt. */
  excerpt?: string;
  /** Pictures for the body. */
  pictures?: string[];
  /** Ticked: the blog leads with the newest public featured post. */
  featured?: boolean;
  /** Slugs of its topics, from topics.json. */
  topics?: string[];
  /** Slugs of its authors, from authors.json; none: "Ledgerwise Team". */
  authors?: string[];
  /** Published, dated this many days before the seed ran. */
  publishedDaysAgo?: number;
  /** Scheduled: published, dated this many days ahead. Neither: a draft. */
  scheduledInDays?: number;
}

export interface SeedTestimonial {
  quote: string;
  author: string;
  position: string;
  company: string;
  /** A picture, relative to pocketbase/seed/; null: no avatar. */
  avatar?: string | null;
}

const SEED_PICTURE = /seed-picture:([^"'\s>]+)/g;
const DAY_MS = 86_400_000;

function mimeTypeOf(file: string): string {
  const ext = path.extname(file).toLowerCase();
  return ext === '.webp' ? 'image/webp' : ext === '.png' ? 'image/png' : 'image/jpeg';
}

async function readSeedFile(relative: string, seedDir: string): Promise<File> {
  const data = await readFile(path.join(seedDir, relative));
  return new File([data], path.basename(relative), {
    type: mimeTypeOf(relative),
  });
}

interface SeedTopic {
  name: string;
  slug: string;
  description: string;
}

interface SeedAuthor {
  name: string;
  slug: string;
  role: string;
  bio: string;
  /** A picture, relative to pocketbase/seed/. */
  avatar: string;
}

/**
 * A seed collection whose records have a slug (topics, authors): each created unless one with
 * its slug exists (a seed interrupted after them runs again). Resolves to slug → record id.
 */
async function seedBySlug<T extends { slug: string }>(
  pb: PocketBase,
  collection: string,
  items: T[],
  toRecord: (item: T) => Promise<object>,
): Promise<Map<string, string>> {
  const existing = await pb.collection(collection).getFullList({ fields: 'id,slug' });
  const ids = new Map(existing.map((record) => [record.slug, record.id]));
  for (const item of items) {
    if (ids.has(item.slug)) continue;
    ids.set(item.slug, (await pb.collection(collection).create(await toRecord(item))).id);
  }
  return ids;
}

/** The record ids of a post's slugs. */
function idsOf(ids: Map<string, string>, slugs: string[] = [], where: string): string[] {
  return slugs.map((slug) => {
    const id = ids.get(slug);
    if (!id) throw new Error(`${where}: "${slug}" is not in the seed.`);
    return id;
  });
}

/**
 * A seed post's publishing fields: dates relative to today (09:00 in South Africa), so the seed
 * always looks recent.
 */
function seedPublishing(
  item: Pick<SeedBlog, 'publishedDaysAgo' | 'scheduledInDays'>,
  now = new Date(),
): { published: boolean; published_at: string } {
  const days =
    item.publishedDaysAgo ??
    (item.scheduledInDays === undefined ? undefined : -item.scheduledInDays);
  if (days === undefined) return { published: false, published_at: '' };
  const morning = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 7);
  return { published: true, published_at: new Date(morning - days * DAY_MS).toISOString() };
}

/**
 * The body's `seed-picture:` sources pointed at the record's uploaded files, as root-relative
 * `/api/files/…` paths: they stay right when the local PocketBase moves to another port.
 * `sources`: the seed paths of `pictures`, in upload order.
 */
function pointAtUploads(html: string, record: RecordModel, sources: string[]): string {
  return html.replace(SEED_PICTURE, (_, source: string) => {
    const index = sources.indexOf(source);
    if (index < 0)
      throw new Error(`${source} is used in a seed post but not listed in its pictures.`);
    return `/api/files/${record.collectionId}/${record.id}/${record.pictures[index]}`;
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
 * `pb`: logged in as an admin (what ensureAdmin resolves to).
 */
export async function seedPocketBase({
  pb,
  log = () => {},
  seedDir = SEED_DIR,
}: {
  pb: PocketBase;
  log?: Logger;
  seedDir?: string;
}): Promise<{ seeded: boolean; blogs: number; testimonials: number }> {
  const existing = await pb.collection('blogs').getList(1, 1, { skipTotal: false });
  if (existing.totalItems > 0) {
    log(`PocketBase already has ${existing.totalItems} blog posts: seed skipped.`);
    return { seeded: false, blogs: 0, testimonials: 0 };
  }

  const read = async (name: string) => JSON.parse(await readFile(path.join(seedDir, name), 'utf8'));
  const testimonials: SeedTestimonial[] = await read('testimonials.json');
  const blogs: SeedBlog[] = await read('blogs.json');
  const topics: SeedTopic[] = await read('topics.json');
  const authors: SeedAuthor[] = await read('authors.json');

  // Records are plain objects: the SDK sends one with a File in it as multipart form data.
  for (const { avatar, ...text } of testimonials) {
    await pb.collection('testimonials').create({
      ...text,
      published: true,
      ...(avatar && { avatar: await readSeedFile(avatar, seedDir) }),
    });
  }
  const topicIds = await seedBySlug(pb, 'topics', topics, async (topic) => topic);
  const authorIds = await seedBySlug(pb, 'authors', authors, async ({ avatar, ...text }) => ({
    ...text,
    avatar: await readSeedFile(avatar, seedDir),
  }));
  for (const item of blogs) {
    // The seed's own keys, and the fields whose values name files and records; the rest (title,
    // excerpt, banner_alt, featured) go to PocketBase as they are.
    const { file, publishedDaysAgo, scheduledInDays, banner_image, pictures = [], ...rest } = item;
    const content = await readFile(path.join(seedDir, file), 'utf8');
    const publishing = seedPublishing({ publishedDaysAgo, scheduledInDays });
    const fields = {
      ...rest,
      topics: idsOf(topicIds, rest.topics, file),
      authors: idsOf(authorIds, rest.authors, file),
      ...(banner_image && { banner_image: await readSeedFile(banner_image, seedDir) }),
    };
    if (pictures.length === 0) {
      await pb.collection('blogs').create({ ...fields, content, ...publishing });
    } else {
      // Created as a draft with its pictures, then given the body that names them, and published.
      const record = await pb.collection('blogs').create({
        ...fields,
        pictures: await Promise.all(pictures.map((picture) => readSeedFile(picture, seedDir))),
      });
      await pb
        .collection('blogs')
        .update(record.id, { content: pointAtUploads(content, record, pictures), ...publishing });
    }
  }
  const drafts = blogs.filter((item) => !seedPublishing(item).published).length;
  log(
    `Seeded PocketBase with ${blogs.length} blog posts (${drafts} draft, ` +
      `${blogs.filter((item) => item.scheduledInDays !== undefined).length} scheduled) and ` +
      `${testimonials.length} testimonials, in ${topics.length} topics, by ${authors.length} authors.`,
  );
  return {
    seeded: true,
    blogs: blogs.length,
    testimonials: testimonials.length,
  };
}
