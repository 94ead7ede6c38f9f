import { describe, expect, it } from 'vitest';
import { describeEndedFreePlan, resolveFreePlanTerm } from '@/lib/freePlan';
import { formatCalendarDate } from '@/lib/formatDate';
import { FREE_PLAN_DEFAULT_END_DATE } from '@/config/site';

describe('resolveFreePlanTerm', () => {
  it('uses the config default (21 July 2025) unless FREE_PLAN_END_DATE gives a day', () => {
    expect(FREE_PLAN_DEFAULT_END_DATE).toBe('2025-07-21');
    const now = new Date('2025-01-01T00:00:00Z');
    expect(resolveFreePlanTerm(undefined, FREE_PLAN_DEFAULT_END_DATE, now)).toEqual({
      endDate: '2025-07-21',
      endLabel: '21 July 2025',
      validThrough: '2025-07-21T23:59:59+02:00',
      open: true,
      overridden: false,
    });
    expect(resolveFreePlanTerm('  ', FREE_PLAN_DEFAULT_END_DATE, now).overridden).toBe(false);
    expect(resolveFreePlanTerm(' 2026-03-31 ', FREE_PLAN_DEFAULT_END_DATE, now)).toMatchObject({
      endDate: '2026-03-31',
      endLabel: '31 March 2026',
      overridden: true,
    });
  });

  it('runs to the end of the last day in Johannesburg (UTC+2), not a second longer', () => {
    const term = (iso: string) => resolveFreePlanTerm('2025-07-21', 'unused', new Date(iso));
    expect(term('2025-07-21T23:59:59.999+02:00').open).toBe(true);
    expect(term('2025-07-21T21:59:59Z').open).toBe(true);
    expect(term('2025-07-22T00:00:00+02:00').open).toBe(false);
    expect(term('2026-11-23T12:00:00Z').open).toBe(false);
  });

  it('stops the build on a day that is not a real YYYY-MM-DD date, naming the variable', () => {
    const now = new Date();
    for (const value of ['21 July 2025', '2025-7-21', '2025-02-30', '2025-13-01', 'soon']) {
      expect(() => resolveFreePlanTerm(value, FREE_PLAN_DEFAULT_END_DATE, now)).toThrow(
        /FREE_PLAN_END_DATE must be a day written YYYY-MM-DD/,
      );
    }
  });
});

describe('describeEndedFreePlan', () => {
  const later = new Date('2026-01-01T00:00:00Z');

  it('names the variable and the day, and says the default is in force when it is', () => {
    const message = describeEndedFreePlan(resolveFreePlanTerm(undefined, '2025-07-21', later));
    expect(message).toContain('The Free plan ended on 21 July 2025');
    expect(message).toContain('FREE_PLAN_END_DATE is not set');
    expect(message).toContain('set FREE_PLAN_END_DATE');
    expect(message).toContain(
      'the pricing page and its structured data offer the 30-day free trial in its place',
    );
  });

  it('quotes an override that has passed', () => {
    const message = describeEndedFreePlan(resolveFreePlanTerm('2025-12-31', '2025-07-21', later));
    expect(message).toContain('FREE_PLAN_END_DATE=2025-12-31');
    expect(message).toContain('31 December 2025');
  });
});

describe('formatCalendarDate', () => {
  it('writes a calendar day the South African way, whatever the machine’s zone', () => {
    expect(formatCalendarDate('2025-07-01')).toBe('1 July 2025');
    expect(formatCalendarDate('2099-12-31')).toBe('31 December 2099');
    expect(() => formatCalendarDate('not a day')).toThrow(RangeError);
  });
});
