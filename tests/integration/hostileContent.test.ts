/**
 * One real `astro build` of content an editor (or a script with the admin's key) could write and
 * that once broke the site: titles, names and descriptions holding characters XML forbids, a
 * title holding a line break, a record with an id PocketBase did not generate. The build
 * succeeds; every feed it writes is well-formed XML; the warnings summary keeps one line a
 * warning; and the post page's own ids stay clear of any body heading's.
 */
import { existsSync } from 'node:fs';
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anchorHeadings } from '@/lib/blog/headings';
import { findContentWarnings } from '@/integrations/contentWarnings.ts';
import {
  allowOldIds,
  SAVE_CHECKS,
  startTestPocketBase,
  type TestPocketBase,
} from '../support/pocketbase';
import { runBuild } from '../support/site';

/**
 * Characters XML 1.0 forbids that PocketBase stores as sent. A lone surrogate never reaches it
 * (its JSON decoder stores U+FFFD, which XML allows): tests/unit/lib/xmlCharacters covers those.
 */
const HOSTILE = '\uFFFE\uFFFF\u0001\u001F';
const TITLE = `Hostile${HOSTILE} title\n  - fake line`;
const CLEAN_TITLE = 'Hostile title\n  - fake line';
const ODD_ID = 'Odd_id-00000001';

let pocketbase: TestPocketBase;
let build: Awaited<ReturnType<typeof runBuild>>;
let postId: string;
let postSlug: string;
let nestedId: string;
let nestedSlug: string;

/**
 * Parsed by a strict XML 1.0 parser (jsdom's DOMParser, on saxes): a character XML forbids makes
 * a parsererror document, whose text the assertion then shows.
 */
const { DOMParser } = new JSDOM('').window;

function parseXml(xml: string): Document {
  const doc = new DOMParser().parseFromString(xml, 'application/xml');
  expect(doc.querySelector('parsererror')?.textContent).toBeUndefined();
  return doc;
}

beforeAll(async () => {
  // The body's script is there to be reported; the publish check would refuse it at save time.
  pocketbase = await startTestPocketBase({ withoutHooks: SAVE_CHECKS });
  const pb = await pocketbase.superuserClient();
  const topic = await pb.collection('topics').create({
    name: `Tax${HOSTILE} topic`,
    slug: 'tax',
    description: `About${HOSTILE} tax`,
  });
  const author = await pb.collection('authors').create({ name: `Ann${HOSTILE} Lee`, slug: 'ann' });
  const published_at = new Date(Date.now() - 3_600_000).toISOString().replace('T', ' ');
  const post = { published: true, published_at, topics: [topic.id], authors: [author.id] };
  const headings = ['First', 'Second', 'Third', 'Fourth'].map((h) => `<h2>${h}</h2><p>Text.</p>`);
  ({ id: postId, slug: postSlug } = await pb.collection('blogs').create({
    ...post,
    title: TITLE,
    excerpt: `An${HOSTILE} excerpt`,
    content: `${headings.join('')}<h3>Detail</h3><p>More&#1;&#xFFFE;.</p><script>x()</script>`,
  }));
  await pb.collection('blogs').create({ ...post, title: 'Neighbour', content: '<p>Also tax.</p>' });
  // 100,000 elements inside each other (500 KB): parsers and serialisers that recurse overflow.
  ({ id: nestedId, slug: nestedSlug } = await pb
    .collection('blogs')
    .create({ ...post, title: 'Nested', content: `${'<div>'.repeat(100_000)}Deep.` }));
  await allowOldIds(pb, 'blogs');
  await pb
    .collection('blogs')
    .create({ ...post, id: ODD_ID, title: 'Odd id', content: '<p>x</p>' });
  build = await runBuild({ pocketbaseUrl: pocketbase.url });
}, 400_000);

afterAll(async () => {
  if (build) await rm(path.dirname(build.outDir), { recursive: true, force: true });
  await pocketbase?.stop();
});

