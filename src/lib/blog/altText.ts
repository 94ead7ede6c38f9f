import { isFetchableImageSource, pocketBaseFileOf } from './bodyJudgment';
import { parseBody, walkElements } from './htmlTree';

/**
 * The pictures of a post's body that have no alt text (no `alt`, or one of spaces), each once, by
 * the name an editor finds it by: a PocketBase file's name (a picture pasted into the body is one
 * after its save), a picture still pasted as such, any other by its address. A screen reader says
 * nothing of a picture without one, so the build's content warnings name each. Pictures the site
 * leaves out (an address it cannot fetch) are the judgment's warnings, not these.
 */
export function picturesWithoutAlt(html: string): string[] {
  if (!/<img/i.test(html)) return [];
  const { fragment, restore } = parseBody(html);
  const names = new Set<string>();
  walkElements(fragment, ({ tagName, attrs }) => {
    if (tagName !== 'img') return;
    const attribute = (name: string) => attrs.find((a) => a.name === name)?.value;
    const src = restore(attribute('src') ?? '').trim();
    if (!isFetchableImageSource(src) || attribute('alt')?.trim()) return;
    if (/^data:/i.test(src)) names.add('a pasted picture');
    else names.add(pocketBaseFileOf(src)?.name ?? src);
  });
  return [...names];
}
