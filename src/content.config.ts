import { defineCollection } from 'astro:content';
import { pocketBaseBlogsLoader } from '@/cms/blogs';
import { blogStatusLoader } from '@/cms/blogStatus';
import { pocketBaseTestimonialsLoader } from '@/cms/testimonials';
import { blogSchema, blogStatusSchema, testimonialSchema } from '@/cms/schemas';

/*
 * Both dynamic collections come from PocketBase at build time (src/cms). Pages read
 * them with getCollection/getEntry and never call PocketBase themselves.
 */
const blogs = defineCollection({ loader: pocketBaseBlogsLoader(), schema: blogSchema });

/** One entry: whether the blog loaded, so `astro dev` can show "Failed to load blogs". */
const blogStatus = defineCollection({ loader: blogStatusLoader(), schema: blogStatusSchema });

const testimonials = defineCollection({
  loader: pocketBaseTestimonialsLoader(),
  schema: testimonialSchema,
});

export const collections = { blogs, blogStatus, testimonials };
