import { defineCollection } from 'astro:content';
import { pocketBaseBlogsLoader } from '@/cms/blogs';
import { blogAvailabilityLoader } from '@/cms/blogAvailability';
import { pocketBaseAuthorsLoader, pocketBaseTagsLoader } from '@/cms/tagsAndAuthors';
import { pocketBaseTestimonialsLoader } from '@/cms/testimonials';
import {
  authorSchema,
  blogSchema,
  blogAvailabilitySchema,
  tagSchema,
  testimonialSchema,
} from '@/cms/schemas';

/*
 * The dynamic collections come from PocketBase at build time (src/cms). Pages read
 * them with getCollection/getEntry and never call PocketBase themselves.
 */
const blogs = defineCollection({ loader: pocketBaseBlogsLoader(), schema: blogSchema });

/** One entry: whether the blog loaded, so `astro dev` can show "Failed to load blogs". */
const blogAvailability = defineCollection({
  loader: blogAvailabilityLoader(),
  schema: blogAvailabilitySchema,
});

/** Topics: every `tags` record; the pages show those a public post has. */
const tags = defineCollection({ loader: pocketBaseTagsLoader(), schema: tagSchema });

/** Authors: every `authors` record, avatars downloaded; the pages show those a public post names. */
const authors = defineCollection({ loader: pocketBaseAuthorsLoader(), schema: authorSchema });

const testimonials = defineCollection({
  loader: pocketBaseTestimonialsLoader(),
  schema: testimonialSchema,
});

export const collections = { blogs, blogAvailability, tags, authors, testimonials };
