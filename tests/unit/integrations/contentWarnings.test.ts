import { describe, expect, it } from 'vitest';
import { findContentWarnings, formatContentWarnings } from '@/integrations/contentWarnings.ts';

describe('the content warnings summary', () => {
  it('is one heading with a line per warning, and nothing when there are none', () => {
    expect(formatContentWarnings([])).toBeUndefined();
    expect(formatContentWarnings(['Post "A" (a1): not shown: a script', 'Post "B" (b2): x'])).toBe(
      'Content warnings for the editors (2):\n  - Post "A" (a1): not shown: a script\n  - Post "B" (b2): x',
    );
  });

  it('keeps each warning on its line: line breaks and control characters in a title are escaped', () => {
    const summary = formatContentWarnings([
      'Post "A\n  - fake line\r\u2028\u0085\u001b[31m" (a1): not shown: a script',
    ])!;
    expect(summary).toBe(
      'Content warnings for the editors (1):\n' +
        '  - Post "A\\n  - fake line\\r\\u2028\\u0085\\u001b[31m" (a1): not shown: a script',
    );
    expect(findContentWarnings(summary)?.split('\n')).toHaveLength(2);
  });

  it("is found in a build's output as Astro prints it, and only it", () => {
    const summary = formatContentWarnings(['Post "A" (a1): not shown: a script'])!;
    const output = [
      '10:00:01 [build] 12 page(s) built in 4.2s',
      `10:00:01 [WARN] [ledgerwise-content-warnings] ${summary}`,
      '10:00:02 [build] Complete!',
    ].join('\n');
    expect(findContentWarnings(output)).toBe(summary);
    expect(findContentWarnings('10:00:02 [build] Complete!')).toBeUndefined();
  });
});
