/**
 * PocketBase on the internet, flooded by one anonymous client, against a real server with the
 * project's Go program, migrations and hooks: a refused write costs it no memory, a flood of
 * thumbnails or realtime connections leaves its health check and the editors' login quick, and
 * behind a trusted proxy one address's flood refuses only that address.
 */
import { execFileSync } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import type PocketBase from 'pocketbase';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flood, healthMs, holdConnection, sendHugeBody, whileWatching } from '../support/flood';
import { startTestPocketBase, type TestPocketBase } from '../support/pocketbase';
import { connectRealtime } from '../support/realtime';

const MB = 1024 * 1024;

/** A photograph-like JPEG of about 5 MB (noise compresses badly), 2,400 × 1,800: under the caps. */
async function fiveMegabyteJpeg(): Promise<File> {
  const [width, height] = [2400, 1800];
  const noise = Buffer.alloc(width * height * 3);
  for (let i = 0; i < noise.length; i += 1) noise[i] = (i * 2654435761) >>> 24;
  const jpeg = await sharp(noise, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 97 })
    .toBuffer();
  return new File([new Uint8Array(jpeg)], 'photo.jpg', { type: 'image/jpeg' });
}

describe('a write by a client that may not write', () => {
  let server: TestPocketBase;
  let pb: PocketBase;
  let post: { id: string };
  beforeAll(async () => {
    server = await startTestPocketBase();
    pb = await server.superuserClient();
    post = await pb.collection('blogs').create({ title: 'Kept', content: '<p>Kept.</p>' });
  });
  afterAll(() => server?.stop());

  it('is refused before its body is read: a 400 MB create, and three at once, cost PocketBase under 50 MB', async () => {
    const create = () =>
      sendHugeBody(server.port, { path: '/api/collections/blogs/records', bytes: 400 * MB });
    const { result, growth } = await whileWatching(server, async () => [
      await create(),
      ...(await Promise.all([create(), create(), create()])),
    ]);
    for (const { status, sentBytes } of result) {
      expect(status).toBe(403);
      // Answered long before the body was through: PocketBase read none of it.
      expect(sentBytes).toBeLessThan(100 * MB);
    }
    expect(growth).toBeLessThan(50 * MB);
  });

  it('is refused the same way as an update or a delete, and the post is unchanged', async () => {
    const path = `/api/collections/blogs/records/${post.id}`;
    for (const method of ['PATCH', 'DELETE']) {
      const { status, sentBytes } = await sendHugeBody(server.port, {
        method,
        path,
        bytes: 400 * MB,
      });
      expect({ method, status }).toEqual({ method, status: 403 });
      expect(sentBytes).toBeLessThan(100 * MB);
    }
    expect((await pb.collection('blogs').getOne(post.id)).title).toBe('Kept');
  });

  it('of any other kind gets 64 KB of body at most; superusers keep the limits editors need', async () => {
    const login = await sendHugeBody(server.port, {
      path: '/api/collections/_superusers/auth-with-password',
      bytes: 1 * MB,
    });
    expect(login.status).toBe(413);
    const photo = await fiveMegabyteJpeg();
    expect(photo.size).toBeGreaterThan(4 * MB);
    const saved = await pb
      .collection('blogs')
      .create({ title: 'With a photo', content: '<p>A photo.</p>', banner_image: photo });
    expect(saved.banner_image).toMatch(/^photo_\w+\.jpg$/);
  });
});

describe('a flood of thumbnails', () => {
  let server: TestPocketBase;
  let thumbnail: string;
  beforeAll(async () => {
    // Rate limits off: the check itself must be cheap, as it is for 300 addresses at once.
    server = await startTestPocketBase({ rateLimits: false });
    const pb = await server.superuserClient();
    const post = await pb.collection('blogs').create({
      title: 'Live, with a 5 MB photo',
      content: '<p>Live.</p>',
      published: true,
      banner_image: await fiveMegabyteJpeg(),
    });
    thumbnail = `/api/files/${post.collectionId}/${post.id}/${post.banner_image}?thumb=100x100`;
  });
  afterAll(() => server?.stop());

  it("from 300 anonymous clients for 10 s on a live post's photo leaves health under 500 ms and PocketBase under 200 MB more", async () => {
    const {
      result: statuses,
      growth,
      slowestHealthMs,
    } = await whileWatching(server, () => flood(`${server.url}${thumbnail}`, 300, 10_000));
    expect(Object.keys(statuses)).toEqual(['200']);
    expect(statuses[200]).toBeGreaterThan(300);
    expect(slowestHealthMs).toBeLessThan(500);
    expect(growth).toBeLessThan(200 * MB);
  });
});

