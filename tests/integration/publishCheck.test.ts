/**
 * The publish check in PocketBase's hooks (pb_hooks/content/publishCheck.js, running the site's
 * judgment bundled), through the API as the admin UI uses it, on a real PocketBase: a save that
 * would publish what the site leaves out is refused with a message that says what to do; drafts
 * and colours never are, but no save takes a body over the size limit. The cases are the unit
 * test's (tests/support/publishCases.ts), so the hook and the judgment cannot disagree. Pictures
 * over the pixel cap never get stored: pocketbasePictures.test.ts.
 */
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusalOf, startTestPocketBase, type TestPocketBase } from '../support/pocketbase';
import { OVERSIZED_BODY, OVERSIZED_BODY_REFUSAL, PUBLISH_CASES } from '../support/publishCases';

let server: TestPocketBase;
let pb: PocketBase;

beforeAll(async () => {
  server = await startTestPocketBase();
  pb = await server.superuserClient();
});
afterAll(() => server?.stop());

const EMBED = '<p>Watch:</p><iframe src="https://www.youtube.com/embed/abc"></iframe>';

describe('publishing a post PocketBase checks first', () => {
  it('refuses to publish an embedded video, saying what to do instead; the draft is saved', async () => {
    const refused = await refusalOf(
      pb.collection('blogs').create({ title: 'Video', content: EMBED, published: true }),
    );
    const message =
      'Cannot publish: videos cannot be embedded; paste the link as a link. Or switch off published.';
    // The admin UI shows a field's error under the field until the editor changes it: under the
    // Published switch the editor used, and under the body to fix.
    const fieldError = { code: 'publish_refused', message };
    expect(refused).toMatchObject({
      status: 400,
      message,
      data: { published: fieldError, content: fieldError },
    });
    expect((await pb.collection('blogs').getList(1, 1)).totalItems).toBe(0);

    // The same body as a draft is saved; publishing it later is refused, and it stays a draft.
    const draft = await pb.collection('blogs').create({ title: 'Video', content: EMBED });
    expect(
      (await refusalOf(pb.collection('blogs').update(draft.id, { published: true })))?.status,
    ).toBe(400);
    expect(await pb.collection('blogs').getOne(draft.id)).toMatchObject({
      published: false,
      published_at: '',
    });
    // Scheduling counts as publishing.
    const ahead = new Date(Date.now() + 86_400_000).toISOString().replace('T', ' ');
    expect(
      (
        await refusalOf(
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

  it.each(PUBLISH_CASES)('$name', async ({ content, refusal, hook }) => {
    const answer = await refusalOf(
      pb.collection('blogs').create({ title: 'Case', content, published: true }),
    );
    expect(answer?.message).toBe(hook ?? refusal);
    if (refusal) expect(answer?.status).toBe(400);
    // What the hooks refuse first, they refuse for a draft too.
    if (hook) {
      const draft = pb.collection('blogs').create({ title: 'Case', content });
      expect((await refusalOf(draft))?.message).toBe(hook);
    }
  });

  it('refuses any save of a body over 1 MB, a draft too', async () => {
    const answer = await refusalOf(
      pb.collection('blogs').create({ title: 'Huge', content: OVERSIZED_BODY }),
    );
    expect(answer).toMatchObject({ status: 400, message: OVERSIZED_BODY_REFUSAL });
  });
});
