/*
 * In UTC, so the build machine's time zone cannot move a post to the day before or after the
 * one stored in PocketBase (which stores UTC).
 */
const POST_DATE = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});

/** "July 1, 2025". Throws a RangeError for an invalid date rather than printing "Invalid Date". */
export function formatPostDate(date: Date): string {
  if (Number.isNaN(date.getTime())) throw new RangeError('formatPostDate: invalid date');
  return POST_DATE.format(date);
}
