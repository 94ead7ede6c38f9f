import { describe, expect, it } from 'vitest';
import { inUse, referencedBy, relatedPosts } from '@/lib/blog/topics';

type Status = 'published' | 'scheduled' | 'draft';
const post = (
  id: string,
  topics: string[],
  status: Status = 'published',
  authors: string[] = [],
) => ({
  id,
  data: { topics, authors, status },
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

describe('inUse', () => {
  it('lists the topics some post has, by name, each with its posts newest first', () => {
    const used = inUse(TOPICS, POSTS, 'topics');
    expect(used.map(({ item }) => item.data.name)).toEqual(['Audit', 'Tax', 'VAT']);
    expect(used.map(({ posts }) => ids(posts))).toEqual([
      ['p3', 'p2'],
      ['p5', 'p3', 'p1'],
      ['p6', 'p5', 'p3'],
    ]);
  });

  it('has no topic when no post has one', () => {
    expect(inUse(TOPICS, [post('p1', []), post('p2', ['gone'])], 'topics')).toEqual([]);
  });

  it('lists authors by the posts that name them, apart from topics', () => {
    const people = [topic('zoe', 'Zoë'), topic('ann', 'Ann'), topic('bob', 'Bob')];
    const posts = [
      post('p2', ['ann'], 'published', ['zoe', 'ann']),
      post('p1', [], 'published', ['ann']),
    ];
    const used = inUse(people, posts, 'authors');
    expect(used.map(({ item, posts: by }) => [item.id, ids(by)])).toEqual([
      ['ann', ['p2', 'p1']],
      ['zoe', ['p2']],
    ]);
  });
});

describe('referencedBy', () => {
  it("gives a post's topics in the editor's order, skipping ids no topic has", () => {
    expect(ids(referencedBy(post('x', ['vat', 'gone', 'audit']), TOPICS, 'topics'))).toEqual([
      'vat',
      'audit',
    ]);
  });
});

describe('relatedPosts', () => {
  it('ranks by shared topics, then by nearness in date, and never returns the post itself', () => {
    // p3 shares tax and vat with p5; p6 (vat) and p1 (tax) share one; p6 is nearer p5.
    expect(ids(relatedPosts(POSTS[1], POSTS, 3))).toEqual(['p3', 'p6', 'p1']);
    // p3 shares audit with p2; then the posts nearest p2: p1 just before it, p4 just after.
    expect(ids(relatedPosts(POSTS[4], POSTS, 3))).toEqual(['p3', 'p1', 'p4']);
  });

  it('fills with the posts nearest in date, before and after, never the newest site-wide', () => {
    // p4 shares nothing: p5 and p3 are as near (the newer first), then p6 and p2 (p6 first).
    expect(ids(relatedPosts(POSTS[2], POSTS, 3))).toEqual(['p5', 'p3', 'p6']);
    expect(ids(relatedPosts(POSTS[0], [POSTS[0], POSTS[3]], 3))).toEqual(['p3']);
    // The oldest of many, sharing nothing: its neighbours, not the newest posts.
    const many = Array.from({ length: 20 }, (_, index) => post(`n${20 - index}`, []));
    expect(ids(relatedPosts(many[19], many, 3))).toEqual(['n2', 'n3', 'n4']);
  });

  it('never suggests a draft or a scheduled post (a preview holds them)', () => {
    const list = [post('d', ['tax'], 'draft'), post('s', ['tax'], 'scheduled'), ...POSTS];
    expect(ids(relatedPosts(POSTS[5], list, 3))).toEqual(['p3', 'p5', 'p2']);
  });
});
