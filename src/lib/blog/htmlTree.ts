import { defaultTreeAdapter, parseFragment, type DefaultTreeAdapterMap } from 'parse5';

/**
 * A post body's tree as parse5 (a browser's parser) reads it, shared by the judgment, the pasted
 * pictures' move, the headings and the body's pictures: walked without recursion, and parsed fast
 * in PocketBase's JS engine even with megabytes of pasted base64.
 */

type Element = DefaultTreeAdapterMap['element'];
type ParentNode = DefaultTreeAdapterMap['parentNode'];

/**
 * Visits every element under `root` in document order with its depth (1 for `root`'s children);
 * `visit` returns false to skip an element's children. A loop, not a recursion: a body that opens
 * 100,000 elements inside each other does not overflow the stack.
 */
export function walkElements(
  root: ParentNode,
  visit: (element: Element, depth: number) => boolean | void,
): void {
  const stack: { node: ParentNode; next: number }[] = [{ node: root, next: 0 }];
  while (stack.length > 0) {
    const top = stack[stack.length - 1];
    const child = top.node.childNodes[top.next++];
    if (!child) {
      stack.pop();
      continue;
    }
    if (!defaultTreeAdapter.isElementNode(child)) continue;
    if (visit(child, stack.length) !== false) stack.push({ node: child, next: 0 });
  }
}

/** Every element under `root`, in document order. */
export function elementsIn(root: ParentNode): Element[] {
  const elements: Element[] = [];
  walkElements(root, (element) => {
    elements.push(element);
  });
  return elements;
}

/**
 * `html` with the payload of each long `base64,` run (a pasted picture's, at least 1,000
 * characters) swapped for a short marker of letters and digits, and `restore`, which swaps them
 * back in a value. Parsing megabytes of payload character by character takes a minute in goja.
 */
function shortenPayloads(html: string) {
  let marker = 'pastedpayload';
  while (html.includes(marker)) marker += 'x';
  const payloads: string[] = [];
  // RE2 (goja's regex engine) allows repeat counts up to 1000; V8 overflows its stack on `{1000,}`.
  const shortened = html.replace(/base64,([A-Za-z0-9+/=]{1000}[A-Za-z0-9+/=]*)/g, (_, payload) => {
    payloads.push(payload);
    return `base64,${marker}${payloads.length - 1}${marker}`;
  });
  const markers = new RegExp(`${marker}(\\d+)${marker}`, 'g');
  const restore = (value: string) =>
    payloads.length ? value.replace(markers, (_, index: string) => payloads[Number(index)]) : value;
  return { shortened, restore, marker, shortenedAny: payloads.length > 0 };
}

/**
 * parse5's tree of `html`, with `text` (what its source locations count in) and `restore` for the
 * values read from it. Long payloads are shortened first where that leaves the tree as it is: in
 * an attribute's value or in text the parser reads a marker's letters as it reads base64, but a
 * payload in a tag or attribute name (`<script/AAAA…>`, `<img/src=AAAA…>`) would change it, so
 * then `html` is parsed as it is.
 */
export function parseBody(html: string, { locations = false } = {}) {
  const options = { sourceCodeLocationInfo: locations };
  const { shortened, restore, marker, shortenedAny } = shortenPayloads(html);
  if (shortenedAny) {
    const fragment = parseFragment(shortened, options);
    let sameTree = true;
    walkElements(fragment, ({ tagName, attrs }) => {
      if (tagName.includes(marker) || attrs.some(({ name }) => name.includes(marker)))
        sameTree = false;
      return sameTree;
    });
    if (sameTree) return { fragment, text: shortened, restore };
  }
  return { fragment: parseFragment(html, options), text: html, restore: (value: string) => value };
}
