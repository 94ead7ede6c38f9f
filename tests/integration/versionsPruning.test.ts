/**
 * Pruning versions (pb_hooks/versions/keep.js), on a real PocketBase with the project's hooks: a
 * post keeps its newest 50 versions and every one younger than 30 days, and a 1 MB body once,
 * however many versions share it; the version that holds it hands it on when it goes. Time passes
 * in the data folder: the versions' dates are set back there, as a month would.
 */
import { DatabaseSync } from 'node:sqlite';
import path from 'node:path';
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPocketBase, type TestPocketBase } from '../support/pocketbase';
import { putBack, versionsOf } from '../support/versions';

let server: TestPocketBase;
let pb: PocketBase;
beforeAll(async () => {
  server = await startTestPocketBase();
  pb = await server.superuserClient();
});
afterAll(() => server?.stop());

describe('pruning', () => {
  it("keeps a post's newest 50 versions and every one younger than 30 days, a 1 MB body once", async () => {
    const body = `<p>${'Tax. '.repeat(200_000)}</p>`;
    const post = await pb.collection('blogs').create({ title: 'Edit 0', content: body });
    for (let edit = 1; edit < 60; edit += 1)
      await pb.collection('blogs').update(post.id, { title: `Edit ${edit}` });
    await pb.collection('blogs').update(post.id, { title: 'Edit 60', content: '<p>Short.</p>' });
    let versions = await versionsOf(pb, post.id);
    // Younger than 30 days: all 60 kept; the 1 MB body once, by the oldest.
    expect(versions).toHaveLength(60);
    expect(versions.filter((v) => v.body === body).map((v) => v.title)).toEqual(['Edit 0']);

    // A month and more passes for all but the newest five, a second between each.
    const db = new DatabaseSync(path.join(server.dataDir, 'data.db'));
    try {
      db.exec('PRAGMA busy_timeout = 10000');
      const age = db.prepare('UPDATE versions SET created = ? WHERE id = ?');
      for (const [index, version] of versions.slice(5).entries()) {
        const when = new Date(Date.now() - 31 * 864e5 - index * 1000);
        age.run(when.toISOString().replace('T', ' '), version.id);
      }
    } finally {
      db.close();
    }
    await pb.collection('blogs').update(post.id, { title: 'Edit 61' });
    versions = await versionsOf(pb, post.id);
    expect(versions.map((v) => v.title)).toEqual(
      Array.from({ length: 50 }, (_, i) => `Edit ${60 - i}`),
    );
    // The body went on to a version that is kept, still once; the oldest one puts it back.
    expect(versions.filter((v) => v.body === body).map((v) => v.title)).toEqual(['Edit 59']);
    await putBack(pb, versions.at(-1)!);
    expect(await pb.collection('blogs').getOne(post.id)).toMatchObject({
      title: 'Edit 11',
      content: body,
    });
  });
});
