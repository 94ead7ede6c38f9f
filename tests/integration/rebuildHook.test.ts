/**
 * The PocketBase rebuild hook (pocketbase/pb_hooks) on the real PocketBase binary: what it sends,
 * how it coalesces, how it fails. The whole path an editor's save takes to the live site, through
 * the listener and real builds, is in localLoop.test.ts (npm start) and
 * rebuildListenerProduction.test.ts (a production install).
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type PocketBase from 'pocketbase';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { superuserClient } from '../../tools/local/pocketbase/superuser.ts';
import { startPocketBase as startPocketBaseServer } from '../../tools/local/pocketbase/serverProcess.ts';
import { clockedHooksDir, startTestPocketBase, type TestPocketBase } from '../support/pocketbase';

const HOOK_SECRET = 'hook-secret-0123456789abcdef';
/** Generous upper bound for a save while the endpoint hangs (the hook's timeout is 2 s). */
const HANGING_SAVE_BOUND_MS = 8_000;

interface HookCall {
  title: string | null;
  authorization: string | undefined;
  body: {
    trigger_title?: string;
    collection?: string;
    action?: string;
    record_id?: string;
    changes?: number;
  };
  at: number;
}

type Mode = 'ok' | 'hang' | 'error';

/** A stand-in for a build hook that records what PocketBase sends. */
async function startEndpoint(initialMode: Mode = 'ok') {
  const calls: HookCall[] = [];
  let mode = initialMode;
  const hanging: IncomingMessage[] = [];
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      calls.push({
        title: url.searchParams.get('trigger_title'),
        authorization: req.headers.authorization,
        body: raw ? JSON.parse(raw) : {},
        at: Date.now(),
      });
      if (mode === 'hang') hanging.push(req);
      else if (mode === 'error') res.writeHead(500).end('boom');
      else res.writeHead(200).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    calls,
    url: `http://127.0.0.1:${port}/build_hooks/secret-hook-id`,
    setMode: (next: Mode) => (mode = next),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function waitFor<T>(
  check: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs: number,
  what: string,
): Promise<T> {
  const value = await vi.waitUntil(check, {
    timeout: timeoutMs,
    interval: 250,
    message: `waiting ${timeoutMs} ms for ${what}`,
  });
  return value as T;
}

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function startPocketBase(env: Record<string, string>): Promise<TestPocketBase> {
  const pocketbase = await startTestPocketBase({ env });
  cleanups.push(pocketbase.stop);
  return pocketbase;
}

/** An endpoint, and a PocketBase that POSTs each change visitors see to it at once. */
async function startHookedPocketBase(env: Record<string, string> = {}) {
  const endpoint = await startEndpoint();
  cleanups.push(endpoint.close);
  const pocketbase = await startPocketBase({
    SITE_REBUILD_HOOK_URL: endpoint.url,
    SITE_REBUILD_MIN_INTERVAL_SECONDS: '0',
    ...env,
  });
  return { endpoint, pocketbase, pb: await pocketbase.superuserClient() };
}

const post = (n: number) => ({
  title: `Hook post ${n}`,
  content: `<p>Body ${n}.</p>`,
  published: true,
});
const draft = (n: number) => ({ title: `Draft ${n}`, content: `<p>Draft body ${n}.</p>` });
const testimonial = {
  quote: 'Ledgerwise answers with the section number.',
  author: 'Thandi Nkosi',
  position: 'Partner',
  company: 'Nkosi Tax',
  published: true,
};

/** PocketBase's date text ("2025-07-01 12:00:00.123Z") for a time. */
const pocketBaseDate = (ms: number) => new Date(ms).toISOString().replace('T', ' ');
const parsePocketBaseDate = (text: string) => Date.parse(text.replace(' ', 'T'));

describe('rebuild hook on PocketBase 0.22', () => {
  it('POSTs once per create, update and delete of public blogs and testimonials, naming collection and action', async () => {
    const { endpoint, pb } = await startHookedPocketBase({ SITE_REBUILD_HOOK_SECRET: HOOK_SECRET });

    const blog = await pb.collection('blogs').create(post(1));
    await pb.collection('blogs').update(blog.id, { title: 'Hook post 1, edited' });
    await pb.collection('blogs').delete(blog.id);
    const quote = await pb.collection('testimonials').create(testimonial);
    await pb.collection('testimonials').update(quote.id, { company: 'Nkosi & Co' });
    await pb.collection('testimonials').delete(quote.id);
    await sleep(500);

    expect(endpoint.calls.map((call) => call.title)).toEqual([
      'PocketBase: blogs created',
      'PocketBase: blogs updated',
      'PocketBase: blogs deleted',
      'PocketBase: testimonials created',
      'PocketBase: testimonials updated',
      'PocketBase: testimonials deleted',
    ]);
    expect(endpoint.calls[0].body).toMatchObject({
      trigger_title: 'PocketBase: blogs created',
      collection: 'blogs',
      action: 'created',
      record_id: blog.id,
      changes: 1,
    });
    for (const call of endpoint.calls) expect(call.authorization).toBe(`Bearer ${HOOK_SECRET}`);
  });

  it('POSTs for a topic or an author exactly while the read rules show it: while a live post has it', async () => {
    const { endpoint, pb } = await startHookedPocketBase();

    // On no post, then only on a draft: nobody can read them, so nothing is sent.
    const topic = await pb.collection('topics').create({ name: 'Payroll', slug: 'payroll' });
    const author = await pb.collection('authors').create({ name: 'Thandi Nkosi', slug: 'thandi' });
    const tagged = { topics: [topic.id], authors: [author.id] };
    await pb.collection('blogs').create({ ...draft(1), ...tagged });
    await pb.collection('topics').update(topic.id, { description: 'PAYE, UIF and SDL.' });
    await pb.collection('authors').update(author.id, { role: 'CA(SA)' });
    // On a live post: the post page shows them.
    await pb.collection('blogs').create({ ...post(2), ...tagged });
    await pb.collection('topics').update(topic.id, { description: 'PAYE, UIF, SDL and ETI.' });
    await pb.collection('authors').update(author.id, { role: 'CA(SA), Tax Partner' });
    await pb.collection('topics').delete(topic.id);
    await pb.collection('authors').delete(author.id);
    await sleep(500);

    expect(endpoint.calls.map((call) => call.title)).toEqual([
      'PocketBase: blogs created',
      'PocketBase: topics updated',
      'PocketBase: authors updated',
      'PocketBase: topics deleted',
      'PocketBase: authors deleted',
    ]);
  });

  it("sends nothing for a draft's saves, and one rebuild each for publish, an edit of the public post, unpublish and delete", async () => {
    const { endpoint, pb } = await startHookedPocketBase();
    const titles = () => endpoint.calls.map((call) => call.title);

    // A draft: created, saved again and again, deleted. Visitors never saw it.
    const scrap = await pb.collection('blogs').create(draft(1));
    for (let i = 0; i < 3; i += 1)
      await pb.collection('blogs').update(scrap.id, { content: `<p>Take ${i}.</p>` });
    await pb.collection('blogs').delete(scrap.id);
    // A post scheduled for later is not public yet either.
    const later = await pb.collection('blogs').create({
      ...draft(2),
      published: true,
      published_at: pocketBaseDate(Date.now() + 3_600_000),
    });
    await pb.collection('blogs').update(later.id, { title: 'Scheduled, retitled' });
    // An unpublished testimonial.
    const quote = await pb.collection('testimonials').create({ ...testimonial, published: false });
    await sleep(300);
    expect(titles()).toEqual([]);

    const record = await pb.collection('blogs').create(draft(3));
    await pb.collection('blogs').update(record.id, { published: true });
    await pb.collection('blogs').update(record.id, { title: 'Draft 3, now public and edited' });
    await pb.collection('blogs').update(record.id, { published: false });
    await pb.collection('blogs').update(record.id, { title: 'Back to a draft, edited' });
    await pb.collection('blogs').update(record.id, { published: true });
    await pb.collection('blogs').delete(record.id);
    // Moving a scheduled post's date into the past publishes it; publishing a testimonial too.
    await pb.collection('blogs').update(later.id, { published_at: pocketBaseDate(Date.now()) });
    await pb.collection('testimonials').update(quote.id, { published: true });
    await sleep(300);

    expect(titles()).toEqual([
      'PocketBase: blogs published',
      'PocketBase: blogs updated',
      'PocketBase: blogs unpublished',
      'PocketBase: blogs published',
      'PocketBase: blogs deleted',
      'PocketBase: blogs published',
      'PocketBase: testimonials published',
    ]);
    expect(endpoint.calls.map((call) => call.body.record_id)).toEqual([
      ...Array(5).fill(record.id),
      later.id,
      quote.id,
    ]);
  });

  it('dates a post when it is published without a date, through the API as the admin UI uses it', async () => {
    const pocketbase = await startPocketBase({});
    const pb = await pocketbase.superuserClient();
    const fresh = await pb.collection('blogs').create(draft(4));
    expect(fresh.published).toBe(false);
    expect(fresh.published_at).toBe('');

    const before = Date.now();
    const published = await pb.collection('blogs').update(fresh.id, { published: true });
    const direct = await pb.collection('blogs').create({ ...draft(5), published: true });
    const after = Date.now();
    for (const record of [published, direct]) {
      const at = parsePocketBaseDate(record.published_at);
      // The server's clock is this machine's clock.
      expect(at).toBeGreaterThanOrEqual(before - 1_000);
      expect(at).toBeLessThanOrEqual(after + 1_000);
    }

    // An editor's date is kept; unpublishing keeps the date for a later re-publish.
    const chosen = '2025-03-14 09:30:00.000Z';
    const dated = await pb.collection('blogs').create({
      ...draft(6),
      published: true,
      published_at: chosen,
    });
    expect(dated.published_at).toBe(chosen);
    const unpublished = await pb.collection('blogs').update(dated.id, { published: false });
    expect(unpublished.published_at).toBe(chosen);
    expect((await pb.collection('blogs').update(dated.id, { published: true })).published_at).toBe(
      chosen,
    );
  });

  it('POSTs every save, drafts included, to SITE_PREVIEW_HOOK_URL with the same body', async () => {
    const site = await startEndpoint();
    const preview = await startEndpoint();
    cleanups.push(site.close, preview.close);
    const pocketbase = await startPocketBase({
      SITE_REBUILD_HOOK_URL: site.url,
      SITE_PREVIEW_HOOK_URL: preview.url,
      SITE_PREVIEW_HOOK_SECRET: HOOK_SECRET,
      SITE_REBUILD_MIN_INTERVAL_SECONDS: '0',
    });
    const pb = await pocketbase.superuserClient();
    const record = await pb.collection('blogs').create(draft(7));
    await pb.collection('blogs').update(record.id, { title: 'Draft 7, second take' });
    await pb.collection('blogs').update(record.id, { published: true });
    await pb.collection('blogs').delete(record.id);
    await sleep(300);

    expect(preview.calls.map((call) => call.title)).toEqual([
      'PocketBase: blogs created',
      'PocketBase: blogs updated',
      'PocketBase: blogs published',
      'PocketBase: blogs deleted',
    ]);
    expect(site.calls.map((call) => call.title)).toEqual([
      'PocketBase: blogs published',
      'PocketBase: blogs deleted',
    ]);
    expect(preview.calls[0].body).toEqual({
      trigger_title: 'PocketBase: blogs created',
      collection: 'blogs',
      action: 'created',
      record_id: record.id,
      changes: 1,
    });
    expect(preview.calls[0].authorization).toBe(`Bearer ${HOOK_SECRET}`);
    // Each hook has its own secret: the public site's is not set here.
    expect(site.calls[0].authorization).toBeUndefined();
  });

  it('keeps the save fast and successful when the endpoint hangs, and logs the failure without the URL secret', async () => {
    const endpoint = await startEndpoint('hang');
    cleanups.push(endpoint.close);
    const pocketbase = await startPocketBase({
      SITE_REBUILD_HOOK_URL: `${endpoint.url}?secret=${HOOK_SECRET}`,
    });
    const pb = await pocketbase.superuserClient();

    const started = Date.now();
    const created = await pb.collection('blogs').create(post(2));
    const firstSaveMs = Date.now() - started;
    expect(firstSaveMs).toBeLessThan(HANGING_SAVE_BOUND_MS);
    expect((await pb.collection('blogs').getOne(created.id)).title).toBe('Hook post 2');
    expect(endpoint.calls).toHaveLength(1);

    // Within the interval the next saves only mark the change pending: no further wait at all.
    const again = Date.now();
    await pb.collection('blogs').update(created.id, { title: 'Hook post 2, edited' });
    expect(Date.now() - again).toBeLessThan(HANGING_SAVE_BOUND_MS);
    expect(endpoint.calls).toHaveLength(1);

    const output = await waitFor(
      () => /could not reach the build hook/.test(pocketbase.output()) && pocketbase.output(),
      5_000,
      'the failure in the server output',
    );
    expect(output).toContain('[site-rebuild] could not reach the build hook at http://127.0.0.1:');
    expect(output).not.toContain(HOOK_SECRET);
    expect(output).not.toContain('secret-hook-id');
    // The same failure is in PocketBase's own logs (admin UI → Logs).
    const logged = await waitFor(
      async () => {
        const list = await pb.logs.getList(1, 50, { filter: 'level >= 8' });
        return list.items.find((item) => item.message.includes('could not reach the build hook'));
      },
      15_000,
      'the failure in PocketBase logs',
    );
    expect(JSON.stringify(logged)).not.toContain(HOOK_SECRET);
  });

  it('sends nothing and logs once when SITE_REBUILD_HOOK_URL is not set', async () => {
    const pocketbase = await startPocketBase({});
    const pb = await pocketbase.superuserClient();
    const first = await pb.collection('blogs').create(post(3));
    await pb.collection('blogs').update(first.id, { title: 'Still saved' });
    await pb.collection('testimonials').create(testimonial);
    expect((await pb.collection('blogs').getOne(first.id)).title).toBe('Still saved');
    const mentions = pocketbase.output().match(/SITE_REBUILD_HOOK_URL is not set/g) ?? [];
    expect(mentions).toHaveLength(1);
  });

  // The minute job on PocketBase's own cron: the pending change of a burst. Its other cases (retries
  // after a failure, scheduled posts) run on the test clock below.
  it('coalesces a burst of saves into one POST at once and one more from the minute job', async () => {
    const endpoint = await startEndpoint();
    const pocketbase = await startTestPocketBase({
      env: { SITE_REBUILD_HOOK_URL: endpoint.url, SITE_REBUILD_MIN_INTERVAL_SECONDS: '5' },
    });
    try {
      const pb = await pocketbase.superuserClient();
      const burstStart = Date.now();
      const record = await pb.collection('blogs').create(post(4));
      for (let i = 0; i < 9; i += 1) {
        await pb.collection('blogs').update(record.id, { title: `Burst edit ${i}` });
      }
      // The burst fits well inside the 5 s interval on any machine; if not, say so.
      expect(Date.now() - burstStart).toBeLessThan(5_000);
      expect(endpoint.calls).toHaveLength(1);
      expect(endpoint.calls[0].title).toBe('PocketBase: blogs created');

      await waitFor(() => endpoint.calls.length >= 2, 75_000, 'the pending change to be sent');
      await sleep(1_000);
      expect(endpoint.calls).toHaveLength(2);
      expect(endpoint.calls[1].title).toBe('PocketBase: blogs updated (+8 more changes)');
      expect(endpoint.calls[1].body.changes).toBe(9);
      // Sent after every edit of the burst was stored.
      expect(endpoint.calls[1].at - endpoint.calls[0].at).toBeGreaterThanOrEqual(5_000);
    } finally {
      await pocketbase.stop();
      await endpoint.close();
    }
  }, 150_000);
});

/**
 * The retry back-off and scheduled posts run on a test clock, in a copy of the hooks made by
 * clockedHooksDir(): the test runs the minute job itself, one simulated minute at a time, and
 * notes the minute of every POST. (The cases above wait for PocketBase's real cron, so it is known
 * to run the job.)
 */
describe('rebuild hook on a test clock: retry back-off and scheduled posts', () => {
  let hooks: Awaited<ReturnType<typeof clockedHooksDir>>;
  beforeAll(async () => {
    hooks = await clockedHooksDir();
  });
  afterAll(() => hooks.remove());

  /** Minutes between retries after the 1st, 2nd, … failure: doubling from 1, capped at 30. */
  const BACK_OFF = [1, 2, 4, 8, 16, 30];
  /** The minutes (after the first failed POST at minute 0) of every attempt within 24 hours. */
  const expectedAttemptMinutes = () => {
    const minutes = [0];
    for (let n = 0; minutes.at(-1)! < 24 * 60; n += 1)
      minutes.push(minutes.at(-1)! + BACK_OFF[Math.min(n, BACK_OFF.length - 1)]);
    return minutes;
  };

  const clockedEnv = (endpointUrl: string) => ({
    SITE_REBUILD_HOOK_URL: endpointUrl,
    SITE_REBUILD_MIN_INTERVAL_SECONDS: '0',
  });

  async function clockedPocketBase(endpointUrl: string) {
    const pocketbase = await startTestPocketBase({
      env: clockedEnv(endpointUrl),
      hooksDir: hooks.dir,
    });
    cleanups.push(pocketbase.stop);
    return pocketbase;
  }

  /** A clocked PocketBase on a data folder that outlives it (to restart it). */
  async function clockedServer(endpointUrl: string, dataDir: string) {
    const superuser = { email: 'backoff@test.local', password: 'backoff-test-password' };
    const server = await startPocketBaseServer({
      dataDir,
      env: clockedEnv(endpointUrl),
      hooksDir: hooks.dir,
      superuser,
    });
    cleanups.push(server.stop);
    const pb = await superuserClient(server.url, superuser);
    return { server, pb };
  }

  /** Runs the minute job `minutes` times in one request, the clock a minute on before each. */
  const advance = (pb: PocketBase, minutes: number) =>
    pb.send(`/api/ledgerwise/test-clock/advance/${minutes}`, { method: 'POST' });

  /** Runs the minute job `until` the given minute, noting at which minute each POST arrived. */
  async function runMinutes(
    pb: PocketBase,
    endpoint: { calls: HookCall[] },
    from: number,
    until: number,
    seen: number[],
  ) {
    for (let minute = from + 1; minute <= until; minute += 1) {
      const before = endpoint.calls.length;
      await advance(pb, 1);
      for (let i = before; i < endpoint.calls.length; i += 1) seen.push(minute);
    }
  }

  it('retries after 1, 2, 4, 8, 16, then every 30 minutes, gives up after 24 hours with one line, and the next save sends at once', async () => {
    const endpoint = await startEndpoint('error');
    cleanups.push(endpoint.close);
    const pocketbase = await clockedPocketBase(endpoint.url);
    const pb = await pocketbase.superuserClient();
    const record = await pb.collection('testimonials').create(testimonial);
    expect(endpoint.calls).toHaveLength(1);
    expect(pocketbase.output()).toContain('answered HTTP 500');

    // Up to each expected attempt in one request, then its minute: a POST before that minute, or
    // a missing one at it, shows in the count (minute by minute, a day is 1,440 requests).
    const expected = expectedAttemptMinutes();
    for (let n = 1; n < expected.length; n += 1) {
      const quiet = expected[n] - expected[n - 1] - 1;
      if (quiet > 0) await advance(pb, quiet);
      expect(endpoint.calls, `before minute ${expected[n]}`).toHaveLength(n);
      await advance(pb, 1);
      expect(endpoint.calls, `at minute ${expected[n]}`).toHaveLength(n + 1);
    }
    await advance(pb, 120);
    expect(endpoint.calls).toHaveLength(expected.length);
    expect(endpoint.calls.every((call) => call.title === 'PocketBase: testimonials created')).toBe(
      true,
    );

    const gaveUp = pocketbase.output().match(/^.*gave up on.*$/gm) ?? [];
    expect(gaveUp).toHaveLength(1);
    expect(gaveUp[0]).toContain(`after ${expected.length} failed attempts in 24 hours`);
    expect(gaveUp[0]).toContain(new URL(endpoint.url).origin);
    expect(gaveUp[0]).toContain('HTTP 500 boom');
    // The hook URL is a secret: logs show its origin only.
    expect(pocketbase.output()).not.toContain('secret-hook-id');

    endpoint.setMode('ok');
    const calls = endpoint.calls.length;
    await pb.collection('testimonials').update(record.id, { company: 'Nkosi Tax Advisory' });
    expect(endpoint.calls).toHaveLength(calls + 1);
    expect(endpoint.calls.at(-1)!.title).toBe('PocketBase: testimonials updated');
  }, 180_000);

  it('a save during the back-off sends at once and resets it', async () => {
    const endpoint = await startEndpoint('error');
    cleanups.push(endpoint.close);
    const pocketbase = await clockedPocketBase(endpoint.url);
    const pb = await pocketbase.superuserClient();
    const record = await pb.collection('blogs').create(post(20));
    const seen = [0];
    await runMinutes(pb, endpoint, 0, 5, seen);
    expect(seen).toEqual([0, 1, 3]);

    await pb.collection('blogs').update(record.id, { title: 'Edited during the back-off' });
    seen.push(5);
    expect(endpoint.calls).toHaveLength(4);
    expect(endpoint.calls[3].title).toBe('PocketBase: blogs updated (+1 more change)');
    // Afresh: 1 minute after that failure, then 2 (not the 4 the first change had reached).
    await runMinutes(pb, endpoint, 5, 9, seen);
    expect(seen).toEqual([0, 1, 3, 5, 6, 8]);
  }, 60_000);

  it('keeps the pending change and its back-off across a restart', async () => {
    const endpoint = await startEndpoint('error');
    cleanups.push(endpoint.close);
    const dataDir = await mkdtemp(path.join(tmpdir(), 'lw-pb-backoff-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    let { server, pb } = await clockedServer(endpoint.url, dataDir);
    await pb.collection('testimonials').create(testimonial);
    const seen = [0];
    await runMinutes(pb, endpoint, 0, 4, seen);
    expect(seen).toEqual([0, 1, 3]);

    await server.stop();
    ({ server, pb } = await clockedServer(endpoint.url, dataDir));
    endpoint.setMode('ok');
    await runMinutes(pb, endpoint, 4, 20, seen);
    // The 4-minute wait after the third failure survived; the success ends the retries.
    expect(seen).toEqual([0, 1, 3, 7]);
    expect(endpoint.calls.at(-1)!.title).toBe('PocketBase: testimonials created');
    await waitFor(
      () => /sent "PocketBase: testimonials created"/.test(server.output()),
      5_000,
      'the log of the retry that went through',
    );
  }, 60_000);

  it('the minute job sends one rebuild for scheduled posts that came due, and remembers where it stopped across a restart', async () => {
    const endpoint = await startEndpoint();
    cleanups.push(endpoint.close);
    const dataDir = await mkdtemp(path.join(tmpdir(), 'lw-pb-schedule-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    let { server, pb } = await clockedServer(endpoint.url, dataDir);
    const tick = async () =>
      Date.parse(
        (
          await pb.send<{ now: string }>('/api/ledgerwise/test-clock/advance/1', {
            method: 'POST',
          })
        ).now,
      );

    // Two posts fall due half a minute after this tick, a third a minute and a half after it.
    const start = await tick();
    const first = await pb
      .collection('blogs')
      .create({ ...draft(8), published: true, published_at: pocketBaseDate(start + 30_000) });
    const second = await pb
      .collection('blogs')
      .create({ ...draft(9), published: true, published_at: pocketBaseDate(start + 30_000) });
    const third = await pb
      .collection('blogs')
      .create({ ...draft(10), published: true, published_at: pocketBaseDate(start + 90_000) });
    await pb.collection('blogs').create(draft(11));
    expect(endpoint.calls).toHaveLength(0);

    // The first minute job after their time sends one rebuild for both.
    await tick();
    expect(endpoint.calls).toHaveLength(1);
    expect(endpoint.calls[0].title).toBe('PocketBase: blogs scheduled (+1 more change)');
    expect(endpoint.calls[0].body).toMatchObject({
      collection: 'blogs',
      action: 'scheduled',
      changes: 2,
    });
    expect([first.id, second.id]).toContain(endpoint.calls[0].body.record_id);

    // The third falls due while PocketBase is stopped: the job's cutoff is kept in the
    // database, so the first tick after the restart sends its rebuild, and only its.
    await server.stop();
    ({ server, pb } = await clockedServer(endpoint.url, dataDir));
    await tick();
    expect(endpoint.calls).toHaveLength(2);
    expect(endpoint.calls[1].body).toMatchObject({
      action: 'scheduled',
      record_id: third.id,
      changes: 1,
    });
    await tick();
    expect(endpoint.calls).toHaveLength(2);
  }, 60_000);
});

describe('a build hook that is down', () => {
  it('still saves the post, and says in the server output that the hook could not be reached', async () => {
    // A port that was just free: nothing listens there, so the POST is refused at once.
    const closed = await startEndpoint();
    await closed.close();
    const pocketbase = await startPocketBase({
      SITE_REBUILD_HOOK_URL: closed.url,
      SITE_REBUILD_HOOK_SECRET: HOOK_SECRET,
      SITE_REBUILD_MIN_INTERVAL_SECONDS: '0',
    });
    const pb = await pocketbase.superuserClient();
    const response = await fetch(`${pocketbase.url}/api/collections/blogs/records`, {
      method: 'POST',
      headers: { Authorization: pb.authStore.token, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        title: 'Saved while the listener is down',
        content: '<p>Kept.</p>',
        published: true,
      }),
    });
    expect(response.status).toBe(200);
    const kept = (await response.json()) as { id: string };
    expect((await pb.collection('blogs').getOne(kept.id)).title).toBe(
      'Saved while the listener is down',
    );
    await waitFor(
      () => /could not reach the build hook/.test(pocketbase.output()),
      5_000,
      'the failure in the server output',
    );
  });
});
