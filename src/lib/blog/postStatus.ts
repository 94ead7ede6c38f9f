import { formatPostDate, formatUtcTime } from '@/lib/formatDate';

/** A post as the editor left it: only "published" posts reach the production site. */
export type PostStatus = 'published' | 'scheduled' | 'draft';

/** Draft until `published` is ticked; scheduled while its publish date is still ahead. */
export function getPostStatus(
  published: boolean,
  publishedAt: Date | undefined,
  now: Date = new Date(),
): PostStatus {
  if (!published || !publishedAt) return 'draft';
  return publishedAt.getTime() > now.getTime() ? 'scheduled' : 'published';
}

/**
 * The preview badge: "Draft", or "Scheduled for July 1, 2025, 07:00 UTC" (UTC, as PocketBase's
 * admin UI shows the date the editor picked). Published posts have none.
 */
export function statusLabel(status: PostStatus, date: Date): string | undefined {
  if (status === 'draft') return 'Draft';
  if (status === 'scheduled')
    return `Scheduled for ${formatPostDate(date)}, ${formatUtcTime(date)} UTC`;
  return undefined;
}
