/**
 * PocketBase's 429s, as a server on 127.0.0.1 answers them (the real rate limiter in a build:
 * tests/integration/rateLimitedBuild.test.ts): the build's requests, records and pictures alike,
 * wait as Retry-After says (or the window without one), outside the deadline of an answer, and
 * ask again; a request refused too long gives up with a message that names the URL and what to
 * change, and so does, at once, the next one refused.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { failureOf } from '../../support/failures';
import { createPocketBaseClient, fetchAllRecords } from '@/cms/client';
import { describeError, loadFailureMessage } from '@/cms/errors';
import { openImageCache } from '@/cms/images/imageCache';
import { blogSchema } from '@/cms/schemas';
import { RATE_LIMIT_WAITS } from '@/config/site';
import { createLoaderContext } from '../../support/loaderContext';
import { pngBuffer } from '../../support/pictures';

const LIST = JSON.stringify({ page: 1, perPage: 500, totalItems: 1, totalPages: 1, items: [{ id: 'a' }] }); // prettier-ignore

/**
 * Answers the first `refusals` requests 429 (with `retryAfter` when given), then `body`. Records
 * when each request came.
 */
async function startLimitedServer({
  refusals,
  retryAfter,
  body = { type: 'application/json', data: Buffer.from(LIST) },
}: {
  refusals: number;
  retryAfter?: string;
  body?: { type: string; data: Buffer };
}) {
  const times: number[] = [];
  const server = createServer((_req, res) => {
    times.push(Date.now());
    if (times.length <= refusals) {
      const headers = { 'content-type': 'application/json', ...(retryAfter && { 'retry-after': retryAfter }) }; // prettier-ignore
      res.writeHead(429, headers).end('{"status":429,"message":"Too Many Requests.","data":{}}');
    } else res.writeHead(200, { 'content-type': body.type }).end(body.data);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  cleanups.push(close);
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, times };
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

const gaps = (times: number[]) => times.slice(1).map((time, index) => time - times[index]);

describe("the build's PocketBase requests, answered 429", () => {
  it('wait as Retry-After says, not counted in the deadline of an answer, and ask again', async () => {
    const server = await startLimitedServer({ refusals: 2, retryAfter: '1' });
    // A 0.5 s deadline an answer, each try its own; the window (5 s) is not waited.
    const pb = createPocketBaseClient(server.url, 500, { windowMs: 5_000, maxWaitMs: 30_000 });
    expect(await fetchAllRecords(pb, 'blogs')).toEqual([{ id: 'a' }]);
    expect(server.times).toHaveLength(3);
    for (const gap of gaps(server.times)) {
      expect(gap).toBeGreaterThanOrEqual(990);
      expect(gap).toBeLessThan(3_000);
    }
  });

  it('wait the window when the 429 has no Retry-After', async () => {
    const server = await startLimitedServer({ refusals: 1 });
    const pb = createPocketBaseClient(server.url, 500, { windowMs: 1_500, maxWaitMs: 30_000 });
    expect(await fetchAllRecords(pb, 'blogs')).toEqual([{ id: 'a' }]);
    expect(server.times).toHaveLength(2);
    expect(gaps(server.times)[0]).toBeGreaterThanOrEqual(1_490);
  });

  it('give up after the longest wait, naming the URL and what to change; the next one refused gives up at once', async () => {
    const server = await startLimitedServer({ refusals: Infinity });
    const pb = createPocketBaseClient(server.url, 500, { windowMs: 1_000, maxWaitMs: 2_000 });
    const started = Date.now();
    const error = await failureOf(fetchAllRecords(pb, 'blogs'));
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_000);
    // The first try, then one after each wait of the window (the last one cut to what is left).
    expect(server.times.length).toBeGreaterThanOrEqual(2);
    expect(server.times.length).toBeLessThanOrEqual(3);
    const tries = server.times.length;
    const cause =
      `PocketBase kept answering HTTP 429 (too many requests) to ${server.url}/api/collections/blogs/records ` +
      'for 2 s while the build waited and tried again. Its rate limiter counts every client at ' +
      "one address together: behind a proxy, name the header the proxy passes the client's " +
      'address in (Settings → Application → Trusted proxy); otherwise raise the limits ' +
      '(Settings → Application → Rate limiting).';
    expect(describeError(error)).toBe(cause);
    expect(loadFailureMessage(error, server.url)).toBe(
      `Failed to fetch blogs: ${server.url}: ${cause}`,
    );

    const next = Date.now();
    const again = await failureOf(fetchAllRecords(pb, 'topics'));
    expect(describeError(again)).toContain(`to ${server.url}/api/collections/topics/records for`);
    expect(server.times).toHaveLength(tries + 1);
    expect(Date.now() - next).toBeLessThan(1_000);
  });
});

describe("the build's pictures, answered 429", () => {
  const settings = { imageAllowedOrigins: [], remotePicturesBudgetMs: 60_000 };

  it("from PocketBase: wait as Retry-After says, outside a download's limit, and download", async () => {
    const picture = await pngBuffer(40, 30);
    const server = await startLimitedServer({
      refusals: 1,
      retryAfter: '1',
      body: { type: 'image/png', data: picture },
    });
    const { context } = createLoaderContext('blogs', blogSchema);
    const images = openImageCache(context, { ...settings, url: server.url, imageTimeoutMs: 500 });
    const cached = await images.get(`${server.url}/api/files/blogs/abc/banner.png`);
    expect(cached).toMatchObject({ width: 40, height: 30 });
    expect(server.times).toHaveLength(2);
    expect(gaps(server.times)[0]).toBeGreaterThanOrEqual(990);
    expect(gaps(server.times)[0]).toBeLessThan(RATE_LIMIT_WAITS.windowMs);
  });

  it('from another host: not waited for (its time is the remote budget), the picture left out', async () => {
    const server = await startLimitedServer({ refusals: Infinity, retryAfter: '1' });
    const { context } = createLoaderContext('blogs', blogSchema);
    const images = openImageCache(context, {
      ...settings,
      url: 'http://127.0.0.1:9',
      imageAllowedOrigins: [server.url],
      imageTimeoutMs: 500,
    });
    await expect(images.get(`${server.url}/banner.png`)).rejects.toThrow('HTTP 429');
    expect(server.times).toHaveLength(1);
  });
});
