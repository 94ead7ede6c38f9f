import { formatCalendarDate } from '@/lib/formatDate';

/** The build variable that moves the Free plan's last day. */
const FREE_PLAN_END_VARIABLE = 'FREE_PLAN_END_DATE';

export interface FreePlanTerm {
  /** The offer's last day, "2025-07-21". */
  endDate: string;
  /** The same day for people: "21 July 2025". */
  endLabel: string;
  /** The offer's last moment, the end of that day in Johannesburg (SAST, UTC+2 all year). */
  validThrough: string;
  /** Whether the build runs before that moment: only then is the plan offered. */
  open: boolean;
  /** Whether FREE_PLAN_END_DATE set the day (rather than the config's default). */
  overridden: boolean;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function isCalendarDay(value: string): boolean {
  if (!DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/**
 * The Free plan's term as of `now`: the override when one is given (FREE_PLAN_END_DATE), else
 * the config's default. A day that is not a real YYYY-MM-DD date stops the build.
 */
export function resolveFreePlanTerm(
  override: string | undefined,
  defaultEndDate: string,
  now: Date,
): FreePlanTerm {
  const overridden = Boolean(override?.trim());
  const endDate = overridden ? override!.trim() : defaultEndDate;
  if (!isCalendarDay(endDate)) {
    throw new RangeError(
      `${FREE_PLAN_END_VARIABLE} must be a day written YYYY-MM-DD, such as 2025-07-21; got "${endDate}".`,
    );
  }
  const validThrough = `${endDate}T23:59:59+02:00`;
  return {
    endDate,
    endLabel: formatCalendarDate(endDate),
    validThrough,
    open: now.getTime() < Date.parse(validThrough) + 1000,
    overridden,
  };
}

/** The build's warning once the Free plan's last day has passed. */
export function describeEndedFreePlan(term: FreePlanTerm): string {
  const source = term.overridden
    ? `${FREE_PLAN_END_VARIABLE}=${term.endDate}`
    : `the default; ${FREE_PLAN_END_VARIABLE} is not set`;
  return (
    `The Free plan ended on ${term.endLabel} (${source}), so the pricing page and its structured ` +
    `data offer the 30-day free trial in its place. To offer the Free plan again, set ` +
    `${FREE_PLAN_END_VARIABLE} to its new last day (YYYY-MM-DD).`
  );
}
