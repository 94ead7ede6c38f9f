/**
 * The failure policy through a real `astro build`: a production build never ships without the
 * blog, so it stops when PocketBase is unreachable or not configured.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runBuild } from '../support/site';
import { getFreePort } from '../../tools/local/pocketbase/server.ts';
import { startSilentServer } from '../support/silentServer';

/** What a production build reads from PocketBase and stops without. */
const FETCHED = '(blogs|topics|authors)';
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('astro build without a working PocketBase', () => {
  it('fails naming the URL and the cause when PocketBase is unreachable', async () => {
    const url = `http://127.0.0.1:${await getFreePort()}`;
    const { code, output, outDir } = await runBuild({ pocketbaseUrl: url });
    await rm(path.dirname(outDir), { recursive: true, force: true });
    expect(code).not.toBe(0);
    // The loaders run at once: whichever reaches PocketBase first stops the build.
    expect(output).toMatch(new RegExp(`Failed to fetch ${FETCHED}: ${escape(url)}: unreachable`));
  });

  it('fails naming the URL and the cause when PocketBase accepts the connection and never answers', async () => {
    const silent = await startSilentServer();
    try {
      const { code, output, outDir } = await runBuild({
        pocketbaseUrl: silent.url,
        env: { POCKETBASE_TIMEOUT_SECONDS: '3' },
      });
      await rm(path.dirname(outDir), { recursive: true, force: true });
      expect(code).not.toBe(0);
      expect(output).toMatch(
        new RegExp(
          `Failed to fetch ${FETCHED}: ${escape(silent.url)}: timed out: no complete answer within 3 s`,
        ),
      );
      expect(silent.connections()).toBeGreaterThan(0);
    } finally {
      await silent.close();
    }
  }, 180_000);

  it('stops with a clear message when POCKETBASE_URL is missing', async () => {
    const { code, output, outDir } = await runBuild({
      pocketbaseUrl: '',
      env: { POCKETBASE_URL: undefined },
    });
    await rm(path.dirname(outDir), { recursive: true, force: true });
    expect(code).not.toBe(0);
    expect(output).toContain('POCKETBASE_URL is not set');
  });
});
