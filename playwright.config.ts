// First: the .env files (CHROMIUM_PATH) and the Node check, as for every other command.
import './tools/shared/env.ts';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS, findChromium } from './tools/shared/chromium.ts';

/**
 * End-to-end tests drive the real built site in real Chromium. The global setup starts a
 * seeded PocketBase, builds the site into a temporary folder and serves it; it hands the URLs
 * to the workers through process.env, so baseURL is read again in each worker.
 */
export default defineConfig({
  testDir: './tests/e2e',
  globalSetup: './tests/support/globalSetup.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  forbidOnly: true,
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  reporter: process.env.CI ? [['list'], ['github']] : [['list']],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    colorScheme: 'no-preference',
    // Recording a trace snapshots the page at every step, which slows every test down: only on a
    // retry. A failure keeps its screenshot; `--trace on` records one.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: findChromium(), args: CHROMIUM_FLAGS },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
});
