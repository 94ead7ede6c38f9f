import { parseFragment, serialize } from 'parse5';
import sanitize from 'sanitize-html';
import { ALLOWED_TAGS, isFetchableImageSource } from './bodyJudgment';

interface SanitizeOptions {
  /** The site's own origin: links to any other origin get rel="noopener noreferrer". */
  siteOrigin?: string;
}

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
  // Read as a browser reads it (parse5), as bodyJudgment.ts does, then written out plainly for
  // sanitize-html's own parser: `<img/src=…>`, `alt="a>b"` and other markup two parsers could
  // read differently mean one thing to both.
  const normalised = serialize(parseFragment(html));
  return sanitize(normalised, {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: ALLOWED_ATTRIBUTES,
    allowedClasses: {
      code: ['language-*'],
      ...Object.fromEntries(ALIGNABLE.map((tag) => [tag, ALIGN_CLASSES])),
    },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    // data: only for the pasted pictures isFetchableImageSource accepts.
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
    exclusiveFilter: (frame) => frame.tag === 'img' && !isFetchableImageSource(frame.attribs.src),
  });
}
