import { z } from 'astro/zod';
import { removeNonXmlCharacters } from '@/lib/xmlCharacters';
import { RESERVED_SLUGS, SLUG_PATTERN } from '@/lib/blog/slugs';

/** A CMS text field, without the characters XML forbids, so RSS and JSON-LD stay well-formed. */
function cmsText<T extends z.ZodType>(schema: T) {
  return z.preprocess(
    (value) => (typeof value === 'string' ? removeNonXmlCharacters(value) : value),
    schema,
  );
}

/**
 * A record id as PocketBase generates it: 15 characters of a–z and 0–9. PocketBase 0.22 also
 * accepts ids an editor or script chooses, with `?`, `%` or `<`: those would make pages whose
 * links answer 404 and break the sitemap, so a record with another id is left out.
 */
export const pocketBaseId = z
  .string()
  .regex(/^[a-z0-9]{15}$/, 'not an id PocketBase generates (15 characters of a-z and 0-9)');

/** Text that may be missing and then reads as empty text. */
const optionalText = z
  .string()
  .nullish()
  .transform((value) => value ?? '');

/** PocketBase writes "2025-07-01 12:00:00.123Z"; a Date survives the content store intact. */
const pocketBaseDate = z.coerce.date<string>().refine((date) => !Number.isNaN(date.getTime()), {
  message: 'Invalid date',
});

/** "" (PocketBase's empty date) or a date. */
const optionalPocketBaseDate = z
  .string()
  .nullish()
  .transform((value) => (value ? value : undefined))
  .pipe(pocketBaseDate.optional());

/** Optional text, trimmed: empty and missing both read as undefined. */
const optionalTrimmedText = z
  .string()
  .nullish()
  .transform((value) => value?.trim() || undefined);

/** Whether text is a post's slug: the pattern PocketBase checks, and not one of the blog's own. */
const isPostSlug = (text: string) => SLUG_PATTERN.test(text) && !RESERVED_SLUGS.includes(text);

/** A blog record as PocketBase's list API returns it (fields the site reads). */
export const blogRecordSchema = z.object({
  id: pocketBaseId,
  collectionId: z.string(),
  title: cmsText(z.string().trim().min(1)),
  /**
   * Its address, /blog/<slug>, which PocketBase makes at save (pb_hooks/post-slugs.pb.js). Empty
   * only in a PocketBase before that migration: the post keeps its id as its address.
   */
  slug: z
    .string()
    .nullish()
    .refine((slug) => !slug || isPostSlug(slug), {
      message: "not a post's slug (lowercase letters, digits and dashes; not the blog's own)",
    }),
  /** The slugs it had while live, whose addresses lead to it; PocketBase keeps them. */
  earlier_slugs: z
    .unknown()
    .optional()
    .transform((value) =>
      Array.isArray(value)
        ? value.filter((slug): slug is string => typeof slug === 'string' && isPostSlug(slug))
        : [],
    ),
  content: cmsText(optionalText),
  banner_image: z.string().nullish(),
  created: pocketBaseDate,
  updated: pocketBaseDate,
  published: z.boolean().default(false),
  published_at: optionalPocketBaseDate,
  excerpt: cmsText(optionalTrimmedText),
  banner_alt: cmsText(optionalTrimmedText),
  featured: z.boolean().default(false),
  /** Its topics: ids of `topics` records (an id no topic has any more is ignored by the pages). */
  topics: z.array(z.string()).default([]),
  /** Its authors: ids of `authors` records; none reads as the site's team. */
  authors: z.array(z.string()).default([]),
});

/** A picture in the loader's image cache (src/cms/images/imageCache.ts), with its size. */
const cachedPictureSchema = z.object({
  file: z.string().regex(/^[0-9a-f]{64}\.[a-z]+$/),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});

