/**
 * PocketBase's admin UI as editors meet it, in Chromium at 1280 px in Johannesburg, against real
 * PocketBase servers with the project's migrations and hooks: where they land after login and
 * what the sidebar lists, the posts list, the pickers, the publish date in their own time zone
 * (and the minute job that publishes at it), a refused publish's reason where they look, the
 * media picker and the picture's alt text, and the help texts. docs/editors.md says the same.
 */
import { expect, test } from '@playwright/test';
import type PocketBase from 'pocketbase';
import {
  bodyEditor,
  expectHelpUnder,
  keepScreenshot,
  logInToAdminUi,
  openRecord,
} from '../support/adminUi';
import { pngBlob } from '../support/pictures';
import { clockedHooksDir, startTestPocketBase } from '../support/pocketbase';
import { startEndpoint } from '../support/pocketbaseUpgrade';

const EDITORS_TIME_ZONE = 'Africa/Johannesburg';
test.use({ viewport: { width: 1280, height: 800 }, timezoneId: EDITORS_TIME_ZONE });

test('after login an editor lands on the posts, each with its title and whether it is live in view, and the sidebar lists only what they edit', async ({
  page,
}, testInfo) => {
  const pocketbase = await startTestPocketBase({ seed: true });
  try {
    const pb = await pocketbase.superuserClient();
    const [newest] = (await pb.collection('blogs').getList(1, 1, { sort: '-@rowid' })).items;
    await logInToAdminUi(page, pocketbase.url, pocketbase.superuser);
    await expect(page).toHaveURL(/#\/collections\?collection=blogs$/);
    await expect(page.locator('.breadcrumbs')).toHaveText(/Collections\s*blogs/);
    const row = page.getByRole('row').filter({ hasText: newest.title });
    for (const column of ['title', 'published', 'published_at'])
      await expect(row.locator(`td.col-field-name-${column}`), column).toBeInViewport({
        ratio: 1,
      });
    // The collections they edit, and their versions, and nothing else: no `users`; the hooks'
    // state and the preview's accounts are under System, folded.
    const collections = page.locator('.nav-group-regular-collections .nav-item');
    await expect(collections).toHaveText([
      'authors',
      'blogs',
      'testimonials',
      'topics',
      'versions',
    ]);
    await expect(page.getByRole('button', { name: /^users\b/ })).toHaveCount(0);
    for (const internal of ['hook_state', 'preview_readers']) {
      const entry = page.locator('.nav-group-system-collections .nav-item', { hasText: internal });
      await expect(entry).toBeAttached();
      await expect(entry).toBeHidden();
    }
    await keepScreenshot(page, testInfo, 'after-login');
  } finally {
    await pocketbase.stop();
  }
});

test("a post's topic and author pickers take at most 5 each", async ({ page }) => {
  const pocketbase = await startTestPocketBase();
  try {
    const pb = await pocketbase.superuserClient();
    const post = await pb.collection('blogs').create({ title: 'Two-pot withdrawals' });
    await logInToAdminUi(page, pocketbase.url, pocketbase.superuser);
    await openRecord(page, post.title);
    for (const field of ['topics', 'authors']) {
      const input = page
        .locator('.field-type-relation')
        .filter({ has: page.locator('label', { hasText: new RegExp(`^${field}$`) }) });
      await input.getByRole('button', { name: 'Open records picker' }).click();
      await expect(page.getByText('Selected (0 of max 5)', { exact: true }), field).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByText('Selected (0 of max 5)', { exact: true })).toBeHidden();
    }
  } finally {
    await pocketbase.stop();
  }
});

/** The minute job run `minutes` times, the test clock a minute on before each; its time after. */
async function advanceClock(pb: PocketBase, minutes: number): Promise<number> {
  const path = `/api/ledgerwise/test-clock/advance/${minutes}`;
  return Date.parse((await pb.send<{ now: string }>(path, { method: 'POST' })).now);
}

/** A time as a clock in Johannesburg shows it: "09:00". */
const johannesburgTime = (ms: number) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: EDITORS_TIME_ZONE,
    hour: '2-digit',
    minute: '2-digit',
  }).format(ms);

