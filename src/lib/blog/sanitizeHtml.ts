import { defaultTreeAdapter, parseFragment, type DefaultTreeAdapterMap } from 'parse5';
import sanitize from 'sanitize-html';

interface SanitizeOptions {
  /** The site's own origin: links to any other origin get rel="noopener noreferrer". */
  siteOrigin?: string;
}

const ALLOWED_TAGS = [
  'h2', 'h3', 'h4', 'h5', 'h6',
  'p', 'br', 'hr', 'div', 'span',
  'a', 'strong', 'b', 'em', 'i', 'u', 's', 'del', 'ins', 'mark', 'small', 'sub', 'sup',
  'abbr', 'cite', 'q', 'time',
  'code', 'pre', 'kbd', 'samp', 'var', 'blockquote',
  'ul', 'ol', 'li', 'dl', 'dt', 'dd',
  'table', 'caption', 'colgroup', 'col', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td',
  'figure', 'figcaption', 'img',
]; // prettier-ignore

const ALLOWED_ATTRIBUTES: sanitize.IOptions['allowedAttributes'] = {
  a: ['href', 'title', 'rel'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  abbr: ['title'],
  time: ['datetime'],
  ol: ['start', 'reversed', 'type'],
  li: ['value'],
  th: ['colspan', 'rowspan', 'scope'],
  td: ['colspan', 'rowspan'],
  col: ['span'],
  colgroup: ['span'],
  code: ['class'],
};

/**
 * A picture pasted into the editor, as it stores it: any image type in base64. The loader keeps a
 * raster one and refuses any other (an SVG, a broken file) with a warning naming the post.
 */
export const PASTED_PICTURE =
  /^data:image\/[a-z0-9.+-]+(?:;[a-z0-9.+=-]+)*;base64,[a-z0-9+/=\s]+$/i;

/** The alignments an editor sets with the toolbar; the site styles each as `align-<name>`. */
const ALIGNMENTS = ['left', 'center', 'right', 'justify'];
const ALIGNABLE = ['p', 'h2', 'h3', 'h4', 'h5', 'h6', 'img'];
const ALIGN_CLASSES = ALIGNMENTS.map((alignment) => `align-${alignment}`);

/**
 * The alignment a `style` attribute asks for, as the editor writes it: `text-align` on text;
 * on a picture, `float: left|right`, or `margin-left` and `margin-right` `auto` for centred.
 */
function alignmentOf(tagName: string, style = ''): string | undefined {
  const declarations = new Map(
    style.split(';').map((declaration) => {
      const [property = '', ...value] = declaration.split(':');
      return [property.trim().toLowerCase(), value.join(':').trim().toLowerCase()];
    }),
  );
  if (tagName !== 'img') {
    const align = declarations.get('text-align') ?? '';
    return ALIGNMENTS.includes(align) ? align : undefined;
  }
  const float = declarations.get('float');
  if (float === 'left' || float === 'right') return float;
  const centred = ['margin-left', 'margin-right'].every(
    (side) => declarations.get(side) === 'auto',
  );
  return centred ? 'center' : undefined;
}

/** The tag with its alignment as a class, and without the editor's own style and classes. */
function withAlignment(tagName: string, attribs: sanitize.Attributes): sanitize.Tag {
  const { style, class: _class, ...rest } = attribs;
  const alignment = alignmentOf(tagName, style);
  return { tagName, attribs: alignment ? { ...rest, class: `align-${alignment}` } : rest };
}

/** Absolute http(s) URL of another origin, or undefined for relative and same-origin ones. */
function foreignOrigin(href: string, siteOrigin: string): string | undefined {
  try {
    // Protocol-relative URLs are removed by the sanitiser: no rel for a link that loses its href.
    if (/^\s*[\\/]{2}/.test(href)) return undefined;
    const url = new URL(href.trim(), siteOrigin);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    return url.origin === new URL(siteOrigin).origin ? undefined : url.origin;
  } catch {
    return undefined;
  }
}

/**
 * Absolute http(s) URLs, root-relative paths (PocketBase's editor may insert `/api/files/…`) and
 * pictures pasted into the editor (PASTED_PICTURE). The content loader then stores every picture
 * it can in the site and removes the rest with a warning, so no page loads a picture from another
 * origin or carries one inline.
 */
function isAllowedImageSource(src: string | undefined): boolean {
  const text = src?.trim();
  if (!text) return false;
  if (/^\/(?![\\/])/.test(text)) return true;
  if (PASTED_PICTURE.test(text)) return true;
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * Blog HTML from the CMS, reduced to an allowlist before it reaches `set:html`: body text,
 * headings (h1 becomes h2: the page's title is its one h1), lists, tables, code, quotes, links
 * and images with an http(s), root-relative or pasted (`data:image/…;base64`) source, which the
 * loader stores in the site or removes. Scripts, styles, frames, objects, forms, SVG and MathML
 * (with their contents), every event handler and style attribute, and javascript:, vbscript:,
 * other data: and protocol-relative URLs are removed. The parser decodes entities before the URL
 * check, so "&#106;avascript:" and "JaVaScRiPt:" are caught too.
 *
 * The alignment an editor gave a paragraph, a heading or a picture becomes one of the site's
 * `align-*` classes (long-form.css); colours, fonts and every other style are not shown.
 *
 * Links to other sites get rel="noopener noreferrer" but no target: whether a link opens a new
 * tab stays the reader's choice.
 */
export function sanitizeHtml(html: string, options: SanitizeOptions = {}): string {
  const { siteOrigin = 'https://invalid.localhost' } = options;
  return sanitize(html, {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: ALLOWED_ATTRIBUTES,
    allowedClasses: {
      code: ['language-*'],
      ...Object.fromEntries(ALIGNABLE.map((tag) => [tag, ALIGN_CLASSES])),
    },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    // data: only for the pasted pictures isAllowedImageSource accepts.
    allowedSchemesByTag: { img: ['http', 'https', 'data'] },
    allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    // Dropped together with everything inside them, not only the tags.
    nonTextTags: [
      'script', 'style', 'textarea', 'option', 'noscript', 'template', 'title',
      'svg', 'math', 'iframe', 'object', 'embed', 'frameset', 'noembed', 'xmp',
    ], // prettier-ignore
    transformTags: {
      ...Object.fromEntries(
        ALIGNABLE.map((tag) => [tag, (_: string, attribs) => withAlignment(tag, attribs)]),
      ),
      h1: (_, attribs) => withAlignment('h2', attribs),
      a: (tagName, attribs) => {
        const { rel: _authorRel, ...rest } = attribs;
        const external = rest.href ? foreignOrigin(rest.href, siteOrigin) : undefined;
        return {
          tagName,
          attribs: external ? { ...rest, rel: 'noopener noreferrer' } : rest,
        };
      },
    },
    exclusiveFilter: (frame) => frame.tag === 'img' && !isAllowedImageSource(frame.attribs.src),
  });
}

/** What the sanitiser drops, in words an editor can act on (see describeDropped). */
const DROPPED_ELEMENTS: [RegExp, string][] = [
  [
    /^(iframe|embed|object|video|audio|frameset|frame)$/,
    'an embedded video, page or file: paste its link as a link instead',
  ],
  [/^(script|noscript)$/, 'a script'],
  [/^(style|link)$/, 'a style sheet'],
  [/^(form|input|button|select|textarea|option|label)$/, 'a form or form field'],
  [/^(svg|math)$/, 'a drawing or formula (SVG or MathML): insert it as a picture instead'],
];
const SHOWN = new Set([...ALLOWED_TAGS, 'h1']);
const FORMATTING_STYLE = /(^|;)\s*(color|background(-color)?|font(-family|-size)?)\s*:/i;

/**
 * What `sanitizeHtml` leaves out of an editor's HTML that the editor put there on purpose, as
 * short phrases with their counts ("a script (2)"), for the build's warnings: embeds, scripts,
 * style sheets, forms, SVG, elements the site does not show (their text is kept), script in
 * attributes, text colours and fonts, and pictures whose address is not a web address. Read
 * with the browser's parser (parse5), as the sanitiser reads it.
 */
export function describeDropped(html: string): string[] {
  const counts = new Map<string, number>();
  const add = (what: string) => counts.set(what, (counts.get(what) ?? 0) + 1);
  const visit = (node: DefaultTreeAdapterMap['parentNode']) => {
    for (const child of node.childNodes) {
      if (!defaultTreeAdapter.isElementNode(child)) continue;
      const tag = child.tagName;
      const dropped = DROPPED_ELEMENTS.find(([pattern]) => pattern.test(tag));
      if (dropped) {
        add(dropped[1]);
        continue; // Dropped with everything inside it.
      }
      if (!SHOWN.has(tag)) add(`<${tag}>, which the site does not show (its text is kept)`);
      for (const { name, value } of child.attrs) {
        if (/^on/i.test(name)) add('a script in an attribute');
        else if (name === 'style' && FORMATTING_STYLE.test(value))
          add('a text colour, background or font (the site keeps its own)');
      }
      const attribute = (name: string) => child.attrs.find((a) => a.name === name)?.value;
      if (tag === 'img' && !isAllowedImageSource(attribute('src')))
        add('a picture whose address is not a web address');
      const href = attribute('href')?.trim();
      if (tag === 'a' && href && /^[^/?#]*:/.test(href) && !/^(https?|mailto|tel):/i.test(href))
        add('the address of a link (not a web, e-mail or phone address; its text is kept)');
      visit(child);
    }
  };
  visit(parseFragment(html));
  return [...counts].map(([what, count]) => (count > 1 ? `${what} (${count})` : what));
}
