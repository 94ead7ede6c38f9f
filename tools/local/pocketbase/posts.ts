import pLimit from 'p-limit';

/**
 * Bulk-creates blog records in a running PocketBase: the test harness (tests/support/pocketbase.ts)
 * and the benchmark's scale builds (tools/bench/bench.mjs) both use it.
 */

/**
 * @typedef {{ title: string, content: string, published?: boolean, published_at?: string }} PostInput
 * Without `published: true` a post is a draft, which the site does not show.
 */

/**
 * Default post body: a few paragraphs so derived fields (excerpt, read time) have work to do.
 * @param {number} index
 * @returns {PostInput}
 */
function makeDefaultPost(index) {
  const n = index + 1;
  return {
    title: `Test post ${n}`,
    content: `<h2>Section ${n}</h2><p>Paragraph one of post ${n} about provisional tax &amp; VAT.</p><p>Paragraph two.</p>`,
    // Published now (PocketBase's hook dates it).
    published: true,
  };
}

const CREATE_CONCURRENCY = 16;

/**
 * Create `count` blog records (no banner images) with bounded concurrency; fast enough for
 * thousands. Requests run concurrently, so `created` and `published_at` order follow completion,
 * not index.
 * Returns the records in index order.
 *
 * @param {import('pocketbase').default} pb An SDK client logged in as an admin.
 * @param {number} count
 * @param {(index: number) => PostInput} [make]
 * @returns {Promise<import('pocketbase').RecordModel[]>}
 */
export function createPosts(pb, count, make = makeDefaultPost) {
  const limit = pLimit(CREATE_CONCURRENCY);
  return Promise.all(
    Array.from({ length: count }, (_, index) =>
      limit(() => pb.collection('blogs').create(make(index), { requestKey: null })),
    ),
  );
}
