import { defineCollection } from 'astro:content';
import { pocketBaseBlogsLoader } from '@/cms/blogs';
import { blogLoadStateLoader } from '@/cms/blogLoadState';
import { pocketBaseAuthorsLoader, pocketBaseTopicsLoader } from '@/cms/topicsAndAuthors';
import { pocketBaseTestimonialsLoader } from '@/cms/testimonials';
import {
  authorSchema,
  blogSchema,
  blogLoadStateSchema,
  topicSchema,
  testimonialSchema,
} from '@/cms/schemas';

/*
 * The dynamic collections come from PocketBase at build time (src/cms). Pages read
 * them with getCollection/getEntry and never call PocketBase themselves.
 */
const blogs = defineCollection({ loader: pocketBaseBlogsLoader(), schema: blogSchema });

/** One entry, the blog's load state: whether it loaded, so `astro dev` can show "Failed to load blogs". */
const blogLoadState = defineCollection({
  loader: blogLoadStateLoader(),
  schema: blogLoadStateSchema,
});

/** Topics: every `topics` record; the pages show those a public post has. */
const topics = defineCollection({ loader: pocketBaseTopicsLoader(), schema: topicSchema });

/** Authors: every `authors` record, avatars downloaded; the pages show those a public post names. */
const authors = defineCollection({ loader: pocketBaseAuthorsLoader(), schema: authorSchema });

const testimonials = defineCollection({
  loader: pocketBaseTestimonialsLoader(),
  schema: testimonialSchema,
});

export const collections = { blogs, blogLoadState, topics, authors, testimonials };
