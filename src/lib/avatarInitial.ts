/** The author's first letter (a whole character, even an emoji), or "?" without an author. */
export function avatarInitial(author: string): string {
  const [first] = Array.from(author.trim());
  return first ? first.toLocaleUpperCase() : '?';
}
