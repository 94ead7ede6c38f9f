/**
 * Whether this build is a draft preview: PREVIEW_DRAFTS=1 (with PocketBase admin credentials)
 * builds drafts and scheduled posts too, for a private noindex preview site. Unset, empty or "0"
 * is the production site. Anything else is a mistake worth stopping for, not a guess.
 */
export function isPreviewMode(value: string | undefined): boolean {
  const text = (value ?? '').trim();
  if (text === '' || text === '0') return false;
  if (text === '1') return true;
  throw new Error(`PREVIEW_DRAFTS must be "1" (a draft preview) or unset, not "${text}".`);
}
