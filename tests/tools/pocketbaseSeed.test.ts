/**
 * The seed content in pocketbase/seed, which the local loop's seeder
 * (tools/local/pocketbase/seed.ts) loads into an empty PocketBase, is complete and well-formed
 * (no server needed).
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  SEED_DIR,
  type SeedBlog,
  type SeedTestimonial,
} from '../../tools/local/pocketbase/seed.ts';

const MAX_PICTURE_BYTES = 100 * 1024;

const readJson = async <T>(name: string): Promise<T> =>
  JSON.parse(await readFile(path.join(SEED_DIR, name), 'utf8')) as T;

const wordCount = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .split(/\s+/)
    .filter(Boolean).length;

describe('seed blogs', async () => {
  const blogs = await readJson<SeedBlog[]>('blogs.json');
  const bodies = await Promise.all(
    blogs.map((blog) => readFile(path.join(SEED_DIR, blog.file), 'utf8')),
  );

  it('has at least 8 posts with unique titles, some with and some without a banner', () => {
    expect(blogs.length).toBeGreaterThanOrEqual(8);
    expect(new Set(blogs.map((blog) => blog.title)).size).toBe(blogs.length);
    expect(blogs.some((blog) => blog.banner_image === null)).toBe(true);
    expect(blogs.some((blog) => blog.banner_image !== null)).toBe(true);
  });

  it('gives every post a heading, a list, a link and 400 to 1,200 words', () => {
    blogs.forEach((blog, index) => {
      const html = bodies[index];
      expect(html, blog.file).toMatch(/<h2>/);
      expect(html, blog.file).toMatch(/<(ul|ol)>/);
      expect(html, blog.file).toMatch(/<a href="[^"]+">/);
      const words = wordCount(html);
      expect(words, blog.file).toBeGreaterThanOrEqual(400);
      expect(words, blog.file).toBeLessThanOrEqual(1200);
    });
  });

  it('dates the published posts over recent months, and keeps one draft and one scheduled post', () => {
    const days = blogs.flatMap((blog) =>
      blog.publishedDaysAgo === undefined ? [] : [blog.publishedDaysAgo],
    );
    expect(days.length).toBeGreaterThanOrEqual(8);
    expect(new Set(days).size).toBe(days.length);
    expect(Math.min(...days)).toBeGreaterThanOrEqual(0);
    // Spread over recent months: within about half a year, across at least three months.
    expect(Math.max(...days)).toBeLessThanOrEqual(200);
    expect(Math.max(...days) - Math.min(...days)).toBeGreaterThanOrEqual(90);
    const drafts = blogs.filter(
      (blog) => blog.publishedDaysAgo === undefined && blog.scheduledInDays === undefined,
    );
    const scheduled = blogs.filter((blog) => blog.scheduledInDays !== undefined);
    expect(drafts).toHaveLength(1);
    expect(scheduled).toHaveLength(1);
    expect(scheduled[0].scheduledInDays).toBeGreaterThan(0);
    expect(scheduled[0].publishedDaysAgo).toBeUndefined();
  });

  it('has a post with a picture in its body from its own pictures, with alt text', () => {
    const withPictures = blogs.filter((blog) => (blog.pictures ?? []).length > 0);
    expect(withPictures.length).toBeGreaterThan(0);
    for (const blog of withPictures) {
      const html = bodies[blogs.indexOf(blog)];
      const used = [...html.matchAll(/<img src="seed-picture:([^"]+)" alt="([^"]+)"/g)];
      expect(used.map((match) => match[1]).sort(), blog.file).toEqual([...blog.pictures!].sort());
      for (const match of used) expect(match[2].length).toBeGreaterThan(20);
    }
    // Every other picture source in the seed is one the seeder resolves.
    for (const html of bodies)
      for (const [, src] of html.matchAll(/<img src="([^"]+)"/g))
        expect(src).toMatch(/^seed-picture:/);
  });

  it('gives every banner its alt text', () => {
    for (const blog of blogs.filter((item) => item.banner_image))
      expect(blog.banner_alt?.length ?? 0, blog.file).toBeGreaterThan(10);
  });

  it('varies the length so read times differ', () => {
    const readTimes = new Set(bodies.map((html) => Math.ceil(wordCount(html) / 200)));
    expect(readTimes.size).toBeGreaterThanOrEqual(3);
  });

  it('uses tables, h3, blockquotes, emphasis and both external and internal links across the seed', () => {
    const all = bodies.join('\n');
    for (const pattern of [
      /<table>/,
      /<h3>/,
      /<blockquote>/,
      /<strong>/,
      /<em>/,
      /href="https:\/\/www\.sars\.gov\.za/,
      /href="\/pricing"/,
    ]) {
      expect(all).toMatch(pattern);
    }
  });

  it('contains no active content (script, style, iframe, event handlers)', () => {
    for (const html of bodies) {
      expect(html).not.toMatch(/<(script|style|iframe|object|embed|form)\b/i);
      expect(html).not.toMatch(/\son\w+=/i);
      expect(html).not.toMatch(/javascript:/i);
    }
  });
});

describe('seed topics', async () => {
  const topics =
    await readJson<{ name: string; slug: string; description: string }[]>('topics.json');
  const blogs = await readJson<SeedBlog[]>('blogs.json');
  const live = (blog: SeedBlog) => blog.publishedDaysAgo !== undefined;

  it('has topics with unique names and slugs, each described; every post has one, all exist', () => {
    expect(new Set(topics.map((topic) => topic.name)).size).toBe(topics.length);
    expect(new Set(topics.map((topic) => topic.slug)).size).toBe(topics.length);
    for (const topic of topics) {
      expect(topic.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(topic.description.length, topic.slug).toBeGreaterThan(20);
    }
    const slugs = new Set(topics.map((topic) => topic.slug));
    for (const blog of blogs) {
      expect(blog.topics?.length, blog.file).toBeGreaterThan(0);
      for (const slug of blog.topics!) expect(slugs.has(slug), `${blog.file}: ${slug}`).toBe(true);
    }
  });

  it('puts one topic on the draft alone (it must not show), and several on more than one live post', () => {
    const inUse = (slug: string) =>
      blogs.filter((blog) => live(blog) && blog.topics!.includes(slug));
    const hidden = topics.filter((topic) => inUse(topic.slug).length === 0);
    expect(hidden).toHaveLength(1);
    expect(blogs.some((blog) => !live(blog) && blog.topics!.includes(hidden[0].slug))).toBe(true);
    expect(topics.filter((topic) => inUse(topic.slug).length > 1).length).toBeGreaterThanOrEqual(2);
  });
});

describe('seed authors', async () => {
  const authors =
    await readJson<{ name: string; slug: string; role: string; bio: string; avatar: string }[]>(
      'authors.json',
    );
  const blogs = await readJson<SeedBlog[]>('blogs.json');

  it('has two complete authors, each on a live post; one post has both, some have none', () => {
    expect(authors).toHaveLength(2);
    for (const author of authors) {
      for (const value of [author.name, author.slug, author.role, author.bio, author.avatar])
        expect(value.trim()).not.toBe('');
      const live = blogs.filter(
        (blog) => blog.publishedDaysAgo !== undefined && blog.authors?.includes(author.slug),
      );
      expect(live.length, author.slug).toBeGreaterThan(0);
    }
    expect(blogs.some((blog) => blog.authors?.length === 2)).toBe(true);
    expect(blogs.some((blog) => blog.publishedDaysAgo !== undefined && !blog.authors)).toBe(true);
    const slugs = authors.map((author) => author.slug);
    for (const blog of blogs)
      for (const slug of blog.authors ?? []) expect(slugs, blog.file).toContain(slug);
  });
});

describe('seed testimonials', async () => {
  const testimonials = await readJson<SeedTestimonial[]>('testimonials.json');

  it('has 5 complete testimonials, exactly one without an avatar', () => {
    expect(testimonials).toHaveLength(5);
    expect(testimonials.filter((item) => item.avatar === null)).toHaveLength(1);
    for (const item of testimonials) {
      for (const value of [item.quote, item.author, item.position, item.company]) {
        expect(value.trim()).not.toBe('');
      }
    }
  });
});

describe('seed pictures', async () => {
  const blogs = await readJson<SeedBlog[]>('blogs.json');
  const authors = await readJson<{ avatar: string }[]>('authors.json');
  const testimonials = await readJson<SeedTestimonial[]>('testimonials.json');
  const pictureFiles = await readdir(path.join(SEED_DIR, 'pictures'));

  it('keeps every picture under 100 KB', async () => {
    expect(pictureFiles.length).toBeGreaterThan(0);
    for (const file of pictureFiles) {
      const { size } = await stat(path.join(SEED_DIR, 'pictures', file));
      expect(size, file).toBeLessThan(MAX_PICTURE_BYTES);
    }
  });

  it('references only pictures that exist, and every picture is referenced', () => {
    const referenced = [
      ...blogs.map((blog) => blog.banner_image),
      ...blogs.flatMap((blog) => blog.pictures ?? []),
      ...testimonials.map((item) => item.avatar),
      ...authors.map((author) => author.avatar),
    ].filter((file): file is string => file !== null);
    const existing = new Set(pictureFiles.map((file) => `pictures/${file}`));
    for (const file of referenced) expect(existing.has(file), file).toBe(true);
    expect(new Set(referenced)).toEqual(existing);
  });
});
