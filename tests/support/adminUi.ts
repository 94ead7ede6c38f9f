/**
 * PocketBase's admin UI as an editor drives it, for the end-to-end specs: signing in, the sidebar,
 * a record's edit panel.
 */
import { expect, type Page } from '@playwright/test';
import type { SuperuserLogin } from '../../tools/local/pocketbase/superuser.ts';

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
