/**
 * The self-hosted rebuild listener: its HTTP contract, queueing, atomic publishing and failure
 * handling with a stub build (fast and controllable). The real process with the real `astro
 * build` is tested from a production install in rebuildListenerProduction.test.ts.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { formatContentWarnings } from '@/integrations/contentWarnings.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startListenerEndpoint } from '../../tools/publish/rebuildListener/endpoint.ts';
import { indexWithin } from '../../tools/publish/rebuildListener/build.ts';
import {
  createBuildQueue,
  type BuildQueueOptions,
} from '../../tools/publish/rebuildListener/buildQueue.ts';
import { startStaticServer } from '../../tools/serve/staticServer.ts';
import { hostileRequests, rawRequest } from '../support/rawHttp';

const SECRET = 'test-secret-0123456789abcdef';
const PAGE_COUNT = 40;
/** A page is complete when it ends with this marker. */
const PAGE_PATTERN = /^<html>v(\d+)\|x{3000}\|end<\/html>$/;

interface StubOptions {
  /** Delay after each file, so a build is slow and its folder is half-written for a while. */
  fileDelayMs?: number;
  /** Builds (1-based) that fail. */
  failing?: Set<number>;
}

/** A fake `astro build`: writes PAGE_COUNT pages stamped with the build's number, index last. */
function stubBuild({ fileDelayMs = 0, failing = new Set<number>() }: StubOptions = {}) {
  const starts: number[] = [];
  const build = async ({ outDir }: { outDir: string }) => {
    starts.push(Date.now());
    const version = starts.length;
    await mkdir(outDir, { recursive: true });
    const names = [...Array.from({ length: PAGE_COUNT }, (_, i) => `page-${i}.html`), 'index.html'];
    for (const [i, name] of names.entries()) {
      if (failing.has(version) && i === 10) {
        return { code: 1, output: `[build] Error: PocketBase unreachable (build ${version})` };
      }
      await writeFile(path.join(outDir, name), `<html>v${version}|${'x'.repeat(3000)}|end</html>`);
      if (fileDelayMs) await sleep(fileDelayMs);
    }
    return { code: 0, output: `build ${version} done` };
  };
  return { build, starts };
}

let work: string;
let logs: string[];
const cleanups: (() => Promise<unknown>)[] = [];

beforeEach(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'lw-rebuild-'));
  logs = [];
});

afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
  await rm(work, { recursive: true, force: true });
});

function makeQueue(build: BuildQueueOptions['build']) {
  return createBuildQueue({
    publishPath: path.join(work, 'current'),
    buildsDir: path.join(work, 'builds'),
    build,
    log: (message) => logs.push(message),
  });
}

async function startListener(
  queue: ReturnType<typeof makeQueue>,
  options: { secret?: string; refusedLogIntervalMs?: number } = {},
) {
  await queue.prepare();
  const listener = await startListenerEndpoint({
    secret: options.secret ?? SECRET,
    queue,
    log: (message) => logs.push(message),
    refusedLogIntervalMs: options.refusedLogIntervalMs,
  });
  cleanups.push(() => queue.whenIdle(), listener.close);
  return listener;
}

async function serve(root: string) {
  const site = await startStaticServer({ root });
  cleanups.push(site.close);
  return site;
}

