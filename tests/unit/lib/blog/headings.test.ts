import { describe, expect, it } from 'vitest';
import { anchorHeadings } from '@/lib/blog/headings';

describe('anchorHeadings', () => {
  it('gives each heading an id from its text, and lists the h2 and h3 headings in order', () => {
    const { html, headings } = anchorHeadings(
      '<h2>Why it <em>matters</em></h2><p>x</p><h3>Top-ups &amp; penalties</h3><h4>Small print</h4>',
    );
    expect(headings).toEqual([
      { depth: 2, id: 'why-it-matters', text: 'Why it matters' },
      { depth: 3, id: 'top-ups--penalties', text: 'Top-ups & penalties' },
    ]);
    expect(html).toBe(
      '<h2 id="why-it-matters"><a href="#why-it-matters" class="heading-link">Why it <em>matters</em></a></h2>' +
        '<p>x</p>' +
        '<h3 id="top-ups--penalties"><a href="#top-ups--penalties" class="heading-link">Top-ups &amp; penalties</a></h3>' +
        '<h4 id="small-print">Small print</h4>',
    );
  });

  it('keeps ids unique within the page, and clear of the ids the page itself uses', () => {
    const { headings } = anchorHeadings(
      '<h2>Summary</h2><h2>Summary</h2><h2>Main</h2><h2>Contents title</h2><h2>Résumé: 2025/26</h2>' +
        '<h2>Blog search input</h2><h2>Footer legal</h2>',
    );
    expect(headings.map(({ id }) => id)).toEqual([
      'summary',
      'summary-1',
      'main-1',
      'contents-title-1',
      'résumé-202526',
      'blog-search-input-1',
      'footer-legal-1',
    ]);
  });

  it('leaves a heading with no text alone, and one with no letters gets an id of its own', () => {
    const { html, headings } = anchorHeadings('<h2> </h2><h2>!!!</h2><h2>???</h2>');
    expect(html).toContain('<h2> </h2>');
    expect(headings.map(({ id }) => id)).toEqual(['section', 'section-1']);
  });

  it('does not put a link inside a heading that holds one', () => {
    const { html, headings } = anchorHeadings(
      '<h2>Read <a href="https://www.sars.gov.za/">SARS</a> first</h2>',
    );
    expect(html).toBe(
      '<h2 id="read-sars-first">Read <a href="https://www.sars.gov.za/">SARS</a> first</h2>',
    );
    expect(headings).toEqual([{ depth: 2, id: 'read-sars-first', text: 'Read SARS first' }]);
  });
});
