/**
 * The wait a `Retry-After` header asks for, in milliseconds from `now`: delay-seconds ("10") or an
 * HTTP date ("Wed, 21 Oct 2026 07:28:00 GMT"), never less than 0; undefined when there is no
 * header or it is neither (the caller then waits as long as it would without one).
 */
export function parseRetryAfter(value: string | null | undefined, now: number): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // A date always names its day or month in letters: this keeps "1.5" or "-3" from being one.
  const date = /[a-z]/i.test(text) ? Date.parse(text) : Number.NaN;
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
