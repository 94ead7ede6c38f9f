import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  chooseSlug,
  keepEarlierSlugs,
  makeSlug,
  RESERVED_SLUGS,
  SLUG_PATTERN,
  type SlugOwner,
} from '@/lib/blog/slugs';
import { postRedirects } from '@/lib/blog/redirects';
import { PROJECT_ROOT } from '../../../../tools/shared/paths.ts';

const nobody = () => undefined;
const owners = (taken: Record<string, SlugOwner>) => (slug: string) => taken[slug];

describe('makeSlug', () => {
  it.each([
    ['Provisional Tax Deadlines with SARS: A Practical Calendar', 'provisional-tax-deadlines-with-sars-a-practical-calendar'], // prettier-ignore
    ['Café au lait & VAT', 'cafe-au-lait-and-vat'],
    ['Şirket vergisi: ıslak', 'sirket-vergisi-islak'],
    ['Geëet môre, wêreld', 'geeet-more-wereld'],
    ['Ukuhlela intela: izindaba zeSARS', 'ukuhlela-intela-izindaba-zesars'],
    ['Straße, Ærø, Łódź', 'strasse-aero-lodz'],
    ["SARS's eFiling: what's new in 2026?", 'sarss-efiling-whats-new-in-2026'],
    ['Tax – year-end', 'tax-year-end'],
    ['  --Already-a-slug--  ', 'already-a-slug'],
    ['🎉', ''],
  ])('%s → %s', (text, slug) => {
    expect(makeSlug(text)).toBe(slug);
    if (slug) expect(slug).toMatch(SLUG_PATTERN);
  });

  it('leaves a slug as it is', () => {
    for (const slug of ['vat-guide-2026', 'a', '2026', 'a-b-c-1-2'])
      expect(makeSlug(slug)).toBe(slug);
  });
});

describe('chooseSlug', () => {
  it('makes an empty slug from the title, the next free one when taken or the blog’s own', () => {
    expect(chooseSlug('', 'VAT Guide', nobody)).toEqual({ slug: 'vat-guide' });
    const taken = owners({
      'vat-guide': { title: 'VAT Guide', earlier: false },
      'vat-guide-2': { title: 'Old VAT Guide', earlier: true },
    });
    expect(chooseSlug('  ', 'VAT Guide', taken)).toEqual({ slug: 'vat-guide-3' });
    expect(chooseSlug('', 'Topics', nobody)).toEqual({ slug: 'topics-2' });
    expect(chooseSlug('', '404', nobody)).toEqual({ slug: '404-2' });
    expect(chooseSlug('', '日本語', nobody)).toEqual({ slug: 'post' });
  });

  it('cuts a long title at the last whole word within 80 characters', () => {
    const title = 'The complete guide to '.repeat(6);
    const { slug } = chooseSlug('', title, nobody);
    expect(slug!.length).toBeLessThanOrEqual(80);
    expect(`${title.toLowerCase().replaceAll(' ', '-')}`.startsWith(`${slug}-`)).toBe(true);
    expect(chooseSlug('', 'x'.repeat(120), nobody).slug).toBe('x'.repeat(80));
  });

  it("normalises a typed slug, and refuses the blog's own, another post's, or one without letters", () => {
    expect(chooseSlug('VAT Guide 2026', 'ignored', nobody)).toEqual({ slug: 'vat-guide-2026' });
    expect(chooseSlug('Search', 'x', nobody).refusal).toBe(
      "The address /blog/search is the blog's own: choose another slug.",
    );
    const taken = owners({
      now: { title: 'Now', earlier: false },
      then: { title: 'Then', earlier: true },
    });
    expect(chooseSlug('now', 'x', taken).refusal).toBe(
      'The slug "now" is the address of the post "Now": choose another.',
    );
    expect(chooseSlug('then', 'x', taken).refusal).toBe(
      'The slug "then" was the address of the post "Then", and still leads there: choose another.',
    );
    expect(chooseSlug('?!', 'x', nobody).refusal).toMatch(/needs a letter or a digit/);
    expect(chooseSlug('a'.repeat(101), 'x', nobody).refusal).toMatch(/over the limit of 100/);
  });
});

describe('keepEarlierSlugs', () => {
  it('keeps the previous slug of a post that has been live, never the current one', () => {
    expect(keepEarlierSlugs([], 'old', 'new', true)).toEqual(['old']);
    expect(keepEarlierSlugs(['a'], 'old', 'new', false)).toEqual(['a']);
    expect(keepEarlierSlugs(['a', 'old'], 'new', 'a', true)).toEqual(['old', 'new']);
    expect(keepEarlierSlugs(['a'], 'same', 'same', true)).toEqual(['a']);
    expect(keepEarlierSlugs(['a'], 'a', 'b', true)).toEqual(['a']);
  });
});

describe('RESERVED_SLUGS', () => {
  it('holds every address of src/pages/blog/ and every /blog/<word> rule of netlify.toml', () => {
    const routes = readdirSync(path.join(PROJECT_ROOT, 'src/pages/blog'))
      .filter((name) => !name.startsWith('['))
      .map((name) => name.replace(/\..*$/, ''));
    const toml = readFileSync(path.join(PROJECT_ROOT, 'netlify.toml'), 'utf8');
    const rules = [...toml.matchAll(/from = "\/blog\/([a-z0-9-]+)/g)].map(([, word]) => word);
    expect(routes).toContain('topic');
    expect(rules).toContain('tags');
    for (const word of [...routes, ...rules, 'index']) expect(RESERVED_SLUGS).toContain(word);
  });
});

describe('postRedirects', () => {
  it("sends each post's id and earlier slugs to its address, sorted, none from a post's own address", () => {
    const text = postRedirects([
      { id: 'bbbbbbbbbbbbbbb', slug: 'second', earlierSlugs: ['first'] },
      { id: 'aaaaaaaaaaaaaaa', slug: 'first', earlierSlugs: ['old-first', 'older'] },
      { id: 'ccccccccccccccc', slug: 'ccccccccccccccc', earlierSlugs: [] },
    ]);
    expect(text).toBe(
      [
        '/blog/aaaaaaaaaaaaaaa /blog/first 301',
        '/blog/bbbbbbbbbbbbbbb /blog/second 301',
        '/blog/old-first /blog/first 301',
        '/blog/older /blog/first 301',
        '',
      ].join('\n'),
    );
    expect(postRedirects([])).toBe('\n');
  });
});
