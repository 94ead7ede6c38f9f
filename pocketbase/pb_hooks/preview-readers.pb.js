/*
 * The draft preview's accounts (pb_migrations/1795737606_preview_readers.js) sign in with a
 * password and read; no mail is ever sent for them, whatever the mail settings. An editor sets
 * their password in the admin UI. A reset or verification request gets PocketBase's answer for
 * an address it does not know (204), so it tells nobody whether an account exists; an email
 * change, asked by the account itself, is refused.
 */

onRecordRequestPasswordResetRequest((e) => e.noContent(204), 'preview_readers');

onRecordRequestVerificationRequest((e) => e.noContent(204), 'preview_readers');

onRecordRequestEmailChangeRequest(() => {
  throw new ForbiddenError("An editor changes a preview account's email in the admin UI.");
}, 'preview_readers');
