import { describe, expect, it } from 'vitest';
import { markTerms, queryTerms, readExcerpt, searchResultPath } from '@/lib/blog/search';

describe('searchResultPath', () => {
  it('links a result as the site links the page: no .html, no index', () => {
    expect(searchResultPath('/blog/abc123.html')).toBe('/blog/abc123');
    expect(searchResultPath('/blog/abc123.html#why-it-matters')).toBe('/blog/abc123');
    expect(searchResultPath('/blog/index.html')).toBe('/blog');
    expect(searchResultPath('/index.html')).toBe('/');
  });
});

describe('queryTerms', () => {
  it('splits on spaces, lower-cases, keeps each word once', () => {
    expect(queryTerms('  Provisional  TAX tax ')).toEqual(['provisional', 'tax']);
    expect(queryTerms('   ')).toEqual([]);
  });
});

describe('readExcerpt', () => {
  it('turns the marks into marked runs and decodes the escaped text', () => {
    expect(readExcerpt('Income &amp; <mark>tax</mark> &lt;b&gt; &#39;IRP6&#x27;')).toEqual([
      { text: 'Income & ', mark: false },
      { text: 'tax', mark: true },
      { text: " <b> 'IRP6'", mark: false },
    ]);
  });

  it('keeps no markup but the marks: anything else is dropped, never parsed', () => {
    expect(readExcerpt('<img src=x onerror=alert(1)><mark><b>SARS</b></mark>')).toEqual([
      { text: 'SARS', mark: true },
    ]);
  });
});

describe('markTerms', () => {
  it('marks where a word starts with a term, any case, longest term first', () => {
    expect(markTerms('Provisional Tax for taxpayers; syntax', ['tax', 'taxpayer'])).toEqual([
      { text: 'Provisional ', mark: false },
      { text: 'Tax', mark: true },
      { text: ' for ', mark: false },
      { text: 'taxpayer', mark: true },
      { text: 's; syntax', mark: false },
    ]);
  });

  it('treats a term as text, not a pattern', () => {
    expect(markTerms('IFRS (SMEs) a.b', ['(smes)', 'a.b'])).toEqual([
      { text: 'IFRS ', mark: false },
      { text: '(SMEs)', mark: true },
      { text: ' ', mark: false },
      { text: 'a.b', mark: true },
    ]);
    expect(markTerms('text', [])).toEqual([{ text: 'text', mark: false }]);
  });
});
