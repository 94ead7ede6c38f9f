/**
 * The draft preview's account on a PocketBase of ours (local or test): a record of the
 * `preview_readers` collection, which can only read (pocketbase/pb_migrations). A build with
 * PREVIEW_DRAFTS=1 logs in with it; the superuser stays with the PocketBase host.
 */
import type PocketBase from 'pocketbase';
import { ClientResponseError } from 'pocketbase';

/** The collection of pocketbase/pb_migrations/1795737606_preview_readers.js. */
const PREVIEW_READERS = 'preview_readers';

/**
 * LOCAL-ONLY login for the git-ignored `.pocketbase/` data folder that `npm start` and
 * `npm run dev` create on 127.0.0.1. A deployed PocketBase gets its own (docs/publishing.md).
 */
export const LOCAL_PREVIEW_EMAIL = 'preview@ledgerwise.local';
export const LOCAL_PREVIEW_PASSWORD = 'ledgerwise-preview-local-only';

export interface PreviewReaderLogin {
  email: string;
  password: string;
}

/**
 * Creates the account, or sets its password when it exists with another, through `pb`, a
 * superuser's client (the folder belongs to this project). As for the superuser, setting a
 * password, even the same one, ends the account's sessions: an unchanged one is left alone.
 */
export async function upsertPreviewReader(
  pb: PocketBase,
  { email, password }: PreviewReaderLogin,
): Promise<void> {
  const readers = pb.collection(PREVIEW_READERS);
  const data = { email, password, passwordConfirm: password };
  const [existing] = (
    await readers.getList(1, 1, { filter: pb.filter('email = {:email}', { email }) })
  ).items;
  if (!existing) await readers.create(data);
  else if (!(await signsIn(pb, { email, password }))) await readers.update(existing.id, data);
}

/**
 * Whether PocketBase takes the account's password, asked on the superuser's client: a login
 * that carries a superuser's token is one PocketBase's rate limiter never counts, so this check
 * leaves the limit on logins (2 in 3 s an address) to the superuser's and the build's.
 */
async function signsIn(pb: PocketBase, { email, password }: PreviewReaderLogin) {
  try {
    await pb.send(`/api/collections/${PREVIEW_READERS}/auth-with-password`, {
      method: 'POST',
      body: { identity: email, password },
    });
    return true;
  } catch (error) {
    if (error instanceof ClientResponseError && error.status === 400) return false;
    throw error;
  }
}
