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

/**
 * The plan cards' buttons as Chromium laid them out at `width`: each the same height, at its
 * card's foot (nothing under it but the card's padding and border: 24 + 1 px, or 32 + 2 on the
 * highlighted card), and from lg, where the cards stand side by side, all on one line.
 */
export async function expectPlanButtonsAligned(page: Page, width: number) {
  await page.setViewportSize({ width, height: 900 });
  const cards = await page.locator('[data-plans] > li').all();
  expect(cards).toHaveLength(3);
  const boxes = await Promise.all(
    cards.map(async (card) => ({
      card: (await card.boundingBox())!,
      // A card's one link is its button.
      button: (await card.getByRole('link').boundingBox())!,
    })),
  );
  for (const { card, button } of boxes) {
    expect(button.height, `a button at ${width} px`).toBe(48);
    const below = card.y + card.height - (button.y + button.height);
    expect(below, `room under a button at ${width} px`).toBeGreaterThanOrEqual(24);
    expect(below, `room under a button at ${width} px`).toBeLessThanOrEqual(34);
  }
  if (width >= 1024) {
    const bottoms = boxes.map(({ button }) => Math.round(button.y + button.height));
    expect(new Set(bottoms).size, `button bottoms ${bottoms.join(', ')}`).toBe(1);
  }
}