describe('rebuild listener: HTTP', () => {
  it('refuses to start without a secret of at least 16 characters', async () => {
    const queue = makeQueue(stubBuild().build);
    for (const secret of ['', '   ', 'short-secret']) {
      await expect(startListenerEndpoint({ secret, queue })).rejects.toThrow(/secret/);
    }
  });

  it('answers 401 to a missing or wrong secret, or a secret anywhere but the bearer token, and builds nothing', async () => {
    const stub = stubBuild();
    const queue = makeQueue(stub.build);
    const { url } = await startListener(queue);
    const attempts: [string, RequestInit][] = [
      [`${url}/rebuild`, {}],
      [`${url}/rebuild`, { headers: { Authorization: `Bearer ${SECRET}x` } }],
      [`${url}/rebuild`, { headers: { Authorization: `Basic ${SECRET}` } }],
      [`${url}/rebuild`, { headers: { Authorization: 'Bearer ' } }],
      [`${url}/rebuild`, { headers: { Authorization: SECRET } }],
      // Secrets in a query string end up in proxy logs; a custom header is not the contract.
      [`${url}/rebuild`, { headers: { 'X-Rebuild-Secret': SECRET } }],
      [`${url}/rebuild?secret=${encodeURIComponent(SECRET)}`, {}],
      [`${url}/rebuild?secret=`, {}],
    ];
    for (const [target, init] of attempts) {
      const response = await fetch(target, { method: 'POST', body: '{}', ...init });
      expect(response.status, `${target} ${JSON.stringify(init)}`).toBe(401);
    }
    await queue.whenIdle();
    expect(stub.starts).toHaveLength(0);
    expect(queue.stats.requests).toBe(0);
  });

  it('accepts the secret as a bearer token only, with spaces around it or the configured one ignored, with 202', async () => {
    const stub = stubBuild();
    const queue = makeQueue(stub.build);
    const { url } = await startListener(queue, { secret: `  ${SECRET}\n` });
    const accepted: [string, RequestInit][] = [
      [`${url}/rebuild`, { headers: { Authorization: `Bearer ${SECRET}` } }],
      [`${url}/rebuild`, { headers: { Authorization: `bearer   ${SECRET}  ` } }],
      [
        `${url}/rebuild?trigger_title=PocketBase%3A%20blogs%20updated`,
        { headers: { Authorization: `Bearer ${SECRET}` } },
      ],
    ];
    for (const [target, init] of accepted) {
      const response = await fetch(target, { method: 'POST', body: '{}', ...init });
      expect(response.status).toBe(202);
      expect(await response.json()).toMatchObject({ accepted: true });
      await queue.whenIdle();
    }
    expect(stub.starts).toHaveLength(3);
    expect(logs.join('\n')).toContain('rebuild requested: PocketBase: blogs updated');
  });

  it('logs refused requests at most once per interval, with a count of the rest', async () => {
    const queue = makeQueue(stubBuild().build);
    const { url } = await startListener(queue, { refusedLogIntervalMs: 400 });
    for (let i = 0; i < 30; i += 1) {
      const response = await fetch(`${url}/rebuild`, {
        method: 'POST',
        headers: { Authorization: `Bearer wrong-${i}` },
      });
      expect(response.status).toBe(401);
    }
    const refusals = () => logs.filter((line) => /refused|more like it/.test(line));
    expect(refusals()).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(refusals()).toHaveLength(2);
    expect(refusals()[1]).toBe('… and 29 more like it in the last 0.4 s');
  });

  it('answers every hostile request line with a 4xx and keeps working', async () => {
    const stub = stubBuild();
    const queue = makeQueue(stub.build);
    const listener = await startListener(queue);
    for (const [name, payload] of hostileRequests(new URL(listener.url).host)) {
      const { status, text } = await rawRequest(listener.port, payload);
      expect(status, `${name}: ${text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
      expect(status, name).toBeLessThan(500);
    }
    const response = await fetch(`${listener.url}/rebuild`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${SECRET}` },
    });
    expect(response.status).toBe(202);
    await queue.whenIdle();
    expect(stub.starts).toHaveLength(1);
  });

  it('answers 404 to every other method and path, even with the secret', async () => {
    const stub = stubBuild();
    const queue = makeQueue(stub.build);
    const { url } = await startListener(queue);
    const auth = { Authorization: `Bearer ${SECRET}` };
    const attempts: [string, string][] = [
      ['GET', '/rebuild'],
      ['PUT', '/rebuild'],
      ['DELETE', '/rebuild'],
      ['POST', '/'],
      ['POST', '/rebuild/extra'],
      ['POST', '/build'],
      ['GET', '/'],
    ];
    for (const [method, target] of attempts) {
      const response = await fetch(`${url}${target}`, { method, headers: auth });
      expect(response.status, `${method} ${target}`).toBe(404);
    }
    expect(stub.starts).toHaveLength(0);
  });
});

