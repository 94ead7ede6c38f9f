import { LIMITS } from '@/config/site';
import { htmlToText } from '@/lib/blog/htmlToText';

/** A word is a whitespace-separated run holding at least one letter or digit ("—" is not). */
const WORD = /[\p{L}\p{N}]/u;

export function countWords(text: string): number {
  let words = 0;
  for (const token of text.split(/\s+/)) {
    if (WORD.test(token)) words += 1;
  }
  return words;
}

/** "N min read": words of the post's text divided by 200, rounded up, at least 1. */
export function getReadTime(html: string, wordsPerMinute: number = LIMITS.wordsPerMinute): string {
  const minutes = Math.max(1, Math.ceil(countWords(htmlToText(html)) / wordsPerMinute));
  return `${minutes} min read`;
}
