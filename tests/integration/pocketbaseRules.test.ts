/**
 * PocketBase's rules against a real server with the project's migrations: nobody signs up, an
 * anonymous visitor of the API cannot create, change or delete anything, and sees a topic or an
 * author only while a live post has them. (What hidden records can never leak through any path:
 * pocketbasePrivacy.test.ts.)
 */
import PocketBase, { ClientResponseError } from 'pocketbase';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestPocketBase, type TestPocketBase } from '../support/pocketbase';
import { connectRealtime } from '../support/realtime';

let pocketbase: TestPocketBase;
let admin: PocketBase;
let anonymous: PocketBase;

beforeAll(async () => {
  pocketbase = await startTestPocketBase();
  admin = await pocketbase.superuserClient();
  anonymous = new PocketBase(pocketbase.url);
  anonymous.autoCancellation(false);
});

afterAll(async () => {
  await pocketbase?.stop();
});

// Each test starts from empty collections, even after one failed half-way.
afterEach(async () => {
  for (const collection of ['blogs', 'topics', 'authors', 'testimonials']) {
    for (const { id } of await admin.collection(collection).getFullList({ fields: 'id' })) {
      await admin.collection(collection).delete(id);
    }
  }
});

const pocketBaseDate = (ms: number) => new Date(ms).toISOString().replace('T', ' ');

/** Whether an anonymous client finds the record, both in the list and by id. */
async function anonymousSees(collection: string, id: string): Promise<boolean> {
  const listed = (await anonymous.collection(collection).getFullList()).some((r) => r.id === id);
  const viewed = await anonymous
    .collection(collection)
    .getOne(id)
    .then(
      () => true,
      (error) => {
        if (error instanceof ClientResponseError && error.status === 404) return false;
        throw error;
      },
    );
  expect(viewed, `${collection} ${id}: listed and viewed alike`).toBe(listed);
  return listed;
}

/** The HTTP status of a refused request (fails the test when the request succeeds). */
async function statusOf(request: Promise<unknown>): Promise<number> {
  try {
    await request;
  } catch (error) {
    if (error instanceof ClientResponseError) return error.status;
    throw error;
  }
  throw new Error('the anonymous request succeeded');
}

describe('PocketBase rules for anonymous requests', () => {
  it('shows a topic or an author only while a live post has them, listed or viewed', async () => {
    const blogs = admin.collection('blogs');
    for (const collection of ['topics', 'authors']) {
      const item = await admin.collection(collection).create({ name: 'Audit', slug: 'audit' });
      expect(await anonymousSees(collection, item.id), `unused ${collection}`).toBe(false);

      // A post published but dated ahead and a draft dated in the past: neither is live, though
      // between them they are published and due.
      await blogs.create({
        title: 'Scheduled',
        published: true,
        published_at: pocketBaseDate(Date.now() + 7 * 86_400_000),
        [collection]: [item.id],
      });
      const draft = await blogs.create({
        title: 'Draft',
        published: false,
        published_at: '2025-01-01 00:00:00.000Z',
        [collection]: [item.id],
      });
      expect(await anonymousSees(collection, item.id), `scheduled ${collection}`).toBe(false);

      await blogs.update(draft.id, { published: true });
      expect(await anonymousSees(collection, item.id), `live ${collection}`).toBe(true);
      expect(await anonymous.collection(collection).getOne(item.id)).toMatchObject({
        name: 'Audit',
      });

      await blogs.update(draft.id, { published: false });
      expect(await anonymousSees(collection, item.id), `unpublished ${collection}`).toBe(false);
    }
  });

  it('lists nothing for a filter or sort through a back-relation, yet a word holding "via" is searched', async () => {
    const topic = await admin.collection('topics').create({ name: 'Aviation', slug: 'aviation' });
    await admin.collection('blogs').create({
      title: 'Live',
      published: true,
      published_at: '2025-01-01 00:00:00.000Z',
      topics: [topic.id],
    });
    const names = async (options: { filter?: string; sort?: string }) =>
      (await anonymous.collection('topics').getFullList(options)).map((t) => t.name);
    expect(await names({ filter: 'name ~ "aviation"' })).toEqual(['Aviation']);
    // `~` takes `_` literally unless the value holds a `%`: "_via_" refuses only "_via_".
    expect(await names({ filter: 'name ~ "a_iation"' })).toEqual([]);
    expect(await names({ filter: 'blogs_via_topics.title ~ "Live"' })).toEqual([]);
    expect(await names({ sort: 'blogs_via_topics.title' })).toEqual([]);
  });

  it('has no users collection to sign up to', async () => {
    const status = await statusOf(
      anonymous.collection('users').create({
        email: 'visitor@example.com',
        password: 'a-long-password-123',
        passwordConfirm: 'a-long-password-123',
      }),
    );
    expect(status).toBe(404);
    const names = (await admin.collections.getFullList()).map(({ name }) => name);
    expect(names).not.toContain('users');
  });

  const records = {
    blogs: { title: 'Original title', content: '<p>Original.</p>' },
    testimonials: { quote: 'Original quote', author: 'A. Author', position: 'CFO', company: 'Co' },
    topics: { name: 'Payroll', slug: 'payroll', description: 'PAYE, UIF and SDL.' },
    authors: { name: 'Thandi Nkosi', slug: 'thandi-nkosi', role: 'CA(SA), Tax Partner' },
  };

  for (const [collection, data] of Object.entries(records)) {
    it(`refuses to create, update or delete ${collection}`, async () => {
      const existing = await admin.collection(collection).create(data);

      expect(await statusOf(anonymous.collection(collection).create(data))).toBe(403);
      expect(
        await statusOf(anonymous.collection(collection).update(existing.id, { title: 'Hacked' })),
      ).toBe(403);
      expect(await statusOf(anonymous.collection(collection).delete(existing.id))).toBe(403);

      const list = await admin.collection(collection).getFullList();
      expect(list).toHaveLength(1);
      expect(list[0]).toMatchObject({ id: existing.id, ...data });
      await admin.collection(collection).delete(existing.id);
    });
  }
});

describe('realtime', () => {
  it('takes no subscription from an anonymous client; an editor signed in gets the events', async () => {
    const live = { published: true, published_at: pocketBaseDate(Date.now() - 60_000) };
    const post = await admin.collection('blogs').create({ title: 'Live', ...live });
    const visitor = await connectRealtime(pocketbase.url);
    const editor = await connectRealtime(pocketbase.url, admin.authStore.token);
    try {
      await expect(visitor.subscribe(['blogs/*'])).rejects.toThrow(
        /403 .*Realtime subscriptions are for signed-in editors/,
      );
      // Clearing one's subscriptions needs no login.
      await visitor.subscribe([]);
      await editor.subscribe(['blogs/*']);
      await admin.collection('blogs').update(post.id, { title: 'Live, edited' });
      await expect.poll(() => editor.events.map((event) => event.topic)).toEqual(['blogs/*']);
      expect(visitor.events).toEqual([]);
    } finally {
      visitor.close();
      editor.close();
    }
  });
});
