import slugify from '@sindresorhus/slugify';

/**
 * A post's slug, its address /blog/<slug>: made from the title when the editor leaves it empty,
 * checked when they type one, and the earlier slugs kept so that old links lead to the post. The
 * entry point of a bundle PocketBase's hooks run (pocketbase/pb_hooks/content/slugs.js, `npm run
 * build:hooks`), so PocketBase at save and the site read slugs with the same code.
 */

/** Lowercase letters and digits in words joined by single dashes, as topics and authors have. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The field's limit (pb_migrations/1795737608_post_slugs.js). */
export const SLUG_MAX_LENGTH = 100;

/** A slug made from a long title ends at the last whole word within this length. */
const MADE_MAX_LENGTH = 80;

/** A title with nothing a slug can keep (emoji, a script it cannot spell in Latin). */
const FALLBACK = 'post';

/**
 * The blog's own addresses /blog/<word> (src/pages/blog/, and netlify.toml's /blog/tag/ and
 * /blog/tags redirects): a post there would hide them, or they it.
 */
export const RESERVED_SLUGS: readonly string[] = [
  '404',
  'author',
  'index',
  'page',
  'search',
  'tag',
  'tags',
  'topic',
  'topics',
];

/**
 * Text as a slug: Latin letters for accented and other scripts' ones ("Café" → `cafe`, "ş" → `s`,
 * "ß" → `ss`), `&` as "and", "what's" → `whats`; anything else separates words. May be empty.
 * @sindresorhus/slugify does it; its camel-case splitting is off ("eFiling" stays one word).
 */
export function makeSlug(text: string): string {
  return slugify(text, { decamelize: false });
}

/** A slug made from a title: at most MADE_MAX_LENGTH, at a word's end; "post" when empty. */
function titleSlug(title: string): string {
  const slug = makeSlug(title);
  if (slug.length <= MADE_MAX_LENGTH) return slug || FALLBACK;
  const cut = slug.slice(0, MADE_MAX_LENGTH + 1);
  return cut.slice(0, cut.lastIndexOf('-')) || slug.slice(0, MADE_MAX_LENGTH);
}

/** Who already has a slug: another post's title, and whether it is that post's earlier slug. */
export interface SlugOwner {
  title: string;
  earlier: boolean;
}

/** What a save's slug is: the slug to store, or why the editor's is refused (their words). */
export type SlugChoice =
  { slug: string; refusal?: undefined } | { slug?: undefined; refusal: string };

const ownedMessage = (slug: string, owner: SlugOwner) =>
  `The slug "${slug}" ${owner.earlier ? 'was' : 'is'} the address of the post "${owner.title}"` +
  `${owner.earlier ? ', and still leads there' : ''}: choose another.`;

/**
 * The slug a post is saved with. `typed` is what the editor wrote (normalised: "VAT Guide" →
 * `vat-guide`); empty, one is made from `title`, with -2, -3… until free. `ownerOf` says which
 * other post has a slug, as its address or an earlier one (each address leads to one post).
 */
export function chooseSlug(
  typed: string,
  title: string,
  ownerOf: (slug: string) => SlugOwner | undefined,
): SlugChoice {
  if (typed.trim()) {
    const slug = makeSlug(typed);
    if (!slug) return { refusal: 'A slug needs a letter or a digit: write one, or leave it empty.' }; // prettier-ignore
    if (slug.length > SLUG_MAX_LENGTH)
      return { refusal: `The slug is ${slug.length} characters, over the limit of ${SLUG_MAX_LENGTH}: shorten it.` }; // prettier-ignore
    if (RESERVED_SLUGS.includes(slug))
      return { refusal: `The address /blog/${slug} is the blog's own: choose another slug.` };
    const owner = ownerOf(slug);
    return owner ? { refusal: ownedMessage(slug, owner) } : { slug };
  }
  const base = titleSlug(title);
  for (let count = 1; ; count += 1) {
    const slug = count === 1 ? base : `${base}-${count}`;
    if (!RESERVED_SLUGS.includes(slug) && !ownerOf(slug)) return { slug };
  }
}

/**
 * A post's earlier slugs after a save: its previous slug joins them when it changes on a post that
 * has been live (whose old address readers may have), and the current one is never among them. A
 * draft's slug changes leave nothing behind, so an address never public stays unknown.
 */
export function keepEarlierSlugs(
  earlier: readonly string[],
  previous: string,
  current: string,
  hasBeenLive: boolean,
): string[] {
  const kept = hasBeenLive && previous && previous !== current ? [...earlier, previous] : earlier;
  return [...new Set(kept)].filter((slug) => slug !== current);
}
