import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from '@/lib/blog/sanitizeHtml';

const SITE = 'https://ledgerwise.co.za';
const clean = (html: string) => sanitizeHtml(html, { siteOrigin: SITE });

/** Parses the output the way a browser would and lists every attribute name and URL. */
function inspect(html: string) {
  const attributes = [...html.matchAll(/\s([a-zA-Z-:]+)\s*=/g)].map((m) => m[1].toLowerCase());
  const urls = [...html.matchAll(/(?:href|src)="([^"]*)"/g)].map((m) => m[1]);
  return { attributes, urls };
}

describe('sanitizeHtml: kept content', () => {
  it('keeps prose, headings, lists, tables, code and quotes', () => {
    const html = [
      '<h2>Provisional tax</h2><h3>Dates</h3><p>Pay <strong>twice</strong> a <em>year</em>.</p>',
      '<ul><li>One</li></ul><ol start="3"><li>Three</li></ol>',
      '<table><thead><tr><th scope="col">Year</th></tr></thead><tbody><tr><td colspan="2">2025</td></tr></tbody></table>',
      '<pre><code class="language-js">let x = 1;</code></pre><blockquote><p>Quote</p></blockquote>',
    ].join('');
    expect(clean(html)).toBe(html);
  });

  it('turns h1 into h2 so the page keeps one h1', () => {
    expect(clean('<h1>Heading</h1>')).toBe('<h2>Heading</h2>');
  });

  it('keeps text as text, escaped', () => {
    expect(clean('<p>1 &lt; 2 &amp;&amp; 3 &gt; 2</p>')).toBe(
      '<p>1 &lt; 2 &amp;&amp; 3 &gt; 2</p>',
    );
  });

  it('gives links to other sites rel="noopener noreferrer" and leaves own links alone', () => {
    expect(clean('<a href="https://www.sars.gov.za/">SARS</a>')).toBe(
      '<a href="https://www.sars.gov.za/" rel="noopener noreferrer">SARS</a>',
    );
    expect(clean('<a href="http://example.com" rel="opener" target="_blank">x</a>')).toBe(
      '<a href="http://example.com" rel="noopener noreferrer">x</a>',
    );
    expect(clean('<a href="/pricing">Pricing</a>')).toBe('<a href="/pricing">Pricing</a>');
    expect(clean('<a href="https://ledgerwise.co.za/faq" rel="nofollow">FAQ</a>')).toBe(
      '<a href="https://ledgerwise.co.za/faq">FAQ</a>',
    );
    expect(clean('<a href="#part-2">Part 2</a>')).toBe('<a href="#part-2">Part 2</a>');
    expect(clean('<a href="mailto:support@ledgerwise.co.za">mail</a>')).toBe(
      '<a href="mailto:support@ledgerwise.co.za">mail</a>',
    );
  });

  it('keeps images with an absolute http(s) or a root-relative source, for the loader to localise', () => {
    expect(
      clean(
        '<img src="https://cdn.example.com/a.png" alt="Chart" title="Rates" width="600" height="300" loading="eager">',
      ),
    ).toBe(
      '<img src="https://cdn.example.com/a.png" alt="Chart" title="Rates" width="600" height="300" />',
    );
    expect(clean('<img src="/api/files/lwblogs00000001/abc/chart_x1y2.png" alt="">')).toBe(
      '<img src="/api/files/lwblogs00000001/abc/chart_x1y2.png" alt="" />',
    );
  });

  it('keeps a picture pasted into the editor (a base64 data: URL), for the loader to store or refuse with a word', () => {
    for (const type of ['png', 'jpeg', 'webp', 'gif', 'avif', 'svg+xml', 'png;name=a.png']) {
      const src = `data:image/${type};base64,iVBORw0KGgo=`;
      expect(clean(`<p><img src="${src}" alt="Pasted"></p>`)).toBe(
        `<p><img src="${src}" alt="Pasted" /></p>`,
      );
    }
  });
});

