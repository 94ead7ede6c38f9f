/**
 * Bulk-creates blog records in a running PocketBase: the test harness (tests/support/pocketbase.ts)
 * and the benchmark's scale builds (tools/bench/scale.ts) both use it.
 */
import pLimit from 'p-limit';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';

/** Without `published: true` a post is a draft, which the site does not show. */
export interface PostInput {
  title: string;
  content: string;
  published?: boolean;
  published_at?: string;
}

/** Default post body: a few paragraphs so derived fields (excerpt, read time) have work to do. */
function makeDefaultPost(index: number): PostInput {
  const n = index + 1;
  return {
    title: `Test post ${n}`,
    content: `<h2>Section ${n}</h2><p>Paragraph one of post ${n} about provisional tax &amp; VAT.</p><p>Paragraph two.</p>`,
    // Published now (PocketBase's hook dates it).
    published: true,
  };
}

const CREATE_CONCURRENCY = 16;

/** A post as PocketBase stores it; its slug, its address, is made at the first save. */
export type CreatedPost = RecordModel & { slug: string };

/**
 * Create `count` blog records (no banner images) with bounded concurrency; fast enough for
 * thousands. Requests run concurrently, so `created` and `published_at` order follow completion,
 * not index.
 * Returns the records in index order. `pb`: an SDK client logged in as an admin.
 */
export function createPosts(
  pb: PocketBase,
  count: number,
  make: (index: number) => PostInput = makeDefaultPost,
): Promise<CreatedPost[]> {
  const limit = pLimit(CREATE_CONCURRENCY);
  return Promise.all(
    Array.from({ length: count }, (_, index) =>
      limit(() => pb.collection('blogs').create<CreatedPost>(make(index), { requestKey: null })),
    ),
  );
}
