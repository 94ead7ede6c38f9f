/**
 * Versions in PocketBase's admin UI as an editor uses them, in Chromium at 1280 px: a post's
 * title edited, the earlier version found in `versions` and put back, and the site the rebuild
 * listener builds and serves shows the old title again; a deleted post put back at its address.
 * The build never asks PocketBase for a version: its request log says so.
 */
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { keepScreenshot, logInToAdminUi, openCollection, openRecord } from '../support/adminUi';
import { pngBlob } from '../support/pictures';
import { startTestPocketBase } from '../support/pocketbase';
import { copyProject } from '../support/projectCopy';
import { TEST_EMAILJS_ENV } from '../support/site';
import { readRequestFigures } from '../../tools/bench/requests.ts';
import { getFreePort } from '../../tools/local/pocketbase/serverProcess.ts';
import { listenerBuild } from '../../tools/publish/rebuildListener/build.ts';
import { createBuildQueue } from '../../tools/publish/rebuildListener/buildQueue.ts';
import { startListenerEndpoint } from '../../tools/publish/rebuildListener/endpoint.ts';
import { startStaticServer } from '../../tools/serve/staticServer.ts';

const SECRET = 'versions-e2e-listener-secret-0123456789';
/** Three builds on a busy machine: the first, the edit's and the put-back's. */
const BUILDS_TIMEOUT = 900_000;

test.use({ viewport: { width: 1280, height: 900 } });

/** Ticks `put_back` on the open version and saves it, as the help text under it says. */
async function putBack(page: Page) {
  await page.getByRole('checkbox', { name: 'put_back', exact: true }).check();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('heading', { name: 'Edit versions record' })).toBeHidden();
}

test("an editor changes a post's title, finds the earlier version, puts it back, and the served site shows the old title", async ({
  page,
}, testInfo) => {
  test.setTimeout(BUILDS_TIMEOUT);
  const project = await copyProject();
  const work = path.join(project.root, '.rebuild');
  const listenerPort = await getFreePort();
  const pocketbase = await startTestPocketBase({
    env: {
      SITE_REBUILD_HOOK_URL: `http://127.0.0.1:${listenerPort}/rebuild`,
      SITE_REBUILD_HOOK_SECRET: SECRET,
      SITE_REBUILD_MIN_INTERVAL_SECONDS: '0',
    },
  });
  const queue = createBuildQueue({
    publishPath: path.join(work, 'current'),
    buildsDir: path.join(work, 'builds'),
    build: listenerBuild({
      root: project.root,
      cacheDir: path.join(work, 'cache'),
      env: { ...TEST_EMAILJS_ENV, POCKETBASE_URL: pocketbase.url },
    }),
  });
  await queue.prepare();
  const listener = await startListenerEndpoint({ secret: SECRET, queue, port: listenerPort });
  const site = await startStaticServer({ root: path.join(work, 'current'), log: () => {} });
  const since = Date.now();
  try {
    const pb = await pocketbase.superuserClient();
    const post = await pb.collection('blogs').create({
      title: 'Filing season opens',
      content: '<p>The dates and the documents.</p>',
      published: true,
    });
    const heading = async () => {
      const response = await fetch(`${site.url}/blog/${post.id}`);
      if (!response.ok) return null;
      return /<h1[^>]*>([^<]*)<\/h1>/.exec(await response.text())?.[1].trim() ?? null;
    };
    const served = (title: string) =>
      expect.poll(heading, { timeout: BUILDS_TIMEOUT / 3, intervals: [1000] }).toBe(title);
    await served('Filing season opens');

    // The editor changes the title.
    await logInToAdminUi(page, pocketbase.url, pocketbase.superuser);
    await openCollection(page, 'blogs');
    await openRecord(page, 'Filing season opens');
    await page.getByRole('textbox', { name: /^title\b/ }).fill('Filing season opens on 1 July');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('heading', { name: 'Edit blogs record' })).toBeHidden();
    await served('Filing season opens on 1 July');

    // In versions, the post's own (its id in the search box), newest first: the post as it was
    // before, with the old title.
    await openCollection(page, 'versions');
    await page.locator('.records-searchbar-wrapper').getByRole('textbox').fill(post.id);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const rows = page.getByRole('row');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(1)).toContainText('Filing season opens');
    await expect(rows.nth(1)).not.toContainText('on 1 July');
    await keepScreenshot(page, testInfo, '1-versions-of-a-post-newest-first');
    await openRecord(page, 'Filing season opens', 'versions');
    await page.getByRole('checkbox', { name: 'put_back', exact: true }).check();
    await expect(page.getByRole('button', { name: 'Save changes' })).toBeEnabled();
    await keepScreenshot(page, testInfo, '2-a-version-put-back-switched-on');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('heading', { name: 'Edit versions record' })).toBeHidden();
    await expect(page.getByText(/^Successfully updated versions/)).toBeVisible();
    await served('Filing season opens');
    expect((await pb.collection('blogs').getOne(post.id)).title).toBe('Filing season opens');
    // What the put back replaced is now the newest version: the edit can be put back in turn.
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(1)).toContainText('Filing season opens on 1 July');
    await keepScreenshot(page, testInfo, '3-after-putting-back');

    // The builds read posts anonymously, never a version.
    await queue.whenIdle();
    const { total, peakPer10s } = await readRequestFigures(pocketbase.dataDir, since);
    expect(total).toBeGreaterThan(0);
    expect(Object.keys(peakPer10s).filter((bucket) => /versions/.test(bucket))).toEqual([]);
  } finally {
    await listener.close();
    await queue.stop();
    await site.close();
    await pocketbase.stop();
    await project.remove();
  }
});

