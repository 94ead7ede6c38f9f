import { describe, expect, it } from 'vitest';
import { describeDropped } from '@/lib/blog/bodyJudgment';
import { sanitizeHtml } from '@/lib/blog/sanitizeHtml';

describe('describeDropped', () => {
  it('names what the sanitiser leaves out, in words an editor can act on, with counts', () => {
    const html =
      '<p style="color: red; text-align: center" onclick="x()">Text</p>' +
      '<iframe src="https://www.youtube.com/embed/x"></iframe><video src="a.mp4"></video>' +
      '<script>alert(1)</script><style>p{}</style><form><input></form>' +
      '<svg><circle /></svg><center>Old</center><img src="javascript:alert(1)" alt="x">' +
      '<a href="javascript:alert(2)">Click</a><a href="mailto:tax@example.co.za">Mail</a>';
    expect(describeDropped(html)).toEqual([
      'a text colour, background or font (the site keeps its own)',
      'a script in an attribute',
      'an embedded video, page or file: paste its link as a link instead (2)',
      'a script',
      'a style sheet',
      'a form or form field',
      'a drawing or formula (SVG or MathML): insert it as a picture instead',
      '<center>, which the site does not show (its text is kept)',
      'a picture whose address is not a web address',
      'the address of a link (not a web, e-mail or phone address; its text is kept)',
    ]);
    // Each of them is indeed gone from the page.
    const clean = sanitizeHtml(html);
    for (const gone of ['style=', 'onclick', '<iframe', '<video', '<script', '<style', '<form'])
      expect(clean).not.toContain(gone);
    expect(clean).not.toMatch(/<svg|<center|javascript/);
  });

  it('reports nothing for what the site shows: alignment, h1, pictures, links, tables', () => {
    const html =
      '<h1 style="text-align:right">T</h1><p style="text-align: justify">x</p>' +
      '<img src="/api/files/c/r/a.png" alt=""><img src="data:image/png;base64,iVBORw0KGgo=" alt="">' +
      '<a href="https://www.sars.gov.za/">SARS</a><a href="/blog">Blog</a><a href="#x">X</a>' +
      '<a href="tel:+27110000000">Call</a><table><tr><td>1</td></tr></table>';
    expect(describeDropped(html)).toEqual([]);
  });
});
