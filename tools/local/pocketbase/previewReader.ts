/**
 * The draft preview's account on a PocketBase of ours (local or test): a record of the
 * `preview_readers` collection, which can only read (pocketbase/pb_migrations). A build with
 * PREVIEW_DRAFTS=1 logs in with it; the superuser stays with the PocketBase host.
 */
import type PocketBase from 'pocketbase';

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
 * Creates the account, or sets its password when it exists, through `pb`, a superuser's client
 * (the folder belongs to this project). As for the superuser, setting the password ends the
 * account's sessions.
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
  if (existing) await readers.update(existing.id, data);
  else await readers.create(data);
}