test('a post an editor in Johannesburg schedules for 09:00 is stored as 07:00 UTC and goes live at 09:00 South African time', async ({
  page,
}) => {
  const hook = await startEndpoint();
  const hooks = await clockedHooksDir();
  const pocketbase = await startTestPocketBase({
    hooksDir: hooks.dir,
    env: { SITE_REBUILD_HOOK_URL: hook.url, SITE_REBUILD_MIN_INTERVAL_SECONDS: '0' },
  });
  try {
    const pb = await pocketbase.superuserClient();
    const post = await pb.collection('blogs').create({
      title: 'VAT on imported services',
      content: '<p>What changes, and from when.</p>',
    });
    // The next 09:00 in Johannesburg (07:00 UTC) at least two minutes ahead of the test clock.
    const now = await advanceClock(pb, 1);
    const due = new Date(now);
    due.setUTCHours(7, 0, 0, 0);
    if (due.getTime() < now + 120_000) due.setUTCDate(due.getUTCDate() + 1);
    const day = due.toISOString().slice(0, 10);

    await logInToAdminUi(page, pocketbase.url, pocketbase.superuser);
    await openRecord(page, post.title);
    await page.getByRole('checkbox', { name: 'published', exact: true }).check();
    // The field names the time zone it takes: the browser's.
    await expect(page.getByText(`published_at (${EDITORS_TIME_ZONE})`)).toBeVisible();
    await page.getByRole('textbox', { name: 'published_at' }).fill(`${day}T09:00:00`);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('heading', { name: 'Edit blogs record' })).toBeHidden();
    expect(await pb.collection('blogs').getOne(post.id)).toMatchObject({
      published: true,
      published_at: `${day} 07:00:00.000Z`,
    });
    // A scheduled post starts no rebuild when saved; the minute job starts it at its time.
    // The clock stands half a minute into a minute: this leaves it half a minute before 09:00.
    const before = await advanceClock(pb, Math.floor((due.getTime() - now) / 60_000));
    expect(johannesburgTime(before)).toBe('08:59');
    expect(hook.bodies).toEqual([]);
    const after = await advanceClock(pb, 1);
    expect(johannesburgTime(after)).toBe('09:00');
    expect(hook.bodies).toEqual([
      expect.objectContaining({ collection: 'blogs', action: 'scheduled', record_id: post.id }),
    ]);
  } finally {
    await pocketbase.stop();
    await hooks.remove();
    await hook.close();
  }
});

test('a refused publish says why under the Published switch the editor used, and the reason stays there', async ({
  page,
}, testInfo) => {
  const pocketbase = await startTestPocketBase();
  try {
    const pb = await pocketbase.superuserClient();
    // A long body: its end, where the embed is, lies screens below the switch.
    const paragraphs = Array.from({ length: 30 }, (_, i) => `<p>Paragraph ${i + 1}.</p>`);
    const draft = await pb.collection('blogs').create({
      title: 'Our webinar on provisional tax',
      content: `${paragraphs.join('')}<iframe src="https://www.youtube.com/embed/abc"></iframe>`,
    });
    await logInToAdminUi(page, pocketbase.url, pocketbase.superuser);
    await openRecord(page, draft.title);
    const published = page.getByRole('checkbox', { name: 'published', exact: true });
    await published.check();
    await page.getByRole('button', { name: 'Save changes' }).click();
    const message =
      'Cannot publish: videos cannot be embedded; paste the link as a link. Or switch off published.';
    const reason = page.locator('.field-help.error[data-input-name="published"]');
    await expect(reason).toHaveText(message);
    await keepScreenshot(page, testInfo, 'refused-publish');
    // The toast goes after about 3.5 s; the reason stays, in view, just under the switch.
    await page.waitForTimeout(5_000);
    await expect(page.locator('.toast')).toHaveCount(0);
    await expect(reason).toBeInViewport({ ratio: 1 });
    const [switchBox, reasonBox] = [
      (await published.boundingBox())!,
      (await reason.boundingBox())!,
    ];
    expect(reasonBox.y - (switchBox.y + switchBox.height)).toBeLessThan(40);
    await keepScreenshot(page, testInfo, 'refused-publish-5s-later');
    // The body shows the same under it, to fix; the post stays open and a draft.
    await expect(page.locator('.field-help.error[data-input-name="content"]')).toHaveText(message);
    await expect(published).toBeChecked();
    expect(await pb.collection('blogs').getOne(draft.id)).toMatchObject({ published: false });
    // Switching it off clears the reason, as the message says.
    await published.uncheck();
    await expect(reason).toHaveCount(0);
  } finally {
    await pocketbase.stop();
  }
});