describe('sanitizeHtml: the alignment an editor sets', () => {
  it('keeps the toolbar alignment of paragraphs and headings as a class, and no style', () => {
    expect(
      sanitizeHtml(
        '<p style="text-align: center;">c</p><h1 style="TEXT-ALIGN:right">r</h1>' +
          '<h3 style="color: red; text-align: justify">j</h3><p style="text-align: left">l</p>' +
          '<p style="text-align: start; color: #e03e2d">s</p><p class="lead align-center">x</p>',
      ),
    ).toBe(
      '<p class="align-center">c</p><h2 class="align-right">r</h2>' +
        '<h3 class="align-justify">j</h3><p class="align-left">l</p><p>s</p><p>x</p>',
    );
  });

  it("keeps a picture's alignment: floated left or right, or centred by auto margins", () => {
    expect(
      sanitizeHtml(
        '<img src="/a.png" alt="l" style="float: left;">' +
          '<img src="/b.png" alt="r" style="float:right; margin: 4px">' +
          '<img src="/c.png" alt="c" style="display: block; margin-left: auto; margin-right: auto;">' +
          '<img src="/d.png" alt="n" style="margin-left: auto">',
      ),
    ).toBe(
      '<img src="/a.png" alt="l" class="align-left" />' +
        '<img src="/b.png" alt="r" class="align-right" />' +
        '<img src="/c.png" alt="c" class="align-center" />' +
        '<img src="/d.png" alt="n" />',
    );
  });

  it('gives no other element a class, and no element a style', () => {
    const out = sanitizeHtml(
      '<div style="text-align:center" class="align-center">d</div>' +
        '<span style="text-align:right;color:red" class="align-right">s</span>' +
        '<td style="text-align:center">t</td><p style="text-align: center; background: url(javascript:alert(1))">p</p>',
    );
    expect(out).not.toMatch(/style=|javascript/i);
    expect(out.match(/class="[^"]*"/g)).toEqual(['class="align-center"']);
  });
});

describe('sanitizeHtml: hostile payloads', () => {
  it('removes script, style, iframe, object, embed and form elements', () => {
    const out = clean(
      '<p>a</p><script>alert(1)</script><SCRIPT src="//evil.js"></SCRIPT><style>body{display:none}</style>' +
        '<iframe src="https://evil.example"></iframe><object data="x.swf"></object><embed src="x.swf">' +
        '<form action="https://evil.example"><input name="q"><button>Go</button></form><p>b</p>',
    );
    expect(out).not.toMatch(/<(script|style|iframe|object|embed|form|input|button)\b/i);
    expect(out).not.toContain('alert(1)');
    expect(out).not.toContain('display:none');
    expect(out).toContain('<p>a</p>');
    expect(out).toContain('<p>b</p>');
  });

  it('removes event-handler and style attributes', () => {
    const out = clean(
      '<img src="https://x.example/a.png" onerror="alert(1)" ONLOAD="alert(2)">' +
        '<p onclick="alert(3)" style="background:url(javascript:alert(4))" onmouseover=alert(5)>t</p>' +
        '<a href="/x" onfocus="alert(6)" autofocus>l</a>',
    );
    const { attributes } = inspect(out);
    expect(attributes.some((name) => name.startsWith('on'))).toBe(false);
    expect(attributes).not.toContain('style');
    expect(attributes).not.toContain('autofocus');
    expect(out).not.toContain('alert');
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'java&#x09;script:alert(1)',
    'java&NewLine;script:alert(1)',
    '&#106;avascript:alert(1)',
    '&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)',
    '&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058alert(1)',
    'javascript&colon;alert(1)',
    '\u0001javascript:alert(1)',
    'vbscript:msgbox(1)',
    'VBScript:msgbox(1)',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'DATA:text/html,<script>alert(1)</script>',
    '&#100;ata:text/html,x',
    '//evil.example/path',
  ])('drops the link URL %s', (url) => {
    const out = clean(`<a href="${url}">click</a>`);
    expect(out).toBe('<a>click</a>');
  });

  it.each([
    'javascript:alert(1)',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'data:image/png,<svg onload=alert(1)>',
    'data:;base64,iVBORw0KGgo=',
    'relative/image.png',
    '//evil.example/a.png',
    '/\\evil.example/a.png',
    'ftp://files.example/a.png',
  ])('drops an image whose source is %s', (src) => {
    expect(clean(`<p>x<img src="${src}" alt="a">y</p>`)).toBe('<p>xy</p>');
  });

  it('drops svg and math with everything inside them', () => {
    const out = clean(
      '<svg><script>alert(1)</script><a xlink:href="javascript:alert(2)"><text>svg text</text></a>' +
        '<foreignObject><p onclick="x">inner</p></foreignObject></svg>' +
        '<math><mtext><table><mglyph><style><img src=x onerror=alert(3)></style></mglyph></table></mtext></math>' +
        '<p>after</p>',
    );
    expect(out).toBe('<p>after</p>');
  });

  it('survives nested and malformed tags without leaking markup', () => {
    const payloads = [
      '<scr<script>ipt>alert(1)</scr</script>ipt>',
      '<<script>script>alert(1)<</script>/script>',
      '<p <script>alert(1)</script>>text</p>',
      '<img src="x" alt="a"onerror="alert(1)">',
      '<a href="https://ok.example" <img src=x onerror=alert(1)>>x</a>',
      '<div><p><b><i>unclosed',
      '<!--<script>alert(1)</script>-->',
      '<![CDATA[<script>alert(1)</script>]]>',
      '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
      '<textarea><script>alert(1)</script></textarea>',
      '"><script>alert(1)</script>',
    ];
    for (const payload of payloads) {
      const out = clean(payload);
      expect(out, payload).not.toMatch(/<(script|img|iframe|svg|math|textarea|noscript)\b/i);
      expect(
        inspect(out).attributes.some((name) => name.startsWith('on')),
        payload,
      ).toBe(false);
    }
  });

  it('closes unclosed tags', () => {
    expect(clean('<div><p><b><i>unclosed')).toBe('<div><p><b><i>unclosed</i></b></p></div>');
  });

  it('never emits a dangerous URL, whatever the input', () => {
    const out = clean(
      '<a href="javascript:alert(1)">a</a><a href="jav&#x0A;ascript:alert(1)">b</a>' +
        '<img src="javascript:alert(1)"><img src="https://ok.example/x.png">' +
        '<blockquote cite="javascript:alert(1)">c</blockquote>',
    );
    for (const url of inspect(out).urls) {
      expect(url).toMatch(/^https?:\/\//);
    }
    expect(out).not.toMatch(/javascript|vbscript|data:/i);
  });
});
