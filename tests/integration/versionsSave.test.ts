/**
 * Putting a version back is saved as an editor's edit is (pb_hooks/content/editorSave.js), on a
 * real PocketBase with the project's hooks: the site's build hook hears of it when readers see the
 * change, and the publish check stops a version it would refuse.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  refusalOf,
  SAVE_CHECKS,
  startTestPocketBase,
  type TestPocketBase,
} from '../support/pocketbase';
import { putBack, versionsOf } from '../support/versions';

describe("the site's build hook", () => {
  let hooked: TestPocketBase;
  const calls: { action: string; record_id: string }[] = [];
  const endpoint = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      calls.push(JSON.parse(body));
      response.writeHead(200).end('{}');
    });
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
    const { port } = endpoint.address() as AddressInfo;
    hooked = await startTestPocketBase({
      env: {
        SITE_REBUILD_HOOK_URL: `http://127.0.0.1:${port}/build`,
        SITE_REBUILD_MIN_INTERVAL_SECONDS: '0',
      },
    });
  });
  afterAll(async () => {
    await hooked?.stop();
    endpoint.closeAllConnections();
    endpoint.close();
  });

  it('is called when putting a version back changes what readers see, a deleted post too; not for a draft', async () => {
    const client = await hooked.superuserClient();
    const sent = () => calls.splice(0).map(({ action, record_id }) => `${action} ${record_id}`);
    const live = await client.collection('blogs').create({ title: 'Live', published: true });
    const draft = await client.collection('blogs').create({ title: 'Draft' });
    await client.collection('blogs').update(live.id, { title: 'Live, edited' });
    await client.collection('blogs').update(draft.id, { title: 'Draft, edited' });
    expect(sent()).toEqual([`created ${live.id}`, `updated ${live.id}`]);

    await putBack(client, (await versionsOf(client, draft.id))[0]);
    await putBack(client, (await versionsOf(client, live.id))[0]);
    expect(sent()).toEqual([`updated ${live.id}`]);
    expect(await client.collection('blogs').getOne(live.id)).toMatchObject({ title: 'Live' });

    await client.collection('blogs').delete(live.id);
    await putBack(client, (await versionsOf(client, live.id))[0]);
    expect(sent()).toEqual([`deleted ${live.id}`, `created ${live.id}`]);
  });
});

describe('a version the publish check would refuse', () => {
  let legacy: TestPocketBase;
  afterAll(() => legacy?.stop());

  it('is not published by putting it back', async () => {
    // Published with an embed, as a post could be before the publish check existed.
    legacy = await startTestPocketBase({ withoutHooks: SAVE_CHECKS });
    const client = await legacy.superuserClient();
    const embed = '<p>Watch:</p><iframe src="https://www.youtube.com/embed/abc"></iframe>';
    const post = await client
      .collection('blogs')
      .create({ title: 'Webinar', content: embed, published: true });
    await client.collection('blogs').update(post.id, { content: '<p>Watch the recording.</p>' });
    const [version] = await versionsOf(client, post.id);
    expect(version.body).toBe(embed);

    const refused = await refusalOf(putBack(client, version));
    const message =
      'Cannot put this version back: Cannot publish: videos cannot be embedded; paste the link as a link. Edit the post itself instead.';
    expect(refused).toMatchObject({ status: 400, message, data: { put_back: { message } } });
    expect(await client.collection('blogs').getOne(post.id)).toMatchObject({
      content: '<p>Watch the recording.</p>',
    });
    // Nothing was kept for a save that did not happen.
    expect(await versionsOf(client, post.id)).toHaveLength(1);
  });
});
