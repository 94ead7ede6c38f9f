/**
 * The seed content in pocketbase/seed is complete and well-formed (no server needed).
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SEED_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../pocketbase/seed',
);
const MAX_IMAGE_BYTES = 100 * 1024;

interface SeedBlog {
  title: string;
  file: string;
  banner: string | null;
}
interface SeedTestimonial {
  quote: string;
  author: string;
  position: string;
  company: string;
  avatar: string | null;
}

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
    expect(blogs.some((blog) => blog.banner === null)).toBe(true);
    expect(blogs.some((blog) => blog.banner !== null)).toBe(true);
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

describe('seed images', async () => {
  const blogs = await readJson<SeedBlog[]>('blogs.json');
  const testimonials = await readJson<SeedTestimonial[]>('testimonials.json');
  const imageFiles = await readdir(path.join(SEED_DIR, 'images'));

  it('keeps every image under 100 KB', async () => {
    expect(imageFiles.length).toBeGreaterThan(0);
    for (const file of imageFiles) {
      const { size } = await stat(path.join(SEED_DIR, 'images', file));
      expect(size, file).toBeLessThan(MAX_IMAGE_BYTES);
    }
  });

  it('references only images that exist, and every image is referenced', () => {
    const referenced = [
      ...blogs.map((blog) => blog.banner),
      ...testimonials.map((item) => item.avatar),
    ].filter((file): file is string => file !== null);
    const existing = new Set(imageFiles.map((file) => `images/${file}`));
    for (const file of referenced) expect(existing.has(file), file).toBe(true);
    expect(new Set(referenced)).toEqual(existing);
  });
});
