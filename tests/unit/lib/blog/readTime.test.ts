import { describe, expect, it } from 'vitest';
import { countWords, getReadTime } from '@/lib/blog/readTime';

const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(' ');

describe('getReadTime', () => {
  it('divides words by 200 and rounds up', () => {
    expect(getReadTime(`<p>${words(200)}</p>`)).toBe('1 min read');
    expect(getReadTime(`<p>${words(201)}</p>`)).toBe('2 min read');
    expect(getReadTime(`<p>${words(400)}</p>`)).toBe('2 min read');
    expect(getReadTime(`<p>${words(1001)}</p>`)).toBe('6 min read');
  });

  it('is at least one minute, even for empty content', () => {
    expect(getReadTime('')).toBe('1 min read');
    expect(getReadTime('<p></p>')).toBe('1 min read');
    expect(getReadTime('<p>one</p>')).toBe('1 min read');
  });

  it('counts words of the text, not tags, attributes or hidden code', () => {
    const tagHeavy = `<p class="a b c d e f">${'<span data-x="1 2 3">word</span> '.repeat(200)}</p>`;
    expect(getReadTime(tagHeavy)).toBe('1 min read');
    const withScript = `<p>${words(150)}</p><script>${words(500)}</script>`;
    expect(getReadTime(withScript)).toBe('1 min read');
  });

  it('keeps words in adjacent blocks apart', () => {
    // 201 one-word paragraphs: 201 words, not one long word.
    expect(getReadTime('<p>word</p>'.repeat(201))).toBe('2 min read');
  });
});

describe('countWords', () => {
  it('ignores punctuation-only tokens and counts letters and digits in any script', () => {
    expect(countWords('VAT — 15% & more … ok')).toBe(4);
    expect(countWords('Ngiyabonga kakhulu 税务')).toBe(3);
    expect(countWords('   ')).toBe(0);
  });
});
