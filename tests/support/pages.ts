import { expect, type Page } from '@playwright/test';

export const SUPPORT_EMAIL = 'support@ledgerwise.co.za';

/** The content pages: home, about, pricing, FAQ, the legal pages and BringSpark. */
export const PAGE_ROUTES = [
  '/',
  '/about',
  '/pricing',
  '/faq',
  '/policies',
  '/privacy-policy',
  '/terms-of-service',
  '/bringspark',
] as const;

/**
 * The chat app's address as this build rendered it (config/env's LINKS.chatApp, which build-time
 * PUBLIC_* variables can change): the hero's "Start Your Free Trial" link, which every other
 * chat-app call to action must match.
 */
export async function readChatAppUrl(page: Page): Promise<string> {
  await page.goto('/');
  const href = await page
    .locator('#hero')
    .getByRole('link', { name: /^Start Your Free Trial/ })
    .getAttribute('href');
  expect(href).toMatch(/^https:\/\//);
  expect(new URL(href!).origin).not.toBe(new URL(page.url()).origin);
  return href!;
}

/** Number of grid columns the browser actually laid out. */
export function countGridColumns(page: Page, selector: string): Promise<number> {
  return page
    .locator(selector)
    .evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').filter(Boolean).length);
}
