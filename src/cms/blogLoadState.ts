/**
 * The blog's load state: whether the blog can be read, and if not why, so that `astro dev` shows
 * "Failed to load blogs" rather than an empty blog. A production build fails instead, here as in
 * the blogs loader (BlogLoadError): a request of this loader's own that fails once must not ship
 * "Failed to load blogs" beside posts the blogs loader read.
 */
import type { RecordModel } from 'pocketbase';
import { connect } from './client';
import { BlogLoadError, draftLeakMessage, loadFailureMessage } from './errors';
import { pocketBaseLoader, type LoaderSettings } from './loaderOptions';
import type { BlogLoadState } from './schemas';

/** The id of the `blogLoadState` collection's one entry (the state now). */
export const BLOG_LOAD_STATE_ID = 'current';

/**
 * The blog's load state, asked of PocketBase directly: the client's request time limit bounds it,
 * and it needs nothing from the blogs loader, which Astro may run before, after or without this
 * one. It asks what decides the blogs loader's outcome: the connection (and a preview's login),
 * the list, and whether the public list shows an unpublished post.
 */
async function readBlogLoadState(settings: LoaderSettings): Promise<BlogLoadState> {
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

/** The `blogLoadState` collection: one entry, the blog's load state. */
export const blogLoadStateLoader = pocketBaseLoader(
  'ledgerwise-pocketbase-blog-load-state',
  async ({ store, parseData }, settings) => {
    const state = await readBlogLoadState(settings);
    if (!state.ok && settings.failOnError) throw new BlogLoadError(state.message);
    store.clear();
    store.set({
      id: BLOG_LOAD_STATE_ID,
      data: await parseData({ id: BLOG_LOAD_STATE_ID, data: { ...state } }),
    });
  },
);
