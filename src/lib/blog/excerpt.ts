import { LIMITS } from '@/config/site';
import { htmlToText } from '@/lib/blog/htmlToText';

const EXCERPT_ELLIPSIS = '...';

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * A card's excerpt: the post's text (tags stripped, entities decoded, whitespace collapsed),
 * cut to the first `length` characters, trimmed, plus "...".
 *
 * Characters are grapheme clusters, so an emoji or an accented letter is never cut in half.
 * Text that already fits is returned whole without "...": an ellipsis would claim that
 * something was left out. Empty content gives an empty excerpt.
 */
export function createExcerpt(html: string, length: number = LIMITS.excerptLength): string {
  const text = htmlToText(html);
  // A string of at most `length` UTF-16 units has at most `length` graphemes.
  if (text.length <= length) return text;

  let end = 0;
  let count = 0;
  for (const { index } of graphemes.segment(text)) {
    if (count === length) {
      end = index;
      break;
    }
    count += 1;
  }
  if (count < length || end === 0) return text;
  return text.slice(0, end).trimEnd() + EXCERPT_ELLIPSIS;
}
