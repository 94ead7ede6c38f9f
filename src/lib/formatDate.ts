/*
 * Every date and time the site prints is formatted here, one locale per format. All in UTC, so
 * the build machine's time zone cannot move a post to the day before or after the one stored in
 * PocketBase (which stores UTC).
 */

/** Post dates in US English, as the blog has always shown them: "July 1, 2025". */
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

/** Calendar days the South African way (day, month, year): "21 July 2025". */
const CALENDAR_DATE = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A calendar day ("2025-07-21") the South African way: "21 July 2025". */
export function formatCalendarDate(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime()))
    throw new RangeError(`formatCalendarDate: invalid day "${day}"`);
  return CALENDAR_DATE.format(date);
}

/** A 24-hour clock time: "07:00". */
const TIME_24H = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'UTC',
});

/** The time of day in UTC on a 24-hour clock: "07:00". */
export function formatUtcTime(date: Date): string {
  return TIME_24H.format(date);
}
