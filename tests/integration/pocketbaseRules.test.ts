/**
 * PocketBase's own defaults against a real server with the project's migrations: nobody signs
 * up, and an anonymous visitor of the API cannot create, change or delete blogs or testimonials.
 */
import PocketBase, { ClientResponseError } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPocketBase, type TestPocketBase } from '../support/pocketbase';

let pocketbase: TestPocketBase;
let admin: PocketBase;
let anonymous: PocketBase;

beforeAll(async () => {
  pocketbase = await startTestPocketBase();
  admin = await pocketbase.adminClient();
  anonymous = new PocketBase(pocketbase.url);
  anonymous.autoCancellation(false);
});

afterAll(async () => {
  await pocketbase?.stop();
});

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
  it('reads topics and authors, as the site and any visitor may', async () => {
    for (const collection of ['tags', 'authors']) {
      const item = await admin.collection(collection).create({ name: 'Audit', slug: 'audit' });
      expect(await anonymous.collection(collection).getOne(item.id)).toMatchObject({
        name: 'Audit',
      });
      const slugs = (await anonymous.collection(collection).getFullList()).map((t) => t.slug);
      expect(slugs).toEqual(['audit']);
      await admin.collection(collection).delete(item.id);
    }
  });

  it('refuses a sign-up to the users collection', async () => {
    const status = await statusOf(
      anonymous.collection('users').create({
        email: 'visitor@example.com',
        password: 'a-long-password-123',
        passwordConfirm: 'a-long-password-123',
      }),
    );
    expect(status).toBe(403);
    expect((await admin.collection('users').getList(1, 1)).totalItems).toBe(0);
  });

  const records = {
    blogs: { title: 'Original title', content: '<p>Original.</p>' },
    testimonials: { quote: 'Original quote', author: 'A. Author', position: 'CFO', company: 'Co' },
    tags: { name: 'Payroll', slug: 'payroll', description: 'PAYE, UIF and SDL.' },
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
