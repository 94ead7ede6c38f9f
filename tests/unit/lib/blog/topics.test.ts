import { describe, expect, it } from 'vitest';
import { relatedPosts, topicsInUse, topicsOf } from '@/lib/blog/topics';

type Status = 'published' | 'scheduled' | 'draft';
const post = (id: string, tags: string[], status: Status = 'published') => ({
  id,
  data: { tags, status },
});
const topic = (id: string, name: string) => ({ id, data: { name, slug: id } });
const ids = (items: { id: string }[]) => items.map(({ id }) => id);

// Newest first.
const POSTS = [
  post('p6', ['vat']),
  post('p5', ['tax', 'vat']),
  post('p4', []),
  post('p3', ['tax', 'vat', 'audit']),
  post('p2', ['audit']),
  post('p1', ['tax']),
];
const TOPICS = [
  topic('vat', 'VAT'),
  topic('tax', 'Tax'),
  topic('audit', 'Audit'),
  topic('hr', 'HR'),
];

describe('topicsInUse', () => {
  it('lists the topics some post has, by name, each with its posts newest first', () => {
    const used = topicsInUse(TOPICS, POSTS);
    expect(used.map(({ topic }) => topic.data.name)).toEqual(['Audit', 'Tax', 'VAT']);
    expect(used.map(({ posts }) => ids(posts))).toEqual([
      ['p3', 'p2'],
      ['p5', 'p3', 'p1'],
      ['p6', 'p5', 'p3'],
    ]);
  });

  it('has no topic when no post has one', () => {
    expect(topicsInUse(TOPICS, [post('p1', []), post('p2', ['gone'])])).toEqual([]);
  });
});

describe('topicsOf', () => {
  it("gives a post's topics in the editor's order, skipping ids no topic has", () => {
    expect(ids(topicsOf(post('x', ['vat', 'gone', 'audit']), TOPICS))).toEqual(['vat', 'audit']);
  });
});

describe('relatedPosts', () => {
  it('ranks by shared topics, then by recency, and never returns the post itself', () => {
    // p3 shares tax and vat with p5; p6 (vat) and p1 (tax) share one; p6 is newer.
    expect(ids(relatedPosts(POSTS[1], POSTS, 3))).toEqual(['p3', 'p6', 'p1']);
    expect(ids(relatedPosts(POSTS[4], POSTS, 3))).toEqual(['p3', 'p6', 'p5']);
  });

  it('fills with the newest posts when few or none share a topic, up to the count', () => {
    expect(ids(relatedPosts(POSTS[2], POSTS, 3))).toEqual(['p6', 'p5', 'p3']);
    expect(ids(relatedPosts(POSTS[0], [POSTS[0], POSTS[3]], 3))).toEqual(['p3']);
  });

  it('never suggests a draft or a scheduled post (a preview holds them)', () => {
    const list = [post('d', ['tax'], 'draft'), post('s', ['tax'], 'scheduled'), ...POSTS];
    expect(ids(relatedPosts(POSTS[5], list, 3))).toEqual(['p5', 'p3', 'p6']);
  });
});
