/**
 * Warm rebuilds through real `astro build`s against a real PocketBase: a rebuild with the first
 * build's cache folder (where Astro keeps the content store) fetches only the records that
 * changed, and the built site still shows an edit, a deletion, an unpublished post and a
 * scheduled post whose time has come.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { runAstroBuild } from '../../tools/publish/build.mjs';
import { createPosts, startTestPocketBase, type TestPocketBase } from '../support/pocketbase';
import { copyProject } from '../support/projectCopy';
import { TEST_EMAILJS_ENV } from '../support/site';

let server: TestPocketBase | undefined;
let work: string | undefined;
afterAll(async () => {
  await server?.stop();
  if (work) await rm(work, { recursive: true, force: true });
});

/**
 * Makes a scheduled post due without saving it, as the passing of time does: PocketBase's list
 * rule compares `published_at` with its clock, and `updated` stays as it was. The API cannot
 * write a record without stamping `updated`, so this writes PocketBase's SQLite file directly.
 */
async function letTimeCome(dataDir: string, id: string) {
  const past = new Date(Date.now() - 60_000).toISOString().replace('T', ' ');
  await promisify(execFile)('sqlite3', [
    path.join(dataDir, 'data.db'),
    `UPDATE blogs SET published_at = '${past}' WHERE id = '${id}';`,
  ]);
}

describe('a warm rebuild', () => {
  it('fetches only what changed and shows an edit, a deletion, an unpublished and a newly due post', async () => {
    server = await startTestPocketBase();
    const pb = await server.adminClient();
    const [edited, deleted, unpublished, ...unchanged] = await createPosts(pb, 6);
    const scheduled = await pb.collection('blogs').create({
      title: 'Scheduled for later',
      content: '<p>Later.</p>',
      published: true,
      published_at: new Date(Date.now() + 86_400_000).toISOString().replace('T', ' '),
    });

    work = (await copyProject()).root;
    const cacheDir = path.join(work, '.cache');
    const build = (name: string) =>
      runAstroBuild({
        root: work!,
        outDir: path.join(work!, name),
        cacheDir,
        env: { ...TEST_EMAILJS_ENV, POCKETBASE_URL: server!.url },
      });
    const postPage = (name: string, id: string) => path.join(work!, name, 'blog', `${id}.html`);

    const cold = await build('cold');
    expect(cold.code, cold.output).toBe(0);
    expect(cold.output).toContain(`Loaded 6 blog posts from ${server.url} (fetched 6)`);
    expect(existsSync(postPage('cold', scheduled.id))).toBe(false);

    await pb.collection('blogs').update(edited.id, { title: 'An edited title' });
    await pb.collection('blogs').delete(deleted.id);
    await pb.collection('blogs').update(unpublished.id, { published: false });
    await letTimeCome(server.dataDir, scheduled.id);
    expect((await pb.collection('blogs').getOne(scheduled.id)).updated).toBe(scheduled.updated);

    const warm = await build('warm');
    expect(warm.code, warm.output).toBe(0);
    // Two fetched in full (the edit and the post whose time came), two removed.
    expect(warm.output).toContain(
      `Loaded 5 blog posts from ${server.url} (incremental: fetched 2 new or changed, removed 2)`,
    );
    expect(await readFile(postPage('warm', edited.id), 'utf8')).toContain('An edited title');
    expect(existsSync(postPage('warm', deleted.id))).toBe(false);
    expect(existsSync(postPage('warm', unpublished.id))).toBe(false);
    expect(await readFile(postPage('warm', scheduled.id), 'utf8')).toContain('Scheduled for later');
    for (const post of unchanged) expect(existsSync(postPage('warm', post.id))).toBe(true);
    const list = await readFile(path.join(work, 'warm', 'blog.html'), 'utf8');
    expect(list).toContain('An edited title');
    expect(list).not.toContain(deleted.title);
  }, 600_000);
});
