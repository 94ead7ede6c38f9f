/**
 * The PocketBase admin account: created from the CLI (the server cannot create its first admin
 * over HTTP) and verified by logging in.
 */
import PocketBase, { ClientResponseError } from 'pocketbase';
import { runCli } from './server.ts';

/**
 * LOCAL-ONLY credentials for the git-ignored `.pocketbase/` data folder that `npm start` and
 * `npm run dev` create on 127.0.0.1. Never use them for a deployed PocketBase: set
 * POCKETBASE_ADMIN_EMAIL / POCKETBASE_ADMIN_PASSWORD (or use your own server via POCKETBASE_URL).
 */
export const LOCAL_ADMIN_EMAIL = 'admin@ledgerwise.local';
export const LOCAL_ADMIN_PASSWORD = 'ledgerwise-local-only';

/**
 * An SDK client logged in as the admin (auto-cancellation off), or null when the credentials are
 * refused.
 */
async function adminLogin(
  url: string,
  email: string,
  password: string,
): Promise<PocketBase | null> {
  const pb = new PocketBase(url);
  pb.autoCancellation(false);
  try {
    await pb.admins.authWithPassword(email, password);
    return pb;
  } catch (error) {
    if (!(error instanceof ClientResponseError)) throw error;
    if (error.status === 400) return null;
    // Status 0: no answer at all; the cause is the network's (connection refused, …).
    const reason = error.status ? `HTTP ${error.status}` : (error.originalError?.cause ?? error);
    throw new Error(`Admin login at ${url} failed: ${reason}`, { cause: error });
  }
}

/**
 * Create the admin account non-interactively (after migrations ran, i.e. after startPocketBase)
 * and verify the login. An existing admin with that email is fine; if its password differs it is
 * set to the given one, because the data folder belongs to this project (local or test).
 * Resolves to an SDK client logged in as that admin.
 */
export async function ensureAdmin({
  url,
  dataDir,
  email,
  password,
}: {
  url: string;
  dataDir: string;
  email: string;
  password: string;
}): Promise<PocketBase> {
  const dirArgs = ['--dir', dataDir, '--dev=false', '--automigrate=false'];
  // `--` ends the flags, so a password that starts with "-" is not read as one.
  const created = await runCli(['admin', 'create', ...dirArgs, '--', email, password]);
  const existed = /UNIQUE constraint failed|already exists/i.test(created);
  if (!/Successfully created/i.test(created) && !existed) {
    throw new Error(`Could not create the PocketBase admin ${email} in ${dataDir}:\n${created}`);
  }
  let pb = await adminLogin(url, email, password);
  if (!pb && existed) {
    const updated = await runCli(['admin', 'update', ...dirArgs, '--', email, password]);
    if (!/Successfully changed/i.test(updated)) {
      throw new Error(
        `Could not update the password of the PocketBase admin ${email}:\n${updated}`,
      );
    }
    pb = await adminLogin(url, email, password);
  }
  if (!pb) throw new Error(`The PocketBase admin ${email} exists but cannot log in at ${url}.`);
  return pb;
}
