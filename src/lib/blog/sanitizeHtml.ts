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
 * Absolute http(s) URLs and root-relative paths (PocketBase's editor may insert `/api/files/…`).
 * The content loader then downloads every picture it can and removes the rest, so no page loads
 * a picture from another origin.
 */
function isAllowedImageSource(src: string | undefined): boolean {
  const text = src?.trim();
  if (!text) return false;
  if (/^\/(?![\\/])/.test(text)) return true;
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * Blog HTML from the CMS, reduced to an allowlist before it reaches `set:html`: body text, headings
 * (h1 becomes h2: the page's title is its one h1), lists, tables, code, quotes, links and
 * images with an http(s) or root-relative source (the loader localises them). Scripts, styles, frames, objects, forms, SVG and MathML (with their contents),
 * every event handler and style attribute, and javascript:, vbscript:, data: and
 * protocol-relative URLs are removed. The parser decodes entities before the URL check, so
 * "&#106;avascript:" and "JaVaScRiPt:" are caught too.
 *
 * Links to other sites get rel="noopener noreferrer" but no target: whether a link opens a new
 * tab stays the reader's choice.
 */
export function sanitizeHtml(html: string, options: SanitizeOptions = {}): string {
  const { siteOrigin = 'https://invalid.localhost' } = options;
  return sanitize(html, {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: ALLOWED_ATTRIBUTES,
    allowedClasses: { code: ['language-*'] },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowedSchemesByTag: { img: ['http', 'https'] },
    allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    // Dropped together with everything inside them, not only the tags.
    nonTextTags: [
      'script', 'style', 'textarea', 'option', 'noscript', 'template', 'title',
      'svg', 'math', 'iframe', 'object', 'embed', 'frameset', 'noembed', 'xmp',
    ], // prettier-ignore
    transformTags: {
      h1: 'h2',
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
