import { describe, expect, it } from 'vitest';
import { parseRetryAfter } from '@/lib/retryAfter';

const NOW = Date.parse('2026-11-28T10:00:00Z');

describe('parseRetryAfter', () => {
  it('reads delay-seconds', () => {
    expect(parseRetryAfter('10', NOW)).toBe(10_000);
    expect(parseRetryAfter(' 0 ', NOW)).toBe(0);
  });

  it('reads an HTTP date as the time left until it, never less than none', () => {
    expect(parseRetryAfter('Sat, 28 Nov 2026 10:00:30 GMT', NOW)).toBe(30_000);
    expect(parseRetryAfter('Sat, 28 Nov 2026 09:59:00 GMT', NOW)).toBe(0);
  });

  it('leaves out no header, an empty one and anything else', () => {
    for (const value of [null, undefined, '', '  ', '1.5', '-3', '10s', 'soon']) {
      expect(parseRetryAfter(value, NOW)).toBeUndefined();
    }
  });
});
