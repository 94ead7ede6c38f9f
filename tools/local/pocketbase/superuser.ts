/**
 * The PocketBase superuser: its local login, and an SDK client logged in as it. (serverProcess.ts
 * writes it from the CLI before `serve`.)
 */
import PocketBase, { ClientResponseError } from 'pocketbase';

/**
 * LOCAL-ONLY credentials for the git-ignored `.pocketbase/` data folder that `npm start` and
 * `npm run dev` create on 127.0.0.1. Never use them for a deployed PocketBase: set
 * POCKETBASE_SUPERUSER_EMAIL / POCKETBASE_SUPERUSER_PASSWORD (or use your own server through
 * POCKETBASE_URL).
 */
export const LOCAL_SUPERUSER_EMAIL = 'admin@ledgerwise.local';
export const LOCAL_SUPERUSER_PASSWORD = 'ledgerwise-local-only';

export interface SuperuserLogin {
  email: string;
  password: string;
}

/** An SDK client logged in as the superuser, auto-cancellation off. */
export async function superuserClient(
  url: string,
  { email, password }: SuperuserLogin,
): Promise<PocketBase> {
  const pb = new PocketBase(url);
  pb.autoCancellation(false);
  try {
    await pb.collection('_superusers').authWithPassword(email, password);
  } catch (error) {
    if (!(error instanceof ClientResponseError)) throw error;
    // Status 0: no answer at all; the cause is the network's (connection refused, …).
    const reason = error.status ? `HTTP ${error.status}` : (error.originalError?.cause ?? error);
    throw new Error(`Superuser login as ${email} at ${url} failed: ${reason}`, { cause: error });
  }
  return pb;
}
