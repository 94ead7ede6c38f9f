import { CHROMIUM_FLAGS, findChromium } from '../../tools/shared/chromium.ts';

/** Flags that keep headless Chromium quiet on a machine without outside network. */
export const CHROMIUM_ARGS: string[] = CHROMIUM_FLAGS;

/** CHROMIUM_PATH, else Debian's /usr/bin/chromium, else Playwright's own browser (undefined). */
export function chromiumExecutable(): string | undefined {
  return findChromium();
}