/** A blogs collection entry: the record plus every derived field, computed once by the loader. */
export const blogSchema = z.object({
  title: z.string(),
  /** Its address: /blog/<slug> (lib/blog/paths.ts postPath). */
  slug: z.string(),
  /** Its id's and these slugs' addresses answer 301 with its own (lib/blog/redirects.ts). */
  earlierSlugs: z.array(z.string()),
  /**
   * Its sanitised HTML body's file in the loader's folder (cms/postHtml.ts; bodies stay out of the
   * store Astro bundles): safe for set:html once PostBody has turned its picture markers into
   * optimised images.
   */
  htmlFile: z.string().regex(/^[0-9a-f]{64}\.html$/),
  /** Its `h2` and `h3` headings, in order: the ids anchorHeadings gave them, for the contents. */
  headings: z.array(
    z.object({ depth: z.union([z.literal(2), z.literal(3)]), id: z.string(), text: z.string() }),
  ),
  /** The cached files the body's pictures use. */
  pictures: z.array(z.string()),
  /** The editor's excerpt, else one derived from the body; also the page's meta description. */
  excerpt: z.string(),
  readTime: z.string().regex(/^\d+ min read$/),
  /** The post's date: published_at; in a draft preview, a draft's last save. */
  date: pocketBaseDate,
  /** "July 1, 2025" (UTC), from `date`. */
  displayDate: z.string(),
  updated: pocketBaseDate,
  /** Always "published" in production; drafts and scheduled posts appear in previews only. */
  status: z.enum(['published', 'scheduled', 'draft']),
  banner: cachedPictureSchema.optional(),
  /** The banner's alt text: empty when the editor gave none (the banner is then decorative). */
  bannerAlt: z.string(),
  /** The editor asked for this post to lead the blog (see lib/blog/featured.ts). */
  featured: z.boolean(),
  /** Its topics: ids of `topics` entries. */
  topics: z.array(z.string()),
  /** Its authors: ids of `authors` entries. */
  authors: z.array(z.string()),
  /**
   * What the build left out of or changed in it (a picture it could not fetch, an embed, a
   * script, colours): kept with the entry, so every build's summary names them, warm or not.
   */
  warnings: z.array(z.string()),
});
export type BlogData = z.infer<typeof blogSchema>;

/** A topic (`topics` record): editors manage them in PocketBase; the migration checks the slug. */
export const topicRecordSchema = z.object({
  id: pocketBaseId,
  name: cmsText(z.string().trim().min(1)),
  slug: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
  description: cmsText(optionalTrimmedText),
});

export const topicSchema = z.object({
  name: z.string(),
  /** Its address: /blog/topic/<slug>. */
  slug: z.string(),
  description: z.string().optional(),
});
export type TopicData = z.infer<typeof topicSchema>;

/** An author (`authors` record): a name and slug, and optionally credentials, a bio, an avatar. */
export const authorRecordSchema = z.object({
  id: pocketBaseId,
  collectionId: z.string(),
  name: cmsText(z.string().trim().min(1)),
  slug: topicRecordSchema.shape.slug,
  role: cmsText(optionalTrimmedText),
  bio: cmsText(optionalTrimmedText),
  avatar: z.string().nullish(),
});

export const authorSchema = z.object({
  name: z.string(),
  /** Their page: /blog/author/<slug>. */
  slug: z.string(),
  /** Role or credentials, as "CA(SA), Tax Partner". */
  role: z.string().optional(),
  bio: z.string().optional(),
  /** The avatar: a file in the loader's image cache. */
  avatar: cachedPictureSchema.shape.file.optional(),
});
export type AuthorData = z.infer<typeof authorSchema>;

/** A testimonial record: every text may be missing and then reads as empty text. */
export const testimonialRecordSchema = z.object({
  id: pocketBaseId,
  collectionId: z.string(),
  quote: cmsText(optionalText),
  author: cmsText(optionalText),
  position: cmsText(optionalText),
  company: cmsText(optionalText),
  avatar: z.string().nullish(),
  published: z.boolean().default(false),
});

export const testimonialSchema = z.object({
  quote: z.string(),
  author: z.string(),
  position: z.string(),
  company: z.string(),
  /** The avatar: a file in the loader's image cache. */
  avatar: cachedPictureSchema.shape.file.optional(),
  /** Unpublished: shown in draft previews only. */
  draft: z.boolean(),
  /** Ordering within the collection (the store keeps insertion order, this makes it explicit). */
  order: z.number().int().nonnegative(),
});
export type TestimonialData = z.infer<typeof testimonialSchema>;

/**
 * The blog's load state (src/cms/blogLoadState.ts): whether it can be read, and if not why, for
 * the blog page's "Failed to load blogs" in dev.
 */
export const blogLoadStateSchema = z.object({
  ok: z.boolean(),
  message: z.string().optional(),
});
export type BlogLoadState = z.infer<typeof blogLoadStateSchema>;
