/**
 * Astro's incremental build with the pages' cacheKeys, through real builds of the seed content: an
 * editor renames a post, its topic and an author, rewrites another post's body, changes a
 * testimonial and features another post; the rebuild into the same folders is byte for byte a
 * cold build's and renders again only the pages whose bytes changed. A failed listener build
 * leaves no cached page a later build could trust wrongly.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runAstroBuild } from '../../tools/publish/astroBuild.ts';
import { listenerBuild } from '../../tools/publish/rebuildListener/build.ts';
import { listFiles } from '../support/files';
import { copyProject } from '../support/projectCopy';
import { startTestPocketBase, type TestPocketBase } from '../support/pocketbase';
import { runBuild, TEST_EMAILJS_ENV } from '../support/site';

const servers: TestPocketBase[] = [];
const folders: string[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await Promise.all(folders.map((dir) => rm(dir, { recursive: true, force: true })));
});

/** Every file of a built site by its path in the site, with its bytes. */
async function readSite(outDir: string): Promise<Map<string, Buffer>> {
  const files = await listFiles(outDir);
  const entries = await Promise.all(
    files.map(async (file) => [`/${path.relative(outDir, file)}`, await readFile(file)] as const),
  );
  return new Map(entries);
}

/**
 * The pages a build logged, each reused or rendered. Astro logs `├─ /blog/x.html (restored)` (or
 * `(cached)` when the file was still in the output folder) for a page it reused, and the render
 * time for one it rendered.
 */
function pagesOf(output: string) {
  const reused = new Set<string>();
  const rendered = new Set<string>();
  // eslint-disable-next-line no-control-regex
  for (const line of output.replace(/\x1b\[[0-9;]*m/g, '').split('\n')) {
    const match = /├─ (\S+) \((restored|cached|\+[^)]*)\)/.exec(line);
    if (match) (match[2].startsWith('+') ? rendered : reused).add(match[1]);
  }
  return { reused, rendered };
}

/** The routes from getStaticPaths, which carry a cacheKey; the others always render. */
const KEYED =
  /^\/(_redirects$|og\/|blog\/(page|topic|author)\/|blog\/(?!topics\.|search\.|404\.)[^/]+\.html$)/;

