import { defineCollection } from 'astro:content';
import { pocketBaseBlogsLoader } from '@/cms/blogs';
import { blogStatusLoader } from '@/cms/blogStatus';
import { pocketBaseAuthorsLoader, pocketBaseTagsLoader } from '@/cms/tagsAndAuthors';
import { pocketBaseTestimonialsLoader } from '@/cms/testimonials';
import {
  authorSchema,
  blogSchema,
  blogStatusSchema,
  tagSchema,
  testimonialSchema,
} from '@/cms/schemas';

/*
 * The dynamic collections come from PocketBase at build time (src/cms). Pages read
 * them with getCollection/getEntry and never call PocketBase themselves.
 */
const blogs = defineCollection({ loader: pocketBaseBlogsLoader(), schema: blogSchema });

/** One entry: whether the blog loaded, so `astro dev` can show "Failed to load blogs". */
const blogStatus = defineCollection({ loader: blogStatusLoader(), schema: blogStatusSchema });

/** Topics: every `tags` record; the pages show those a public post has. */
const tags = defineCollection({ loader: pocketBaseTagsLoader(), schema: tagSchema });

/** Authors: every `authors` record, avatars downloaded; the pages show those a public post names. */
const authors = defineCollection({ loader: pocketBaseAuthorsLoader(), schema: authorSchema });

const testimonials = defineCollection({
  loader: pocketBaseTestimonialsLoader(),
  schema: testimonialSchema,
});

export const collections = { blogs, blogStatus, tags, authors, testimonials };
