import { describe, expect, it } from 'vitest';
import { removeNonXmlCharacters } from '@/lib/xmlCharacters';
import { createExcerpt } from '@/lib/blog/excerpt';
import { blogRecordSchema, testimonialRecordSchema } from '@/cms/schemas';

const EVERY_C0 = Array.from({ length: 32 }, (_, code) => String.fromCharCode(code)).join('');

describe('removeNonXmlCharacters', () => {
  it('removes U+0000–U+001F except tab, line feed and carriage return', () => {
    expect(removeNonXmlCharacters(`a${EVERY_C0}b`)).toBe('a\t\n\rb');
    expect(removeNonXmlCharacters('Tax\u0001 season\u0000')).toBe('Tax season');
  });

  it('removes U+FFFE, U+FFFF and lone surrogates, keeping surrogate pairs', () => {
    expect(removeNonXmlCharacters('a\uFFFEb\uFFFFc\uD800d\uDFFFe')).toBe('abcde');
    expect(removeNonXmlCharacters('\uDC00\uD83D\uDE42\uD83D')).toBe('🙂');
  });

  it('leaves other text alone, DEL, private use, U+FFFD and non-Latin letters included', () => {
    const text = 'Rand R1 000 · “quotes” — 税 \u007f \uE000 \uFFFD 🙂 \u{10FFFF} \t\r\n';
    expect(removeNonXmlCharacters(text)).toBe(text);
  });

  it('also leaves them out of an excerpt where the body held them as character references', () => {
    expect(createExcerpt('<p>Tax&#1; &#xFFFE;season&#xFFFF;</p>')).toBe('Tax season');
  });
});

describe('CMS records', () => {
  const base = {
    id: 'abc123def456ghi',
    collectionId: 'c',
    created: '2025-07-01 12:00:00.000Z',
    updated: '2025-07-01 12:00:00.000Z',
  };

  it('lose control characters in every text field of a blog record', () => {
    const record = blogRecordSchema.parse({
      ...base,
      title: '\u0001 VAT\u0002 update ',
      content: '<p>Body\u000b text</p>',
    });
    expect(record.title).toBe('VAT update');
    const odd = blogRecordSchema.parse({ ...base, title: 'VAT\uFFFE \uD800update\uFFFF' });
    expect(odd.title).toBe('VAT update');
    expect(record.content).toBe('<p>Body text</p>');
    expect(blogRecordSchema.safeParse({ ...base, title: '\u0001\u0002' }).success).toBe(false);
  });

  it('lose control characters in every text field of a testimonial, missing ones still empty', () => {
    const record = testimonialRecordSchema.parse({
      ...base,
      quote: 'Great\u0007 tool',
      author: 'Thandi\u001f Nkosi',
      position: 'CFO\u0000',
      company: null,
    });
    expect(record).toMatchObject({
      quote: 'Great tool',
      author: 'Thandi Nkosi',
      position: 'CFO',
      company: '',
    });
  });
});
