import GithubSlugger, { slug } from 'github-slugger';
import { defaultTreeAdapter, parseFragment, serialize, type DefaultTreeAdapterMap } from 'parse5';
import { elementsIn } from './htmlTree';

type Element = DefaultTreeAdapterMap['element'];

/** A heading of a post's body, as the table of contents lists it. */
export interface PostHeading {
  /** 2 for an `h2`, 3 for an `h3`. */
  depth: 2 | 3;
  id: string;
  text: string;
}

/** The headings a table of contents lists, and that get a link to themselves. */
const LINKED = new Set(['h2', 'h3']);
const ANCHORED = /^h[2-6]$/;

/**
 * Ids the post page itself uses (layout, header search, contents, related posts, footer): a
 * heading never takes one, so "Main" becomes `main-1`. The loader gives headings their ids
 * before any page is rendered, so the list is written here, and
 * tests/integration/hostileContent.test.ts reads every id a built post page's own parts emit
 * and fails when one is missing from it.
 */
const RESERVED_IDS = [
  'main',
  'site-header',
  'mobile-menu',
  'mobile-menu-button',
  'blog-search',
  'blog-search-input',
  'blog-search-announce',
  'blog-search-panel',
  'blog-search-summary',
  'blog-search-results',
  'related',
  'related-title',
  'footer-quick-links',
  'footer-legal',
];
export const CONTENTS_TITLE_ID = 'contents-title';

/** The text of an element and of everything inside it, in document order (a loop, as below). */
function textOf(element: Element): string {
  let text = '';
  const pending: DefaultTreeAdapterMap['childNode'][] = element.childNodes.toReversed();
  while (pending.length > 0) {
    const node = pending.pop()!;
    if (defaultTreeAdapter.isTextNode(node)) text += node.value;
    else if ('childNodes' in node)
      for (let index = node.childNodes.length - 1; index >= 0; index--)
        pending.push(node.childNodes[index]);
  }
  return text;
}

/**
 * Gives every heading of sanitised HTML an id made from its text, as GitHub and Astro's Markdown
 * do (github-slugger: "Why it matters" → `why-it-matters`, a repeat → `why-it-matters-1`),
 * unique within the page. An `h2` or `h3` becomes a link to itself, so a reader can copy it,
 * unless it holds a link already. Returns the HTML and the `h2`/`h3` headings, in order.
 */
export function anchorHeadings(html: string): { html: string; headings: PostHeading[] } {
  const slugger = new GithubSlugger();
  for (const id of [...RESERVED_IDS, CONTENTS_TITLE_ID]) slugger.slug(id);
  const fragment = parseFragment(html);
  const headings: PostHeading[] = [];
  for (const element of elementsIn(fragment)) {
    if (!ANCHORED.test(element.tagName)) continue;
    const text = textOf(element).replace(/\s+/g, ' ').trim();
    if (!text) continue;
    // A heading of punctuation alone ("???") has no slug of its own.
    const id = slugger.slug(slug(text) ? text : 'section');
    element.attrs.push({ name: 'id', value: id });
    if (!LINKED.has(element.tagName)) continue;
    headings.push({ depth: element.tagName === 'h2' ? 2 : 3, id, text });
    if (elementsIn(element).some(({ tagName }) => tagName === 'a')) continue;
    const link = defaultTreeAdapter.createElement('a', element.namespaceURI, [
      { name: 'href', value: `#${id}` },
      { name: 'class', value: 'heading-link' },
    ]);
    for (const child of [...element.childNodes]) {
      defaultTreeAdapter.detachNode(child);
      defaultTreeAdapter.appendChild(link, child);
    }
    defaultTreeAdapter.appendChild(element, link);
  }
  return { html: serialize(fragment), headings };
}
