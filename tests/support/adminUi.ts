/**
 * PocketBase's admin UI as an editor drives it, in Chromium (tests/e2e): logging in, the sidebar,
 * a record's edit panel, a post's body editor, and where a field's help text sits.
 */
import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';
import type { SuperuserLogin } from '../../tools/local/pocketbase/superuser.ts';

/** A screenshot of the page, kept with the test's output (test-results/), for a reader to look at. */
export async function keepScreenshot(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`) });
}

/** Logs in to PocketBase's admin UI at `origin`, as an editor does. */
export async function logInToAdminUi(
  page: Page,
  origin: string,
  { email, password }: SuperuserLogin,
) {
  await page.goto(`${origin}/_/#/login`);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** Opens a collection from the admin UI's sidebar, which a narrow screen folds behind a toggle. */
export async function openCollection(page: Page, name: string, { foldedSidebar = false } = {}) {
  if (foldedSidebar) await page.getByRole('button', { name: 'Toggle sidebar' }).click();
  // The entry's name is the collection's plus its pin button's icon.
  await page.getByRole('button', { name: new RegExp(`^${name}\\b`) }).click();
}

/**
 * Opens a record from a collection's list (a table; on a phone, a card per row) into its edit
 * panel, by a text its row shows: a post by its title.
 */
export async function openRecord(page: Page, text: string, collection = 'blogs') {
  await page.getByRole('row').getByText(text, { exact: true }).click();
  await expect(page.getByRole('heading', { name: `Edit ${collection} record` })).toBeVisible();
}

/**
 * The body's editor (TinyMCE). The admin UI preloads a hidden one that it soon removes; the
 * role skips hidden elements, so this is the panel's.
 */
export function bodyEditor(page: Page) {
  return page.getByRole('application').locator('iframe').contentFrame();
}

/** A help text sits just under its field (within a line), its left edge on the field's. */
export async function expectHelpUnder(field: Locator, help: Locator) {
  await expect(help).toBeVisible();
  const [fieldBox, helpBox] = [(await field.boundingBox())!, (await help.boundingBox())!];
  const gap = helpBox.y - (fieldBox.y + fieldBox.height);
  const what = `"${await help.textContent()}" under its field`;
  expect(gap, what).toBeGreaterThanOrEqual(0);
  expect(gap, what).toBeLessThan(40);
  expect(Math.abs(helpBox.x - fieldBox.x), what).toBeLessThanOrEqual(1);
}
