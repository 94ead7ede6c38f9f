/**
 * The publish check in PocketBase's hooks (pb_hooks/content/publishCheck.js, running the site's
 * judgment bundled), through the API as the admin UI uses it, on a real PocketBase 0.22: a save
 * that would publish what the site leaves out is refused with a message that says what to do;
 * drafts and colours never are, but no save takes a body over the size limit. The cases are the
 * unit test's (tests/support/publishCases.ts), so the hook and the judgment cannot disagree.
 */
import { ClientResponseError } from 'pocketbase';
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPocketBase, type TestPocketBase } from '../support/pocketbase';
import {
  HUGE_BANNER_REFUSAL,
  HUGE_PICTURE,
  hugeFileRefusal,
  OVERSIZED_BODY,
  OVERSIZED_BODY_REFUSAL,
  pngHeader,
  PUBLISH_CASES,
} from '../support/publishCases';

let server: TestPocketBase;
let pb: PocketBase;

beforeAll(async () => {
  server = await startTestPocketBase();
  pb = await server.superuserClient();
});
afterAll(() => server?.stop());

/** The refusal's status and message, or undefined when the save went through. */
async function answerOf(save: Promise<unknown>) {
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
    const refused = await answerOf(
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
      (await answerOf(pb.collection('blogs').update(draft.id, { published: true })))?.status,
    ).toBe(400);
    expect(await pb.collection('blogs').getOne(draft.id)).toMatchObject({
      published: false,
      published_at: '',
    });
    // Scheduling counts as publishing.
    const ahead = new Date(Date.now() + 86_400_000).toISOString().replace('T', ' ');
    expect(
      (
        await answerOf(
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

  it.each(PUBLISH_CASES)('$name', async ({ content, refusal }) => {
    const answer = await answerOf(
      pb.collection('blogs').create({ title: 'Case', content, published: true }),
    );
    expect(answer?.message).toBe(refusal);
    if (refusal) expect(answer?.status).toBe(400);
  });

  it('refuses any save of a body over 16 MB, a draft too', async () => {
    const answer = await answerOf(
      pb.collection('blogs').create({ title: 'Huge', content: OVERSIZED_BODY }),
    );
    expect(answer).toEqual({ status: 400, message: OVERSIZED_BODY_REFUSAL });
  });

  it('refuses to publish a banner or a body picture from PocketBase over the pixel cap, read from its header', async () => {
    const png = (bytes: Uint8Array, name: string) =>
      new File([new Uint8Array(bytes)], name, { type: 'image/png' });
    const huge = png(HUGE_PICTURE, 'huge.png');
    // Uploaded with the publishing save.
    const uploaded = new FormData();
    uploaded.append('title', 'Banner');
    uploaded.append('content', '<p>x</p>');
    uploaded.append('published', 'true');
    uploaded.append('banner_image', huge);
    expect((await answerOf(pb.collection('blogs').create(uploaded)))?.message).toBe(
      HUGE_BANNER_REFUSAL,
    );
    // Stored with a draft, then published.
    const draft = await pb.collection('blogs').create({ title: 'Banner', banner_image: huge });
    expect(
      (await answerOf(pb.collection('blogs').update(draft.id, { published: true })))?.message,
    ).toBe(HUGE_BANNER_REFUSAL);
    // A picture the image picker inserts from the post's files.
    const withFile = await pb.collection('blogs').update(draft.id, {
      banner_image: png(pngHeader(8000, 6000, 4096), 'fine.png'),
    });
    expect(
      (await answerOf(pb.collection('blogs').update(draft.id, { published: true })))?.message,
    ).toBeUndefined();
    const gallery = await pb.collection('blogs').create({ title: 'Gallery', banner_image: huge });
    const src = `http://127.0.0.1:8090/_/../api/files/blogs/${gallery.id}/${gallery.banner_image}?thumb=`;
    const answer = await answerOf(
      pb.collection('blogs').update(withFile.id, {
        content: `<p><img src="${src}" alt=""></p>`,
        published: true,
      }),
    );
    expect(answer?.message).toBe(hugeFileRefusal(gallery.banner_image));
  });
});
