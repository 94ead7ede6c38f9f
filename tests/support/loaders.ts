/** The content layer's four PocketBase loaders, each with its collection's name and schema. */
import { pocketBaseBlogsLoader } from '@/cms/blogs';
import { authorSchema, blogSchema, testimonialSchema, topicSchema } from '@/cms/schemas';
import { pocketBaseTestimonialsLoader } from '@/cms/testimonials';
import { pocketBaseAuthorsLoader, pocketBaseTopicsLoader } from '@/cms/topicsAndAuthors';

export const POCKETBASE_LOADERS = [
  [pocketBaseBlogsLoader, 'blogs', blogSchema],
  [pocketBaseTestimonialsLoader, 'testimonials', testimonialSchema],
  [pocketBaseTopicsLoader, 'topics', topicSchema],
  [pocketBaseAuthorsLoader, 'authors', authorSchema],
] as const;
