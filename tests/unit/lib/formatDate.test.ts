import { describe, expect, it } from 'vitest';
import { formatPostDate } from '@/lib/formatDate';

describe('formatPostDate', () => {
  it('formats in US English, long month', () => {
    expect(formatPostDate(new Date('2025-07-01T12:00:00Z'))).toBe('July 1, 2025');
    expect(formatPostDate(new Date('2024-12-25T08:30:00Z'))).toBe('December 25, 2024');
  });

  it('uses the UTC day near midnight, whatever the zone of the machine', () => {
    expect(formatPostDate(new Date('2025-07-01T00:00:00.000Z'))).toBe('July 1, 2025');
    expect(formatPostDate(new Date('2025-06-30T23:59:59.999Z'))).toBe('June 30, 2025');
    // A Johannesburg (UTC+2) evening and a Honolulu (UTC-10) afternoon of the same UTC day.
    expect(formatPostDate(new Date('2025-07-01T23:30:00+02:00'))).toBe('July 1, 2025');
    expect(formatPostDate(new Date('2025-07-01T13:59:00-10:00'))).toBe('July 1, 2025');
    expect(formatPostDate(new Date('2025-07-01T14:00:00-10:00'))).toBe('July 2, 2025');
  });

  it('does not follow the process time zone', () => {
    const saved = process.env.TZ;
    try {
      for (const zone of ['Pacific/Kiritimati', 'Pacific/Honolulu', 'Africa/Johannesburg']) {
        process.env.TZ = zone;
        expect(formatPostDate(new Date('2025-07-01T00:30:00Z'))).toBe('July 1, 2025');
        expect(formatPostDate(new Date('2025-06-30T23:30:00Z'))).toBe('June 30, 2025');
      }
    } finally {
      if (saved === undefined) delete process.env.TZ;
      else process.env.TZ = saved;
    }
  });

  it('handles year boundaries and leap days', () => {
    expect(formatPostDate(new Date('2024-12-31T23:59:59Z'))).toBe('December 31, 2024');
    expect(formatPostDate(new Date('2025-01-01T00:00:00Z'))).toBe('January 1, 2025');
    expect(formatPostDate(new Date('2024-02-29T10:00:00Z'))).toBe('February 29, 2024');
  });

  it('rejects an invalid date', () => {
    expect(() => formatPostDate(new Date('not a date'))).toThrow(RangeError);
  });
});
