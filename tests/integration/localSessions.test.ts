/**
 * The local PocketBase (`npm start`, `npm run dev`) keeps its accounts' sessions across a restart:
 * an editor signed in to the admin UI, or a preview build, stays signed in. Only a password
 * changed in the environment ends them.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import PocketBase from 'pocketbase';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startLocalPocketBase } from '../../tools/local/pocketbase/localServer.ts';
import { refusalOf } from '../support/pocketbase';

const SUPERUSERS = '_superusers';
const READERS = 'preview_readers';
/** PocketBase's rate limit on logins: 2 in 3 s an address (1795737603_rate_limits.js). */
const LOGIN_WINDOW_MS = 3_100;

const saved = { ...process.env };
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'lw-pb-sessions-'));
  process.env.POCKETBASE_PORT = '0';
  process.env.POCKETBASE_SUPERUSER_EMAIL = 'sessions-admin@test.local';
  process.env.POCKETBASE_SUPERUSER_PASSWORD = 'sessions-admin-password';
  process.env.POCKETBASE_PREVIEW_EMAIL = 'sessions-preview@test.local';
  process.env.POCKETBASE_PREVIEW_PASSWORD = 'sessions-preview-password';
});
afterAll(async () => {
  process.env = saved;
  await rm(dataDir, { recursive: true, force: true });
});

/** Starts the local server on the test's folder, runs `use` on its URL, and stops it. */
async function withLocalServer(use: (url: string) => Promise<void>) {
  const local = await startLocalPocketBase({ dataDir, seed: false, log: () => {} });
  try {
    // The start's own login and this test's share the limit on logins.
    await sleep(LOGIN_WINDOW_MS);
    await use(local.url);
  } finally {
    await local.stop();
  }
}

/** A token of the account, from a login with the environment's password. */
async function logIn(url: string, collection: string, email: string, password: string) {
  const pb = new PocketBase(url);
  await pb.collection(collection).authWithPassword(email, password);
  return pb.authStore.token;
}

/** The HTTP status PocketBase answers a token's refresh with: 200 while its session holds. */
async function refreshStatus(url: string, collection: string, token: string) {
  const pb = new PocketBase(url);
  pb.authStore.save(token, null);
  return (await refusalOf(pb.collection(collection).authRefresh()))?.status ?? 200;
}

it("keeps the superuser's and the preview account's sessions across a restart; a changed password ends them", async () => {
  let superuserToken = '';
  let readerToken = '';
  await withLocalServer(async (url) => {
    const env = process.env;
    superuserToken = await logIn(url, SUPERUSERS, env.POCKETBASE_SUPERUSER_EMAIL!, env.POCKETBASE_SUPERUSER_PASSWORD!); // prettier-ignore
    await sleep(LOGIN_WINDOW_MS);
    readerToken = await logIn(url, READERS, env.POCKETBASE_PREVIEW_EMAIL!, env.POCKETBASE_PREVIEW_PASSWORD!); // prettier-ignore
  });

  // Restarted with the same passwords: both sessions hold.
  await withLocalServer(async (url) => {
    expect(await refreshStatus(url, SUPERUSERS, superuserToken)).toBe(200);
    expect(await refreshStatus(url, READERS, readerToken)).toBe(200);
  });

  // A new password for each in the environment: their old sessions end, the new passwords sign in.
  process.env.POCKETBASE_SUPERUSER_PASSWORD = 'sessions-admin-password-changed';
  process.env.POCKETBASE_PREVIEW_PASSWORD = 'sessions-preview-password-changed';
  await withLocalServer(async (url) => {
    expect(await refreshStatus(url, SUPERUSERS, superuserToken)).toBe(401);
    expect(await refreshStatus(url, READERS, readerToken)).toBe(401);
    const env = process.env;
    await expect(logIn(url, SUPERUSERS, env.POCKETBASE_SUPERUSER_EMAIL!, env.POCKETBASE_SUPERUSER_PASSWORD!)).resolves.toBeTruthy(); // prettier-ignore
    await sleep(LOGIN_WINDOW_MS);
    await expect(logIn(url, READERS, env.POCKETBASE_PREVIEW_EMAIL!, env.POCKETBASE_PREVIEW_PASSWORD!)).resolves.toBeTruthy(); // prettier-ignore
  });
});
