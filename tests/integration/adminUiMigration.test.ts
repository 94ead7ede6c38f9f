/**
 * The admin UI migration (1795737609_editors_admin_ui.js) on an install that already holds data
 * it must not lose: accounts in `users`, and a post with more topics than the new maximum. A fresh
 * install and an upgraded 0.22 one are compared with the committed schema (pocketbaseSchema and
 * pocketbaseUpgrade tests): there `users` is gone and each relation takes 5.
 */
import { copyFile, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../../tools/local/pocketbase/command.ts';
import { startPocketBase } from '../../tools/local/pocketbase/serverProcess.ts';
import { superuserClient } from '../../tools/local/pocketbase/superuser.ts';
import { hooksThatRunNothing } from '../support/pocketbase';

const MIGRATION = '1795737609_editors_admin_ui.js';
let work: string;
afterAll(() => rm(work, { recursive: true, force: true }));

it('keeps a users collection that holds accounts, saying so, and raises a relation maximum to the most a post has', async () => {
  work = await mkdtemp(path.join(tmpdir(), 'lw-pb-admin-ui-'));
  const before = path.join(work, 'before');
  const noHooks = path.join(work, 'hooks');
  await Promise.all([mkdir(before), hooksThatRunNothing(noHooks)]);
  const files = (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.js')).sort();
  for (const file of files.slice(0, files.indexOf(MIGRATION)))
    await copyFile(path.join(MIGRATIONS_DIR, file), path.join(before, file));
  const superuser = { email: 'admin-ui@test.local', password: 'admin-ui-test-password' };
  const setup = { dataDir: path.join(work, 'pb'), hooksDir: noHooks, superuser };

  // Before: an account someone made in `users`, and a post with six topics.
  let server = await startPocketBase({ ...setup, migrationsDir: before });
  let post: { id: string };
  try {
    const pb = await superuserClient(server.url, superuser);
    await pb.collection('users').create({
      email: 'someone@example.com',
      password: 'a-long-password-123',
      passwordConfirm: 'a-long-password-123',
    });
    const topics = [];
    for (const n of [1, 2, 3, 4, 5, 6])
      topics.push((await pb.collection('topics').create({ name: `T${n}`, slug: `t${n}` })).id);
    post = await pb.collection('blogs').create({ title: 'Six topics', topics });
  } finally {
    await server.stop();
  }

  server = await startPocketBase({ ...setup, migrationsDir: MIGRATIONS_DIR });
  try {
    expect(server.output()).toContain(
      'The users collection is kept: it holds 1 account, which the site does not use.',
    );
    const pb = await superuserClient(server.url, superuser);
    const accounts = await pb.collection('users').getFullList();
    expect(accounts.map((account) => account.email)).toEqual(['someone@example.com']);
    const blogs = await pb.collections.getOne('blogs');
    const maxSelect = (name: string) => blogs.fields.find((f) => f.name === name)?.maxSelect;
    expect([maxSelect('topics'), maxSelect('authors')]).toEqual([6, 5]);
    // The post still saves as it is.
    await expect(pb.collection('blogs').update(post.id, { title: 'Still six' })).resolves.toEqual(
      expect.objectContaining({ title: 'Still six' }),
    );
    const internal = await Promise.all(
      ['hook_state', 'preview_readers'].map((name) => pb.collections.getOne(name)),
    );
    expect(internal.map((collection) => collection.system)).toEqual([true, true]);
  } finally {
    await server.stop();
  }
});
