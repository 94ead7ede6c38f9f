/**
 * No PocketBase request of the build waits for ever: a server that accepts the connection and
 * never answers, or stops half-way through an answer, fails the request after the timeout with
 * a message naming the cause (never an empty blog). Records and HTTP errors through the same timed
 * client, from a real PocketBase: contentLoaders.test.ts.
 */
import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { failureOf } from '../support/failures';
import { createPocketBaseClient, fetchAllRecords } from '@/cms/client';
import { pocketBaseBlogsLoader } from '@/cms/blogs';
import { blogLoadStateLoader } from '@/cms/blogLoadState';
import { BlogLoadError, describeError } from '@/cms/errors';
import { blogSchema, blogLoadStateSchema } from '@/cms/schemas';
import { createLoaderContext } from '../support/loaderContext';
import { startSilentServer, type SilentServer } from '../support/silentServer';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function silent(): Promise<SilentServer> {
  const server = await startSilentServer();
  cleanups.push(server.close);
  return server;
}

/** Sends the status line, headers and half a JSON list, then nothing more. */
async function stallingMidBody(): Promise<string> {
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '1000' });
    res.write('{"page":1,"perPage":500,"items":[');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  const address = server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

describe('PocketBase requests of the build', () => {
  it('give up on a server that accepts and stays silent, once, without retrying', async () => {
    const server = await silent();
    const error = await failureOf(
      fetchAllRecords(createPocketBaseClient(server.url, 800), 'blogs'),
    );
    expect(describeError(error)).toBe('timed out: no complete answer within 0.8 s');
    expect(server.connections()).toBe(1);
  });

  it('give up on an answer that stops half-way, rather than reading it as an empty list', async () => {
    const url = await stallingMidBody();
    const error = await failureOf(fetchAllRecords(createPocketBaseClient(url, 800), 'blogs'));
    expect(describeError(error)).toBe('timed out: no complete answer within 0.8 s');
  });

  it('give up on a server that accepts and stays silent, failing a production build with the URL and the cause', async () => {
    const server = await silent();
    const { context } = createLoaderContext('blogs', blogSchema);
    const loader = pocketBaseBlogsLoader({ url: server.url, failOnError: true, timeoutMs: 1000 });
    const started = Date.now();
    const error = await failureOf(loader.load(context));
    expect(error).toBeInstanceOf(BlogLoadError);
    expect((error as Error).message).toBe(
      `Failed to fetch blogs: ${server.url}: timed out: no complete answer within 1 s`,
    );
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(server.connections()).toBeGreaterThan(0);
  });

  it("leave the blog's load state, alone and without the blogs loader, ended by the same limit", async () => {
    const server = await silent();
    const loadState = createLoaderContext('blogLoadState', blogLoadStateSchema);
    await blogLoadStateLoader({ url: server.url, timeoutMs: 1000 }).load(loadState.context);
    expect(loadState.list()).toEqual([
      {
        id: 'current',
        data: {
          ok: false,
          message: `Failed to fetch blogs: ${server.url}: timed out: no complete answer within 1 s`,
        },
      },
    ]);
  });
});
