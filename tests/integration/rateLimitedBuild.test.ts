/**
 * A build against a real PocketBase whose rate limits it exceeds: limits far tighter than the
 * project's (a list of a collection and three of its files in 10 s), so PocketBase answers 429 to
 * the second list of posts (the blog's load state asks too) and to the seed's fourth to sixth
 * post pictures. The build waits them out and succeeds, every post shown with its pictures. Each
 * refused request is let through after one wait, as the seed has at most twice the limit of
 * files in a collection. (The waits themselves, Retry-After and giving up:
 * tests/unit/cms/rateLimit.test.ts.)
 */
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOG_COPY } from '@/data/blog';
import { findContentWarnings } from '@/integrations/contentWarnings';
import { postPath } from '@/lib/blog/paths';
import { startTestPocketBase, type TestPocketBase } from '../support/pocketbase';
import { runBuild } from '../support/site';

const TIGHT_LIMITS = [
  { label: '*:file', audience: '@guest', duration: 10, maxRequests: 3 },
  { label: '/api/', audience: '', duration: 10, maxRequests: 1 },
];

let server: TestPocketBase;
let pb: PocketBase;
let build: Awaited<ReturnType<typeof runBuild>>;
let started: string;

beforeAll(async () => {
  server = await startTestPocketBase({ seed: true });
  pb = await server.superuserClient();
  await pb.settings.update({ rateLimits: { enabled: true, rules: TIGHT_LIMITS } });
  started = new Date().toISOString().replace('T', ' ');
  build = await runBuild({ pocketbaseUrl: server.url });
}, 300_000);

afterAll(async () => {
  if (build) await rm(path.dirname(build.outDir), { recursive: true, force: true });
  await server?.stop();
});

/** The build's requests PocketBase answered 429 (its request log is written a moment later). */
async function refusedRequests(): Promise<string[]> {
  const filter = pb.filter('created >= {:started} && data.status = 429', { started });
  const { items } = await pb.logs.getList(1, 500, { filter });
  return items.map((log) => String(log.data.url));
}

describe('a build over PocketBase’s rate limits', () => {
  it('was answered 429 for a list and for pictures', async () => {
    await expect
      .poll(refusedRequests, { timeout: 15_000, interval: 1_000 })
      .toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^\/api\/collections\/blogs\/records\?/),
          expect.stringMatching(/^\/api\/files\//),
        ]),
      );
  });

  it('succeeds, the blog listing every live post, each with its banner, no picture left out', async () => {
    expect(build.code, build.output).toBe(0);
    expect(findContentWarnings(build.output), build.output).toBeUndefined();
    const live = await pb.collection('blogs').getFullList<{ slug: string; banner_image: string }>({
      filter: 'published = true && published_at <= @now',
    });
    expect(live.length).toBeGreaterThan(5);
    const blog = await readFile(path.join(build.outDir, 'blog.html'), 'utf8');
    expect(blog).not.toContain(BLOG_COPY.error.title);
    for (const post of live) {
      expect(blog).toContain(`href="${postPath(post)}"`);
      const page = await readFile(path.join(build.outDir, `${postPath(post)}.html`), 'utf8');
      const banner = page.match(/<img[^>]*fetchpriority="high"[^>]*>/)?.[0];
      const from = post.banner_image ? 'pocketbase' : 'placeholder';
      expect(banner).toContain(`data-banner="${from}"`);
    }
  });
});