test("an editor inserts one of the post's pictures from the media picker, which opens on the posts, and gives it alt text in the picture's dialog", async ({
  page,
}) => {
  const pocketbase = await startTestPocketBase();
  try {
    const pb = await pocketbase.superuserClient();
    const older = new FormData();
    older.set('title', 'An older post with a picture');
    older.set('pictures', await pngBlob(200, 100), 'older.png');
    await pb.collection('blogs').create(older);
    const form = new FormData();
    form.set('title', 'Quarter-end checklist');
    form.set('content', '<p>First paragraph.</p>');
    form.set('pictures', await pngBlob(640, 360), 'chart.png');
    form.set('banner_image', await pngBlob(1200, 630), 'banner.png');
    const post = await pb.collection('blogs').create(form);
    const [chart] = post.pictures as string[];

    await logInToAdminUi(page, pocketbase.url, pocketbase.superuser);
    await openRecord(page, post.title);
    const editor = bodyEditor(page);
    await editor.getByText('First paragraph.').click();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Insert media' }).click();
    await page.getByRole('menuitem', { name: 'Media from collection' }).click();
    // PocketBase's modals have no dialog role: the picker is known by its class.
    const picker = page.locator('.record-file-picker-modal');
    await expect(picker.getByRole('banner').getByRole('button').first()).toHaveText('blogs');
    // The newest post first, its pictures before its banner; the post's id in the search shows
    // its files alone.
    const thumbs = picker.locator('.record-file-picker-list img');
    await expect(thumbs.first()).toHaveAttribute('alt', chart);
    await picker.getByRole('textbox').fill(post.id);
    await picker.getByRole('textbox').press('Enter');
    await expect(thumbs).toHaveCount(2);
    const names = await thumbs.evaluateAll((images) =>
      images.map((image) => image.getAttribute('alt')),
    );
    expect(names).toEqual([chart, post.banner_image]);
    await picker.getByRole('img', { name: chart, exact: true }).click();
    await picker.getByRole('button', { name: 'Insert', exact: true }).click();
    const picture = editor.locator('img');
    await expect(picture).toHaveCount(1);

    // Its alt text: select it, then Insert media, Inline image (Base64), which opens the
    // selected picture's dialog.
    await picture.click();
    await page.getByRole('button', { name: 'Insert media' }).click();
    await page.getByRole('menuitem', { name: 'Inline image (Base64)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Insert/Edit Image' });
    await expect(dialog.getByRole('combobox', { name: 'Source' })).toHaveValue(
      new RegExp(`${chart}$`),
    );
    await dialog.getByRole('textbox', { name: 'Alternative description' }).fill('The chart');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(picture).toHaveAttribute('alt', 'The chart');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('heading', { name: 'Edit blogs record' })).toBeHidden();
    const saved = await pb.collection('blogs').getOne(post.id);
    expect(saved.content).toMatch(new RegExp(`<img src="[^"]*/${chart}"[^>]* alt="The chart"`));
  } finally {
    await pocketbase.stop();
  }
});

test("an editor opening a post reads each field's help text just under the field, and none says tick", async ({
  page,
}) => {
  const pocketbase = await startTestPocketBase();
  try {
    const pb = await pocketbase.superuserClient();
    const post = await pb.collection('blogs').create({
      title: 'Provisional tax in brief',
      content: '<p>Two payments a year.</p>',
    });
    await logInToAdminUi(page, pocketbase.url, pocketbase.superuser);
    // The names editors meet are the site's: the collection `topics` (never `tags`)…
    await expect(page.getByRole('button', { name: /^topics\b/ })).toBeVisible();
    await expect(page.getByRole('button', { name: /^tags\b/ })).toHaveCount(0);
    await openRecord(page, post.title);
    // …and a post's fields `topics` and `pictures`, each labelled by its name. (The list behind
    // the panel has a label of each column too, in its closed columns menu: not visible.)
    const label = (name: RegExp) => page.locator('label').filter({ hasText: name, visible: true });
    for (const name of ['topics', 'pictures'])
      await expect(label(new RegExp(`^${name}$`))).toBeVisible();
    await expect(label(/^(tags|images)$/)).toHaveCount(0);
    // Every help text the schema holds is on screen, and a switch is switched, not ticked…
    for (const collection of ['blogs', 'testimonials', 'topics', 'authors']) {
      const { fields } = await pb.collections.getOne(collection);
      for (const { help } of fields.filter((field) => field.help))
        expect(help, `${collection}: ${help}`).not.toMatch(/\btick/i);
    }
    const { fields } = await pb.collections.getOne('blogs');
    for (const { help } of fields.filter((field) => field.help))
      await expect(page.getByText(help, { exact: true })).toBeVisible();
    // …these word for word, each just under its field and aligned with it.
    const beside = [
      [
        page.getByRole('textbox', { name: /^title\b/ }),
        "Title: the post's heading, its page title, and its link on cards and in feeds.",
      ],
      [
        page.getByRole('checkbox', { name: 'published', exact: true }),
        'Published: switch on to put the post on the site at its publish date; off, it is a ' +
          'draft that only editors see.',
      ],
      [
        page.getByRole('textbox', { name: 'published_at' }),
        "Publish date, in the time zone in brackets after its name (your browser's): the date " +
          'the site shows. Empty when you switch on Published: now. Later: the post goes live then.',
      ],
      [
        page.getByRole('application'),
        'Body: the post. Headings (Heading 2) make its contents list; pictures pasted here ' +
          'become files in Pictures when you save.',
      ],
      [
        page.getByRole('textbox', { name: 'excerpt' }),
        'Excerpt: shown on cards and in feeds; when empty, the opening of the post.',
      ],
    ] as const;
    for (const [field, help] of beside)
      await expectHelpUnder(field, page.getByText(help, { exact: true }));
  } finally {
    await pocketbase.stop();
  }
});
