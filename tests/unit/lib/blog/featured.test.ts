import { describe, expect, it } from 'vitest';
import { featureFirst } from '@/lib/blog/featured';

type Status = 'published' | 'scheduled' | 'draft';
const post = (id: string, featured = false, status: Status = 'published') => ({
  id,
  data: { featured, status },
});
const ids = (posts: { id: string }[]) => posts.map(({ id }) => id);

describe('featureFirst', () => {
  it('leads with the newest post when no post is featured', () => {
    expect(ids(featureFirst([post('c'), post('b'), post('a')]))).toEqual(['c', 'b', 'a']);
  });

  it('moves the newest featured post to the front, once, and keeps the rest newest first', () => {
    const list = [post('d'), post('c'), post('b', true), post('a', true)];
    expect(ids(featureFirst(list))).toEqual(['b', 'd', 'c', 'a']);
  });

  it('never features a draft or a scheduled post, even when ticked', () => {
    const list = [
      post('d', true, 'draft'),
      post('c', true, 'scheduled'),
      post('b'),
      post('a', true),
    ];
    expect(ids(featureFirst(list))).toEqual(['a', 'd', 'c', 'b']);
    expect(ids(featureFirst([post('b', true, 'draft'), post('a')]))).toEqual(['b', 'a']);
  });

  it('returns an empty list for no posts, and never changes its argument', () => {
    expect(featureFirst([])).toEqual([]);
    const list = [post('b'), post('a', true)];
    featureFirst(list);
    expect(ids(list)).toEqual(['b', 'a']);
  });
});
