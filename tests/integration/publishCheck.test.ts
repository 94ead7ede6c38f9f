/**
 * The publish check in PocketBase's hooks (pb_hooks/content/publishCheck.js), through the API as
 * the admin UI uses it, on a real PocketBase 0.22: a save that would publish what the site
 * leaves out is refused with a message that says what to do; drafts and colours never are.
 */
import { ClientResponseError } from 'pocketbase';
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPocketBase, type TestPocketBase } from '../support/pocketbase';

let server: TestPocketBase;
let pb: PocketBase;

beforeAll(async () => {
  server = await startTestPocketBase();
  pb = await server.adminClient();
});
afterAll(() => server?.stop());

/** The refusal's status and message, or undefined when the save went through. */
async function refusal(save: Promise<unknown>) {
  try {
    await save;
    return undefined;
  } catch (error) {
    if (!(error instanceof ClientResponseError)) throw error;
    return { status: error.status, message: error.response.message as string };
  }
}

const EMBED = '<p>Watch:</p><iframe src="https://www.youtube.com/embed/abc"></iframe>';

describe('publishing a post PocketBase checks first', () => {
  it('refuses to publish an embedded video, saying what to do instead; the draft is saved', async () => {
    const refused = await refusal(
      pb.collection('blogs').create({ title: 'Video', content: EMBED, published: true }),
    );
    expect(refused).toEqual({
      status: 400,
      message:
        'Cannot publish: videos cannot be embedded; paste the link as a link. Or untick published.',
    });
    expect((await pb.collection('blogs').getList(1, 1)).totalItems).toBe(0);

    // The same body as a draft is saved; publishing it later is refused, and it stays a draft.
    const draft = await pb.collection('blogs').create({ title: 'Video', content: EMBED });
    expect(
      (await refusal(pb.collection('blogs').update(draft.id, { published: true })))?.status,
    ).toBe(400);
    expect(await pb.collection('blogs').getOne(draft.id)).toMatchObject({
      published: false,
      published_at: '',
    });
    // Scheduling counts as publishing.
    const ahead = new Date(Date.now() + 86_400_000).toISOString().replace('T', ' ');
    expect(
      (
        await refusal(
          pb.collection('blogs').update(draft.id, { published: true, published_at: ahead }),
        )
      )?.status,
    ).toBe(400);
    // Once the link replaces the embed, it publishes.
    const fixed = await pb.collection('blogs').update(draft.id, {
      content: '<p>Watch: <a href="https://www.youtube.com/watch?v=abc">the video</a></p>',
      published: true,
    });
    expect(fixed.published).toBe(true);
  });

  it('refuses a script, and a picture the site cannot use, naming it', async () => {
    const script = await refusal(
      pb.collection('blogs').create({
        title: 'Script',
        content: '<p>Hi</p><script>alert(1)</script>',
        published: true,
      }),
    );
    expect(script?.message).toBe(
      'Cannot publish: scripts cannot run on the site; remove the script. Or untick published.',
    );
    for (const src of ['file:///C:/Users/editor/chart.png', 'data:image/svg+xml;base64,PHN2Zz4=']) {
      const picture = await refusal(
        pb.collection('blogs').create({
          title: 'Picture',
          content: `<p><img src="${src}" alt="Chart"></p>`,
          published: true,
        }),
      );
      // A long address is cut short.
      const shown = src.length > 24 ? `${src.slice(0, 24)}…` : src;
      expect(picture?.message, src).toBe(
        `Cannot publish: picture ${shown} is not a web address; insert it with the image picker. Or untick published.`,
      );
    }
  });

  it('publishes what the site shows: colours (left out by design), web, PocketBase and pasted pictures', async () => {
    const content =
      '<p style="text-align: center"><span style="color: #e03e2d">Red</span> words.</p>' +
      '<p><img src="https://www.sars.gov.za/logo.png" alt=""></p>' +
      '<p><img src="http://127.0.0.1:8090/_/../api/files/blogs/abc/x.png?thumb=" alt=""></p>' +
      '<p><img src="/api/files/blogs/abc/y.png" alt=""></p>' +
      '<p><img src="data:image/png;base64,iVBORw0KGgo=" alt=""></p>';
    const post = await pb.collection('blogs').create({ title: 'Fine', content, published: true });
    expect(post.published).toBe(true);
  });
});
