/**
 * The failure policy through a real `astro build`: a production build never ships without the
 * blog, so it stops when PocketBase never answers, after POCKETBASE_TIMEOUT_SECONDS. (Unreachable:
 * incrementalPages.test.ts; POCKETBASE_URL missing: envFile.test.ts; each cause per loader:
 * contentLoaders.test.ts and pocketbaseTimeout.test.ts.)
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runBuild } from '../support/site';
import { startSilentServer } from '../support/silentServer';

describe('astro build without a working PocketBase', () => {
  it('fails naming the URL and the cause when PocketBase accepts the connection and never answers', async () => {
    const silent = await startSilentServer();
    try {
      const { code, output, outDir } = await runBuild({
        pocketbaseUrl: silent.url,
        env: { POCKETBASE_TIMEOUT_SECONDS: '3' },
      });
      await rm(path.dirname(outDir), { recursive: true, force: true });
      expect(code).not.toBe(0);
      // The loaders run at once: whichever reaches PocketBase first stops the build.
      expect(output).toMatch(
        new RegExp(
          `Failed to fetch (blogs|topics|authors): ${silent.url.replace(/\./g, '\\.')}: timed out: no complete answer within 3 s`,
        ),
      );
      expect(silent.connections()).toBeGreaterThan(0);
    } finally {
      await silent.close();
    }
  }, 180_000);
});
