import { describe, expect, it } from 'vitest';
import { createExcerpt } from '@/lib/blog/excerpt';
import { htmlToText } from '@/lib/blog/htmlToText';
import { LIMITS } from '@/config/site';

const graphemeCount = (text: string) =>
  [...new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(text)].length;

describe('htmlToText', () => {
  it('strips tags and keeps words of adjacent blocks apart', () => {
    expect(
      htmlToText(
        '<h2>Title</h2><p>One <strong>bold</strong>word.</p><ul><li>a</li><li>b</li></ul>',
      ),
    ).toBe('Title. One boldword. a b');
  });

  it('ends a heading with a stop before the text after it, unless it has its own', () => {
    expect(
      htmlToText(
        '<h2>Why it matters</h2><p>Provisional taxpayers must file.</p><h3>When?</h3><p>By August.</p><h2> Spaced <em>out</em> </h2><p>x</p><h2></h2><p>y</p>',
      ),
    ).toBe('Why it matters. Provisional taxpayers must file. When? By August. Spaced out. x y');
    expect(
      htmlToText(
        '<h2>“Why now?”</h2><p>a</p><h3>Note,</h3><p>b</p><h3>(See below)</h3><p>c</p><h2>—</h2><p>d</p>',
      ),
    ).toBe('“Why now?” a Note, b (See below). c — d');
    expect(createExcerpt('<h2>Why it matters</h2><p>Provisional taxpayers must file.</p>')).toBe(
      'Why it matters. Provisional taxpayers must file.',
    );
  });

  it('decodes entities exactly once', () => {
    expect(
      htmlToText(
        '<p>Tax &amp; VAT &lt;2025&gt; &quot;hi&quot; &#39;x&#39; &eacute; &#x1F4B0; &amp;lt;</p>',
      ),
    ).toBe('Tax & VAT <2025> "hi" \'x\' é 💰 &lt;');
  });

  it('collapses whitespace, including non-breaking spaces and newlines', () => {
    expect(htmlToText('  <p>a&nbsp;&nbsp;b\n\n\tc</p>  <br>  d  ')).toBe('a b c d');
  });

  it('drops the contents of script, style and svg, and handles ">" inside attributes', () => {
    expect(
      htmlToText(
        '<script>alert(1)</script><style>p{}</style><svg><text>x</text></svg><a title="a>b">link</a>',
      ),
    ).toBe('link');
  });

  it('returns an empty string for empty or tag-only content', () => {
    expect(htmlToText('')).toBe('');
    expect(htmlToText('<p> </p><br/>')).toBe('');
  });
});

describe('createExcerpt', () => {
  it('cuts to the first 150 characters, trims and appends "..."', () => {
    const words = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ');
    const excerpt = createExcerpt(`<p>${words}</p>`);
    expect(LIMITS.excerptLength).toBe(150);
    expect(excerpt.endsWith('...')).toBe(true);
    const body = excerpt.slice(0, -3);
    expect(words.startsWith(body)).toBe(true);
    expect(body).toBe(words.slice(0, 150).trimEnd());
    expect(body.length).toBeLessThanOrEqual(150);
  });

  it('trims a trailing space before the ellipsis', () => {
    // Character 150 is a space: the excerpt must not read "... ...".
    const text = `${'a'.repeat(149)} ${'b'.repeat(20)}`;
    expect(createExcerpt(text)).toBe(`${'a'.repeat(149)}...`);
  });

  it('cuts a single long word', () => {
    const word = 'Pneumonoultramicroscopic'.repeat(20);
    expect(createExcerpt(`<p>${word}</p>`)).toBe(`${word.slice(0, 150)}...`);
  });

  it('returns short content whole, without an ellipsis', () => {
    expect(createExcerpt('<p>Short post about <em>VAT</em>.</p>')).toBe('Short post about VAT.');
    const exact = 'x'.repeat(150);
    expect(createExcerpt(exact)).toBe(exact);
  });

  it('counts decoded entities as one character each', () => {
    const html = '&amp;'.repeat(150) + 'tail';
    expect(createExcerpt(html)).toBe(`${'&'.repeat(150)}...`);
    expect(createExcerpt('&amp;'.repeat(150))).toBe('&'.repeat(150));
  });

  it('never cuts a surrogate pair or an emoji sequence', () => {
    const emoji = '👩‍💼'; // a ZWJ sequence of several code points
    const text = 'a'.repeat(149) + emoji + 'b'.repeat(10);
    const excerpt = createExcerpt(text);
    expect(excerpt).toBe(`${'a'.repeat(149)}${emoji}...`);
    expect(graphemeCount(excerpt.slice(0, -3))).toBe(150);
    expect(excerpt.isWellFormed()).toBe(true);

    const coins = '💰'.repeat(200);
    const cut = createExcerpt(coins);
    expect(cut).toBe(`${'💰'.repeat(150)}...`);
    expect(cut.isWellFormed()).toBe(true);
  });

  it('returns an empty string for empty content', () => {
    expect(createExcerpt('')).toBe('');
    expect(createExcerpt('<p></p>')).toBe('');
  });

  it('honours another length', () => {
    expect(createExcerpt('<p>one two three</p>', 7)).toBe('one two...');
  });
});