test('an editor deletes a post, finds it in versions, flagged deleted, and puts it back at its address', async ({
  page,
}, testInfo) => {
  const pocketbase = await startTestPocketBase();
  try {
    const pb = await pocketbase.superuserClient();
    const form = new FormData();
    form.set('title', 'Provisional tax in brief');
    form.set('content', '<p>Two payments a year.</p>');
    form.set('published', 'true');
    form.set('banner_image', await pngBlob(640, 360, { r: 20, g: 120, b: 90 }), 'calendar.png');
    const post = await pb.collection('blogs').create(form);
    const address = `${pocketbase.url}/api/collections/blogs/records/${post.id}`;
    const banner = `${pocketbase.url}/api/files/${post.collectionId}/${post.id}/${post.banner_image}`;
    await logInToAdminUi(page, pocketbase.url, pocketbase.superuser);
    await openCollection(page, 'blogs');
    await openRecord(page, post.title);
    // The panel's menu holds Delete; PocketBase asks to confirm.
    await page.getByRole('button', { name: 'More options' }).click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('button', { name: 'Delete record' }).click();
    await expect.poll(async () => (await fetch(address)).status).toBe(404);

    await openCollection(page, 'versions');
    await openRecord(page, post.title, 'versions');
    await expect(page.getByRole('checkbox', { name: 'deleted', exact: true })).toBeChecked();
    await keepScreenshot(page, testInfo, '4-a-deleted-post');
    // Its pictures are kept with it: the banner shows among the version's files.
    const kept = page
      .locator('.record-upsert-modal')
      .getByRole('img', { name: `Thumb of ${post.banner_image}` });
    await kept.scrollIntoViewIfNeeded();
    await expect(kept).not.toHaveJSProperty('naturalWidth', 0);
    await keepScreenshot(page, testInfo, '5-a-deleted-posts-pictures-and-fields');
    await putBack(page);
    await expect.poll(async () => (await fetch(address)).status).toBe(200);
    expect((await fetch(banner)).status).toBe(200);
    expect(await pb.collection('blogs').getOne(post.id)).toMatchObject({
      title: post.title,
      content: post.content,
      published_at: post.published_at,
    });
  } finally {
    await pocketbase.stop();
  }
});