describe('rebuild listener: builds', () => {
  it('folds a burst of 20 requests into at most 2 builds, the last one starting after the last request', async () => {
    const stub = stubBuild({ fileDelayMs: 5 });
    const queue = makeQueue(stub.build);
    const { url } = await startListener(queue);
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        fetch(`${url}/rebuild?trigger_title=edit%20${i}`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${SECRET}` },
        }).then((response) => ({ status: response.status, at: Date.now() })),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(20).fill(202));
    const lastAccepted = Math.max(...responses.map((response) => response.at));
    await queue.whenIdle();

    expect(queue.stats.requests).toBe(20);
    expect(stub.starts.length).toBeGreaterThanOrEqual(1);
    expect(stub.starts.length).toBeLessThanOrEqual(2);
    // No request is left unbuilt: the last build began after the last request was answered
    // (or the one build covers them all, when every request came before it started).
    expect(Math.max(...stub.starts)).toBeGreaterThanOrEqual(
      stub.starts.length === 2 ? lastAccepted - 50 : 0,
    );
    const site = await serve(path.join(work, 'current'));
    const body = await (await fetch(`${site.url}/`)).text();
    expect(body).toBe(`<html>v${stub.starts.length}|${'x'.repeat(3000)}|end</html>`);
  });

  it('keeps the live site when a build fails, logs why and removes the failed folder', async () => {
    const stub = stubBuild({ failing: new Set([2]) });
    const queue = makeQueue(stub.build);
    await queue.prepare();
    const site = await serve(path.join(work, 'current'));

    queue.request('first');
    await queue.whenIdle();
    const firstBuild = await queue.published();
    expect(await (await fetch(`${site.url}/page-3`)).text()).toMatch(/^<html>v1\|/);

    queue.request('second, failing');
    await queue.whenIdle();
    expect(queue.stats).toMatchObject({ builds: 2, published: 1, failed: 1 });
    expect(queue.stats.lastError).toContain('PocketBase unreachable (build 2)');
    expect(logs.join('\n')).toMatch(
      /build 2 FAILED .*live site is unchanged[\s\S]*PocketBase unreachable/,
    );
    expect(await queue.published()).toBe(firstBuild);
    expect(await (await fetch(`${site.url}/page-3`)).text()).toMatch(/^<html>v1\|/);
    expect(await (await fetch(`${site.url}/`)).text()).toMatch(/^<html>v1\|/);
    // Only the live build is left: the half-written failed one is gone.
    expect(await readdir(path.join(work, 'builds'))).toEqual([path.basename(firstBuild!)]);

    queue.request('third');
    await queue.whenIdle();
    expect(await (await fetch(`${site.url}/page-3`)).text()).toMatch(/^<html>v3\|/);
  });

  it('builds into one stable folder, publishes hard links to it, and empties it after a failure', async () => {
    const stub = stubBuild({ failing: new Set([3]) });
    const outDirs: string[] = [];
    const queue = makeQueue(async (options) => {
      outDirs.push(options.outDir);
      return stub.build(options);
    });
    await queue.prepare();
    const stable = path.join(work, 'build');
    queue.request('first');
    await queue.whenIdle();
    const first = (await queue.published())!;
    queue.request('second');
    await queue.whenIdle();
    const second = (await queue.published())!;

    // The same output folder every time, so Astro can reuse its pages; the release is its copy,
    // each file the same inode (no data copied).
    expect(outDirs).toEqual([stable, stable]);
    expect(second).not.toBe(first);
    const [live, built] = await Promise.all(
      [second, stable].map((dir) => stat(path.join(dir, 'page-3.html'))),
    );
    expect(live.ino).toBe(built.ino);
    // The build after the first emptied the folder before writing: release 1 is untouched.
    expect(await readFile(path.join(first, 'page-3.html'), 'utf8')).toMatch(/^<html>v1\|/);

    queue.request('third, failing');
    await queue.whenIdle();
    expect(await queue.published()).toBe(second);
    expect(existsSync(stable)).toBe(false);
    expect(await readFile(path.join(second, 'index.html'), 'utf8')).toMatch(/^<html>v2\|/);
  });

  it("prints a published build's content warnings, so editors' dropped content is seen", async () => {
    const summary = formatContentWarnings(['Post "A" (a1): not shown: a script'])!;
    const queue = makeQueue(async ({ outDir }: { outDir: string }) => {
      await mkdir(outDir, { recursive: true });
      await writeFile(path.join(outDir, 'index.html'), '<html>ok</html>');
      return { code: 0, output: `[build] 1 page(s) built\n[WARN] ${summary}\n[build] Complete!` };
    });
    await queue.prepare();
    queue.request('an edit');
    await queue.whenIdle();
    expect(logs.join('\n')).toMatch(/build 1 published after .*\n/);
    expect(logs.join('\n')).toContain(summary);
  });

  it('treats a build that throws, or succeeds without an index.html, as failed', async () => {
    let calls = 0;
    const queue = makeQueue(async ({ outDir }) => {
      calls += 1;
      if (calls === 1) throw new Error('spawn astro ENOENT');
      await mkdir(outDir, { recursive: true });
      await writeFile(path.join(outDir, 'about.html'), 'about');
      return { code: 0, output: '' };
    });
    await queue.prepare();
    queue.request('throws');
    await queue.whenIdle();
    queue.request('no index');
    await queue.whenIdle();
    expect(queue.stats).toMatchObject({ builds: 2, published: 0, failed: 2 });
    expect(await queue.published()).toBeNull();
    expect(logs.join('\n')).toContain('spawn astro ENOENT');
    expect(logs.join('\n')).toContain('wrote no index.html');
  });

  it('never lets concurrent readers see a half-written site, and cleans old builds', async () => {
    const stub = stubBuild({ fileDelayMs: 3 });
    const queue = makeQueue(stub.build);
    await queue.prepare();
    queue.request('initial');
    await queue.whenIdle();
    const site = await serve(path.join(work, 'current'));

    const problems: string[] = [];
    const seen = new Set<number>();
    let reads = 0;
    let reading = true;
    const reader = async (offset: number) => {
      for (let i = offset; reading; i += 1) {
        const name = i % (PAGE_COUNT + 1) === PAGE_COUNT ? '' : `page-${i % (PAGE_COUNT + 1)}`;
        const response = await fetch(`${site.url}/${name}`);
        const body = await response.text();
        reads += 1;
        const match = PAGE_PATTERN.exec(body);
        if (response.status !== 200 || !match) {
          problems.push(`/${name}: HTTP ${response.status}, ${body.length} bytes`);
        } else seen.add(Number(match[1]));
      }
    };
    const readers = [reader(0), reader(13), reader(27)];
    for (let i = 0; i < 5; i += 1) {
      queue.request(`edit ${i}`);
      await queue.whenIdle();
    }
    reading = false;
    await Promise.all(readers);

    expect(problems).toEqual([]);
    expect(reads).toBeGreaterThan(100);
    // The readers saw several versions go live while they read.
    expect(seen.size).toBeGreaterThanOrEqual(3);
    expect(queue.stats.published).toBe(6);
    // The live build and the one before it are kept; older ones are removed.
    const kept = await readdir(path.join(work, 'builds'));
    expect(kept).toHaveLength(2);
    expect(kept).toContain(path.basename((await queue.published())!));
  });

  it('refuses a published path that is a real folder, and clears leftovers of an interrupted run', async () => {
    await mkdir(path.join(work, 'current'), { recursive: true });
    const refused = makeQueue(stubBuild().build);
    await expect(refused.prepare()).rejects.toThrow(/not a symbolic link/);
    await rm(path.join(work, 'current'), { recursive: true });

    const queue = makeQueue(stubBuild().build);
    await queue.prepare();
    queue.request('first');
    await queue.whenIdle();
    const live = (await queue.published())!;
    // An interrupted run leaves a half-written build and a temporary link behind.
    await mkdir(path.join(work, 'builds', 'zzzz-unfinished'), { recursive: true });
    await mkdir(path.join(work, 'builds', '0000-older'), { recursive: true });
    await symlink(live, path.join(work, 'current.tmp-zzzz-unfinished'));

    const restarted = makeQueue(stubBuild().build);
    await restarted.prepare();
    expect(await restarted.published()).toBe(live);
    expect(existsSync(path.join(work, 'current.tmp-zzzz-unfinished'))).toBe(false);
    const kept = await readdir(path.join(work, 'builds'));
    expect(kept).toContain(path.basename(live));
    expect(kept.length).toBeLessThanOrEqual(2);
  });
});

describe('rebuild listener: the search index', () => {
  /**
   * The stub build, leaving its search index out as listenerBuild's builds do: writing it puts
   * `pagefind/index.json` in the build's folder, naming the build, after `gate` opens (when
   * given), or fails for the builds in `failing`.
   */
  function indexingBuild(
    { gate, failing = new Set<number>() } = {} as {
      gate?: () => Promise<void>;
      failing?: Set<number>;
    },
  ) {
    const stub = stubBuild();
    const build = async (options: { outDir: string; signal: AbortSignal }) => {
      const result = await stub.build(options);
      const version = stub.starts.length;
      return {
        ...result,
        indexSearch: async () => {
          await gate?.();
          if (failing.has(version)) throw new Error(`Pagefind stopped (build ${version})`);
          await mkdir(path.join(options.outDir, 'pagefind'), { recursive: true });
          await writeFile(
            path.join(options.outDir, 'pagefind', 'index.json'),
            `{"build":${version}}`,
          );
          return `index of build ${version}`;
        },
      };
    };
    return { build, starts: stub.starts };
  }

  const read = (site: string, pathname: string) =>
    fetch(`${site}${pathname}`).then((response) => response.text());

  it('indexes the first build before it goes live, then puts each next build live at once with the live index, and its own right after', async () => {
    let opened = Promise.withResolvers<void>();
    let indexing = false;
    const gate = async () => {
      indexing = true;
      await opened.promise;
      indexing = false;
    };
    const queue = makeQueue(indexingBuild({ gate }).build);
    await queue.prepare();
    const site = await serve(path.join(work, 'current'));

    queue.request('first');
    await vi.waitUntil(() => indexing);
    // Nothing is live without its index.
    expect(await queue.published()).toBeNull();
    opened.resolve();
    await queue.whenIdle();
    expect(await read(site.url, '/page-3')).toMatch(/^<html>v1\|/);
    expect(await read(site.url, '/pagefind/index.json')).toBe('{"build":1}');
    expect(logs.join('\n')).toMatch(
      /build 1: search index written, index of build 1[\s\S]*build 1 published/,
    );

    opened = Promise.withResolvers<void>();
    queue.request('second');
    await vi.waitUntil(() => indexing);
    // The new pages are live while their index is written, with the live one.
    expect(await queue.indexBehind()).toBe(true);
    expect(await read(site.url, '/page-3')).toMatch(/^<html>v2\|/);
    expect(await read(site.url, '/pagefind/index.json')).toBe('{"build":1}');
    opened.resolve();
    await queue.whenIdle();
    expect(await read(site.url, '/page-3')).toMatch(/^<html>v2\|/);
    expect(await read(site.url, '/pagefind/index.json')).toBe('{"build":2}');
    expect(logs.join('\n')).toMatch(
      /build 2 published after [\d.]+ s[\s\S]*build 2: its search index published after [\d.]+ s, index of build 2/,
    );
    expect(queue.stats).toMatchObject({ builds: 2, published: 2, failed: 0 });
    // The first release is the live index's source no more: only the live release and one
    // before it are kept, and the live one's index is its own.
    expect(await readdir(path.join(work, 'builds'))).toHaveLength(2);
  });

  it('keeps the new pages live with the previous index when writing the new one fails, and says so', async () => {
    const queue = makeQueue(indexingBuild({ failing: new Set([2]) }).build);
    await queue.prepare();
    const site = await serve(path.join(work, 'current'));
    queue.request('first');
    await queue.whenIdle();
    queue.request('second, its index failing');
    await queue.whenIdle();
    expect(await read(site.url, '/page-3')).toMatch(/^<html>v2\|/);
    expect(await read(site.url, '/pagefind/index.json')).toBe('{"build":1}');
    expect(queue.stats).toMatchObject({ builds: 2, published: 2, failed: 1 });
    expect(queue.stats.lastError).toBe('search index: Pagefind stopped (build 2)');
    expect(logs.join('\n')).toContain(
      "build 2: search index: Pagefind stopped (build 2); the live pages keep the previous build's index until the next build (a restart of the listener builds one).",
    );
    // What the listener checks at start (main.ts), to build again.
    expect(await queue.indexBehind()).toBe(true);

    queue.request('third');
    await queue.whenIdle();
    expect(await read(site.url, '/pagefind/index.json')).toBe('{"build":3}');
    expect(await queue.indexBehind()).toBe(false);
  });
});

describe("listenerBuild's search index (real Pagefind)", () => {
  const site = async () => {
    const dir = path.join(work, 'site');
    await mkdir(path.join(dir, 'blog'), { recursive: true });
    await writeFile(
      path.join(dir, 'blog', 'post.html'),
      '<html lang="en"><body><article data-pagefind-body><h1>Provisional tax</h1>' +
        '<p>The second payment is due in February.</p></article></body></html>',
    );
    return dir;
  };

  it('is given up at once when the queue stops or the time limit passes, and Pagefind works again after', async () => {
    const dir = await site();
    const controller = new AbortController();
    const writing = indexWithin(dir, controller.signal);
    controller.abort(new Error('the listener is stopping'));
    await expect(writing).rejects.toThrow('Pagefind stopped: the listener is stopping');
    await expect(indexWithin(dir, AbortSignal.abort(new Error('stopped before')))).rejects.toThrow(
      'Pagefind stopped: stopped before',
    );
    await expect(indexWithin(dir, AbortSignal.timeout(0))).rejects.toThrow(
      'Pagefind stopped: it did not finish within REBUILD_TIMEOUT_SECONDS',
    );

    expect(await indexWithin(dir, new AbortController().signal)).toMatch(
      /^1 posts indexed in [\d.]+ s$/,
    );
    expect(existsSync(path.join(dir, 'pagefind', 'pagefind-entry.json'))).toBe(true);
  });
});