describe('a build of hostile content', () => {
  it('succeeds, leaving out the record with an odd id and the post nested too deep, its sitemap written', async () => {
    expect(build.code, build.output).toBe(0);
    expect(existsSync(path.join(build.outDir, `blog/${postSlug}.html`))).toBe(true);
    expect(existsSync(path.join(build.outDir, `blog/${nestedSlug}.html`))).toBe(false);
    const sitemap = await readFile(path.join(build.outDir, 'sitemap-0.xml'), 'utf8');
    expect(sitemap).toContain(`/blog/${postSlug}<`);
    expect(sitemap).not.toContain('odd');
  });

  it('writes every feed as well-formed XML, the forbidden characters dropped', async () => {
    const topicFeeds = (await readdir(path.join(build.outDir, 'blog/topic'))).map(
      (slug) => `blog/topic/${slug}/rss.xml`,
    );
    const feeds = [
      'rss.xml',
      ...topicFeeds.filter((feed) => existsSync(path.join(build.outDir, feed))),
    ];
    expect(feeds).toEqual(['rss.xml', 'blog/topic/tax/rss.xml']);
    for (const feed of feeds) {
      const doc = parseXml(await readFile(path.join(build.outDir, feed), 'utf8'));
      const texts = (selector: string) =>
        [...doc.querySelectorAll(selector)].map((node) => node.textContent);
      expect(texts('item > title')).toContain(CLEAN_TITLE);
      expect(texts('item > description')).toContain('An excerpt');
      if (feed !== 'rss.xml') {
        expect(texts('channel > title')).toEqual(['Ledgerwise Blog: Tax topic']);
        expect(texts('channel > description')).toEqual(['About tax']);
      }
    }
  });

  it("states the clean title in the post page's JSON-LD", async () => {
    const html = await readFile(path.join(build.outDir, `blog/${postSlug}.html`), 'utf8');
    const blocks = [
      ...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g),
    ].map((match) => JSON.parse(match[1]) as Record<string, unknown>);
    expect(blocks.find((block) => block['@type'] === 'BlogPosting')?.headline).toBe(CLEAN_TITLE);
  });

  it('prints each content warning on one line, the record with an odd id among them', () => {
    const lines = findContentWarnings(build.output)!.split('\n');
    expect(lines[0]).toMatch(/^Content warnings for the editors \(\d+\):$/);
    expect(lines.slice(1).every((line) => line.startsWith('  - '))).toBe(true);
    expect(lines).not.toContain('  - fake line');
    expect(lines).toContainEqual(
      expect.stringContaining(`Post "Hostile title\\n  - fake line" (${postId}): not shown:`),
    );
    expect(lines).toContainEqual(
      expect.stringContaining(`Post "Odd id" (${ODD_ID}) left out: id:`),
    );
    expect(lines).toContainEqual(
      `  - Post "Nested" (${nestedId}) left out: its body nests elements more than 200 deep`,
    );
  });

  it('gives a body heading named after any id the post page itself uses an id of its own', async () => {
    const html = await readFile(path.join(build.outDir, `blog/${postSlug}.html`), 'utf8');
    const document = new DOMParser().parseFromString(html, 'text/html');
    const body = document.querySelector('[data-article-body]')!;
    const pageIds = [...document.querySelectorAll('[id]')]
      .filter((element) => !body.contains(element))
      .map((element) => element.id);
    // The page shows every part a post page can have: contents, topics, author, related posts.
    expect(pageIds).toEqual(
      expect.arrayContaining(['main', 'contents-title', 'related', 'blog-search-input']),
    );
    const { headings } = anchorHeadings(pageIds.map((id) => `<h2>${id}</h2>`).join(''));
    expect(headings).toHaveLength(pageIds.length);
    const taken = headings.map(({ id }) => id).filter((id) => pageIds.includes(id));
    expect(taken).toEqual([]);
  });
});
