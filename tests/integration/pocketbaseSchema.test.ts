/**
 * The schema a fresh install gets from the project's migrations, read back through the API and
 * compared with the committed expectation (tests/fixtures/pocketbase/schema.json), so that any
 * drift fails: a field, an option, a help text, an index, a rule or a rate limit. After a
 * deliberate change, `npx vitest run tests/integration/pocketbaseSchema.test.ts -u` writes the
 * new expectation; review its diff. An upgraded 0.22 data folder is compared with the same file
 * (pocketbaseUpgrade.test.ts).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { LIMITS } from '@/config/site';
import {
  readSchema,
  SCHEMA_EXPECTATION,
  startTestPocketBase,
  type TestPocketBase,
} from '../support/pocketbase';

let server: TestPocketBase;
beforeAll(async () => {
  server = await startTestPocketBase();
});
afterAll(() => server?.stop());

it('gives a fresh install the committed schema: collections, fields, help texts, indexes, rules, rate limits', async () => {
  const schema = await readSchema(await server.superuserClient());
  await expect(`${JSON.stringify(schema, null, 2)}\n`).toMatchFileSnapshot(SCHEMA_EXPECTATION);
});

it("limits a post's body and pictures by the site's own limits", async () => {
  const blogs = await (await server.superuserClient()).collections.getOne('blogs');
  const field = (name: string) => blogs.fields.find((f) => f.name === name);
  expect(field('content')?.maxSize).toBe(LIMITS.bodyMaxBytes);
  expect(field('pictures')).toMatchObject({
    maxSelect: LIMITS.picturesPerPost,
    maxSize: LIMITS.imageMaxBytes,
  });
});
