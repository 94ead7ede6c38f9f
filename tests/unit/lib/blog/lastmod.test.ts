import { describe, expect, it } from 'vitest';
import { dateModified } from '@/lib/blog/lastmod';

const ldJson = (value: unknown) =>
  `<script type="application/ld+json">${JSON.stringify(value)}</script>`;

describe('dateModified', () => {
  it('reads the date a page states in its JSON-LD, at any depth, in any of its blocks', () => {
    const html = [
      '<html><head>',
      ldJson({ '@type': 'Organization', name: 'Ledgerwise' }),
      ldJson({ '@graph': [{ '@type': 'BlogPosting', dateModified: '2026-03-02T08:00:00.000Z' }] }),
      '</head><body></body></html>',
    ].join('');
    expect(dateModified(html)).toBe('2026-03-02T08:00:00.000Z');
  });

  it('reads nothing from the body, nor from a title that quotes the key', () => {
    const html = [
      ldJson({ '@type': 'BlogPosting', headline: '"dateModified":"1999-01-01"' }),
      '<pre><code>{"dateModified":"1999-01-01"}</code></pre>',
    ].join('');
    expect(dateModified(html)).toBeUndefined();
  });
});