describe('a flood of anonymous realtime connections', () => {
  let server: TestPocketBase;
  beforeAll(async () => {
    server = await startTestPocketBase();
    // 1,024 descriptors, as a small server's default: soft and hard, so Go cannot raise it.
    execFileSync('prlimit', ['--pid', String(server.pid), '--nofile=1024:1024']);
  });
  afterAll(() => server?.stop());

  it('from one address, 1,000 at once, leaves health and a superuser login under 500 ms; the admin UI keeps its connection', async () => {
    const editor = await server.superuserClient();
    const adminUi = await connectRealtime(server.url, editor.authStore.token);
    await adminUi.subscribe(['blogs']);

    const held = await Promise.all(
      Array.from({ length: 1_000 }, () => holdConnection(server.port, '/api/realtime')),
    );
    const deadline = Date.now() + 10_000;
    while (held.some((connection) => connection.status() === null) && Date.now() < deadline)
      await sleep(50);
    const open = held.filter((connection) => connection.status() === 200);
    expect(open.length).toBeLessThanOrEqual(4);
    const refused = held.filter((connection) => connection.status() === 429);
    expect(refused.length).toBe(1_000 - open.length);
    expect(refused[0].text()).toMatch(/\r\nRetry-After: \d+\r\n/i);

    expect(await healthMs(server.url)).toBeLessThan(500);
    const started = performance.now();
    const login = await fetch(`${server.url}/api/collections/_superusers/auth-with-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        identity: server.superuser.email,
        password: server.superuser.password,
      }),
    });
    expect(login.status).toBe(200);
    expect(performance.now() - started).toBeLessThan(500);

    // The refused ones were closed at once; the anonymous ones held open are closed soon.
    await sleep(11_000);
    expect(held.filter((connection) => !connection.closed())).toEqual([]);
    // The superuser's connection outlives them and still gets the events of a save.
    await editor.collection('blogs').create({ title: 'Seen live', content: '<p>Seen.</p>' });
    await expect.poll(() => adminUi.events.length).toBeGreaterThan(0);
    adminUi.close();
    for (const connection of held) connection.close();
  }, 60_000);
});

describe('behind a proxy', () => {
  let proxied: TestPocketBase;
  let direct: TestPocketBase;
  beforeAll(async () => {
    proxied = await startTestPocketBase({
      env: {
        POCKETBASE_TRUSTED_PROXY_HEADER: 'X-Forwarded-For',
        POCKETBASE_APP_URL: 'https://cms.ledgerwise.co.za',
        POCKETBASE_SENDER_ADDRESS: 'cms@ledgerwise.co.za',
        POCKETBASE_SENDER_NAME: 'Ledgerwise CMS',
      },
    });
    direct = await startTestPocketBase();
  });
  afterAll(async () => {
    await proxied?.stop();
    await direct?.stop();
  });

  it('with the header trusted from the environment, one address’s flood refuses that address only', async () => {
    const pb = await proxied.superuserClient();
    const settings = await pb.settings.getAll();
    expect(settings.trustedProxy).toEqual({ headers: ['X-Forwarded-For'], useLeftmostIP: false });
    const rules = [{ label: '*:list', audience: '', duration: 10, maxRequests: 5 }];
    await pb.settings.update({ rateLimits: { enabled: true, rules } });
    const list = (address: string) =>
      fetch(`${proxied.url}/api/collections/blogs/records`, {
        headers: { 'X-Forwarded-For': address },
      });
    const flood = await Promise.all(Array.from({ length: 8 }, () => list('203.0.113.7')));
    const refused = flood.filter((response) => response.status === 429);
    expect(refused.length).toBe(3);
    expect(refused[0].headers.get('retry-after')).toBe('10');
    expect((await list('198.51.100.9')).status).toBe(200);
    expect((await list('203.0.113.7')).status).toBe(429);
  });

  it('the application URL and the sender come from the environment', async () => {
    const { meta } = await (await proxied.superuserClient()).settings.getAll();
    expect(meta).toMatchObject({
      appURL: 'https://cms.ledgerwise.co.za',
      senderAddress: 'cms@ledgerwise.co.za',
      senderName: 'Ledgerwise CMS',
    });
  });

  it('with no header trusted, PocketBase says so in its log once a proxy forwards a request', async () => {
    const response = await fetch(`${direct.url}/api/health`, {
      headers: { 'X-Forwarded-For': '203.0.113.7' },
    });
    expect(response.status).toBe(200);
    await expect
      .poll(() => direct.output())
      .toMatch(
        /\[proxy\] Requests come through a proxy at 127\.0\.0\.1 \(they carry X-Forwarded-For\), but PocketBase trusts no forwarding header.*Set POCKETBASE_TRUSTED_PROXY_HEADER=X-Forwarded-For/,
      );
  });
});
