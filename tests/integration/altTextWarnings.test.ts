/**
 * A picture in a live post without alt text is named in the build's content warnings, with the
 * post: a screen reader says nothing of it. Here the picture is pasted, as an editor does, and
 * PocketBase's hook moves it into the post's pictures at save (pb_hooks/content/pictures.js).
 */
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { pocketBaseBlogsLoader } from '@/cms/blogs';
import { blogSchema } from '@/cms/schemas';
import { CONTENT_WARNINGS_KEY } from '@/config/contentWarnings.ts';
import { formatContentWarnings } from '@/integrations/contentWarnings';
import { createLoaderContext } from '../support/loaderContext';
import { pngBuffer } from '../support/pictures';
import { startTestPocketBase, type TestPocketBase } from '../support/pocketbase';

let server: TestPocketBase;
let pb: PocketBase;
beforeAll(async () => {
  server = await startTestPocketBase();
  pb = await server.superuserClient();
});
afterAll(() => server?.stop());

const blogWarnings = () =>
  (globalThis as { [CONTENT_WARNINGS_KEY]?: Map<string, string[]> })[CONTENT_WARNINGS_KEY]?.get(
    'blogs',
  ) ?? [];

it('names each picture of a live post that has no alt text, with the post, in the content warnings', async () => {
  const pasted = `data:image/png;base64,${(await pngBuffer(64, 32)).toString('base64')}`;
  const post = await pb.collection('blogs').create({
    title: 'Filing season checklist',
    content:
      `<p>The checklist:</p><p><img src="${pasted}" alt=""></p>` +
      `<p><img src="${pasted}" alt="The checklist, in a table"></p>`,
    published: true,
  });
  // The hook moved both pasted pictures into files; the body names them.
  expect(post.pictures).toHaveLength(2);
  const [undescribed] = post.pictures as string[];
  expect(post.content).toContain(`/${post.id}/${undescribed}" alt=""`);

  const { context } = createLoaderContext('blogs', blogSchema);
  await pocketBaseBlogsLoader({ url: server.url, failOnError: true }).load(context);
  const line = `Post "Filing season checklist" (${post.id}): no alt text, so screen readers skip it: ${undescribed}`;
  expect(blogWarnings()).toEqual([line]);
  expect(formatContentWarnings(blogWarnings())).toBe(
    `Content warnings for the editors (1):\n  - ${line}`,
  );
});
