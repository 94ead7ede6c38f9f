interface Listed {
  data: { featured: boolean; status: 'published' | 'scheduled' | 'draft' };
}

/**
 * The blog list's order: the featured post first, then every other post as given (newest first).
 * The featured post is the newest published one an editor ticked `featured` on, else the newest
 * post. A draft or scheduled post (in a preview) is never featured before it is live, so a
 * preview leads with what the site will.
 */
export function featureFirst<T extends Listed>(newestFirst: readonly T[]): T[] {
  const chosen = newestFirst.find(({ data }) => data.featured && data.status === 'published');
  if (!chosen) return [...newestFirst];
  return [chosen, ...newestFirst.filter((post) => post !== chosen)];
}
