/**
 * The `blogAvailability` collection's loader: whether the blog can be read, so `astro dev` shows
 * "Failed to load blogs" rather than an empty blog.
 */
import type { RecordModel } from 'pocketbase';
import { connect } from './client';
import { draftLeakMessage, loadFailureMessage } from './errors';
import { pocketBaseLoader, type LoaderSettings } from './loaderOptions';
import type { BlogAvailability } from './schemas';

const BLOG_AVAILABILITY_LOADER_NAME = 'ledgerwise-pocketbase-blog-availability';
/** The id of the collection's one entry (the blog's status now). */
export const BLOG_AVAILABILITY_ID = 'current';

/**
 * Whether the blog can be read, asked of PocketBase directly: the client's request time limit
 * bounds it, and it needs nothing from the blogs loader, which Astro may run before, after or
 * without this one. It asks what decides the blogs loader's outcome: the connection (and a
 * preview's login), the list, and whether the public list shows an unpublished post.
 */
async function probeBlog(settings: LoaderSettings): Promise<BlogAvailability> {
  try {
    const pb = await connect(settings);
    const leaks = await pb.collection('blogs').getList(1, 1, {
      fields: 'id,title',
      skipTotal: true,
      ...(settings.preview ? {} : { filter: 'published = false || published_at = ""' }),
    });
    const leak = settings.preview ? undefined : leaks.items[0];
    if (leak)
      return {
        ok: false,
        message: draftLeakMessage(settings.url, leak as RecordModel & { title: string }),
      };
    return { ok: true };
  } catch (error) {
    return { ok: false, message: loadFailureMessage(error, settings.url) };
  }
}

/**
 * The `blogAvailability` collection: one entry telling the blog page whether the blog can be read, so
 * `astro dev` shows "Failed to load blogs" rather than an empty blog. (A production build with
 * an unreadable blog fails in the blogs loader instead.)
 */
export const blogAvailabilityLoader = pocketBaseLoader(
  BLOG_AVAILABILITY_LOADER_NAME,
  async ({ store, parseData }, settings) => {
    const status = await probeBlog(settings);
    store.clear();
    store.set({
      id: BLOG_AVAILABILITY_ID,
      data: await parseData({ id: BLOG_AVAILABILITY_ID, data: { ...status } }),
    });
  },
);
