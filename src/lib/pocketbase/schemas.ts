import { z } from 'astro/zod';
import { removeControlCharacters } from '@/lib/controlCharacters';

/** A CMS text field, its control characters removed first so RSS and JSON-LD stay well-formed. */
function cmsText<T extends z.ZodTypeAny>(schema: T) {
  return z.preprocess(
    (value) => (typeof value === 'string' ? removeControlCharacters(value) : value),
    schema,
  );
}

/** Text that may be missing and then reads as empty text. */
const optionalText = z
  .string()
  .nullish()
  .transform((value) => value ?? '');

/** PocketBase writes "2025-07-01 12:00:00.123Z"; a Date survives the content store intact. */
const pocketBaseDate = z.coerce.date().refine((date) => !Number.isNaN(date.getTime()), {
  message: 'Invalid date',
});

/** A banner or avatar on PocketBase, with the size Astro needs to optimise it at build time. */
export const remoteImageSchema = z.object({
  src: z.string().url(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export type RemoteImage = z.infer<typeof remoteImageSchema>;

/** A blog record as PocketBase's list API returns it (fields the site reads). */
export const blogRecordSchema = z.object({
  id: z.string().min(1),
  collectionId: z.string(),
  title: cmsText(z.string().trim().min(1)),
  content: cmsText(optionalText),
  banner_image: z.string().nullish(),
  created: pocketBaseDate,
  updated: pocketBaseDate,
});
export type BlogRecord = z.infer<typeof blogRecordSchema>;

/** A blogs collection entry: the record plus every derived field, computed once by the loader. */
export const blogSchema = z.object({
  title: z.string(),
  /** Sanitised HTML body: safe for set:html. */
  html: z.string(),
  excerpt: z.string(),
  readTime: z.string().regex(/^\d+ min read$/),
  /** "July 1, 2025" (UTC). */
  displayDate: z.string(),
  created: pocketBaseDate,
  updated: pocketBaseDate,
  banner: remoteImageSchema.optional(),
});
export type BlogData = z.infer<typeof blogSchema>;

/** A testimonial record: every text may be missing and then reads as empty text (spec §3). */
export const testimonialRecordSchema = z.object({
  id: z.string().min(1),
  collectionId: z.string(),
  quote: cmsText(optionalText),
  author: cmsText(optionalText),
  position: cmsText(optionalText),
  company: cmsText(optionalText),
  avatar: z.string().nullish(),
});

export const testimonialSchema = z.object({
  quote: z.string(),
  author: z.string(),
  position: z.string(),
  company: z.string(),
  avatar: remoteImageSchema.optional(),
  /** Entrance animation delay in ms, from the testimonial's position. */
  delay: z.number().int().nonnegative(),
  /** Ordering within the collection (the store keeps insertion order, this makes it explicit). */
  order: z.number().int().nonnegative(),
  /** True for the built-in samples shown when PocketBase has none or cannot be reached. */
  sample: z.boolean(),
});
export type TestimonialData = z.infer<typeof testimonialSchema>;

/** The outcome of the last blog load, for the page's "Failed to load blogs" state in dev. */
export const blogStatusSchema = z.object({
  ok: z.boolean(),
  message: z.string().optional(),
});
export type BlogStatus = z.infer<typeof blogStatusSchema>;