describe('incremental builds', () => {
  it("after edits to a post's title and slug, another's body, a topic, an author, a testimonial and the featured choice, renders exactly the pages that show them, and the site equals a build from an empty cache", async () => {
    const server = await startTestPocketBase({ seed: true });
    servers.push(server);
    const pb = await server.superuserClient();

    const first = await runBuild({ pocketbaseUrl: server.url });
    folders.push(first.root);
    expect(first.code, first.output).toBe(0);
    expect(pagesOf(first.output).reused.size).toBe(0);
    const before = await readSite(first.outDir);

    // A post without a banner (so it has a share card), one of its topics and one of its authors.
    const post = await pb
      .collection('blogs')
      .getFirstListItem('title ~ "POPIA for Accounting Firms"');
    const topic = await pb.collection('topics').getFirstListItem('slug = "compliance"');
    const author = await pb.collection('authors').getFirstListItem('slug = "daniel-botha"');
    expect(post.topics).toContain(topic.id);
    expect(post.authors).toContain(author.id);
    // Renamed, and its address with it: its old one joins the redirects.
    await pb
      .collection('blogs')
      .update(post.id, { title: 'POPIA: the checklist, revised', slug: 'popia-checklist' });
    await pb.collection('topics').update(topic.id, { name: 'Compliance & Privacy' });
    await pb.collection('authors').update(author.id, { name: 'Daniel J. Botha' });
    // Another post's body, a testimonial, and which post is featured.
    const rewritten = await pb.collection('blogs').getFirstListItem('title ~ "IFRS for SMEs"');
    await pb.collection('blogs').update(rewritten.id, {
      content: `${rewritten.content}<p>A closing note, added.</p>`,
    });
    const [testimonial] = await pb.collection('testimonials').getFullList({ sort: 'created' });
    await pb.collection('testimonials').update(testimonial.id, { quote: 'Better every month.' });
    const featured = await pb.collection('blogs').getFirstListItem('featured = true');
    const next = await pb
      .collection('blogs')
      .getFirstListItem(
        pb.filter(
          'featured = false && published = true && published_at <= @now && id != {:id}',
          post,
        ),
      );
    await pb.collection('blogs').update(featured.id, { featured: false });
    await pb.collection('blogs').update(next.id, { featured: true });

    const incrementalOut = first.outDir;
    const [incremental, fresh] = await Promise.all([
      runAstroBuild({
        root: first.root,
        outDir: incrementalOut,
        cacheDir: first.cacheDir,
        env: { ...TEST_EMAILJS_ENV, POCKETBASE_URL: server.url },
      }),
      // The same content from an empty cache (in its own copy of the project, so both build at
      // once): what the incremental build must equal.
      runBuild({ pocketbaseUrl: server.url }),
    ]);
    folders.push(fresh.root);
    expect(incremental.code, incremental.output).toBe(0);
    expect(fresh.code, fresh.output).toBe(0);
    const freshOut = fresh.outDir;

    // (a) Byte for byte the site a build from an empty cache writes.
    const [after, expected] = await Promise.all([incrementalOut, freshOut].map(readSite));
    expect([...after.keys()].sort()).toEqual([...expected.keys()].sort());
    const differing = [...after].filter(([file, bytes]) => !bytes.equals(expected.get(file)!));
    expect(differing.map(([file]) => file)).toEqual([]);
    expect(
      await readFile(path.join(incrementalOut, 'blog', 'popia-checklist.html'), 'utf8'),
    ).toContain('POPIA: the checklist, revised');
    const page = (file: string) => readFile(path.join(incrementalOut, file), 'utf8');
    expect(await page(`blog/${rewritten.slug}.html`)).toContain('A closing note, added.');
    expect(after.has(`/blog/${post.slug}.html`)).toBe(false);
    expect(await page('_redirects')).toContain(`/blog/${post.slug} /blog/popia-checklist 301`);
    expect(await page('index.html')).toContain('Better every month.');
    expect(await page('blog.html')).toMatch(
      new RegExp(`Featured Article[\\s\\S]*?data-post-card="${next.id}"`),
    );

    // (b) Rendered again: exactly the keyed pages whose bytes the edit changed; the rest reused.
    const { reused, rendered } = pagesOf(incremental.output);
    const keyed = [...after.keys()].filter((file) => KEYED.test(file));
    const changed = keyed.filter((file) => !before.get(file)?.equals(after.get(file)!));
    expect([...rendered].filter((file) => KEYED.test(file)).sort()).toEqual(changed.sort());
    expect([...reused].sort()).toEqual(keyed.filter((file) => !changed.includes(file)).sort());
    // The edited post and its share card, its topic's page and feed, its author's page; and
    // pages that never showed them stay as they were.
    expect(changed).toEqual(
      expect.arrayContaining([
        '/blog/popia-checklist.html',
        `/og/${post.id}.png`,
        '/_redirects',
        '/blog/topic/compliance.html',
        '/blog/topic/compliance/rss.xml',
        '/blog/author/daniel-botha.html',
      ]),
    );
    const otherCards = keyed.filter((file) => file.startsWith('/og/') && !file.includes(post.id));
    expect(otherCards.length).toBeGreaterThan(0);
    expect([...reused]).toEqual(
      expect.arrayContaining([
        '/blog/topic/audit-and-reporting.html',
        '/blog/topic/audit-and-reporting/rss.xml',
        ...otherCards,
      ]),
    );
  }, 600_000);

  it("forgets the cache's pages after a failed build, which may have stopped while writing them", async () => {
    const { root } = await copyProject();
    folders.push(root);
    const cacheDir = path.join(root, '.cache');
    // What a build stopped while rendering leaves: the previous build's manifest.
    await mkdir(cacheDir, { recursive: true });
    await writeFile(path.join(cacheDir, 'incremental-build.json'), '{"version":1,"routes":{}}');
    const build = listenerBuild({
      root,
      cacheDir,
      // Nothing listens there: the build fails.
      env: { ...TEST_EMAILJS_ENV, POCKETBASE_URL: 'http://127.0.0.1:9' },
    });
    const result = await build({
      outDir: path.join(root, 'dist'),
      signal: new AbortController().signal,
    });
    expect(result.code, result.output).not.toBe(0);
    expect(result.output).toMatch(
      /Failed to fetch (blogs|topics|authors): http:\/\/127\.0\.0\.1:9: unreachable/,
    );
    expect(existsSync(path.join(cacheDir, 'incremental-build.json'))).toBe(false);
    expect(existsSync(path.join(cacheDir, 'build-under-way'))).toBe(false);
  }, 120_000);
});
