/**
 * The addresses the build may fetch a picture from. No network but loopback: every address is
 * an IP literal (resolved without asking DNS) or `localhost` (from the hosts file), and the
 * redirect test serves on 127.0.0.1.
 */
import dns from 'node:dns';
import { createServer, type Server } from 'node:http';
import { syncBuiltinESMExports } from 'node:module';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOriginList } from '@/config/originList.ts';
import {
  ADDRESS_NOT_ALLOWED,
  createPictureAddressPolicy,
  fetchCheckedPicture,
} from '@/cms/images/pictureAddresses';

const POCKETBASE = 'http://127.0.0.1:8090';
const policy = createPictureAddressPolicy([POCKETBASE]);
const verdict = (url: string) =>
  policy.check(new URL(url)).then(
    () => 'allowed',
    (error: Error) => error.message,
  );

describe('the picture address policy', () => {
  it.each([
    ['loopback', 'http://127.0.0.1/a.png'],
    ['loopback, anywhere in 127/8', 'http://127.254.0.9:8080/a.png'],
    ['loopback written as a number', 'http://2130706433/a.png'],
    ['10/8', 'http://10.1.2.3/a.png'],
    ['172.16/12, first', 'http://172.16.0.1/a.png'],
    ['172.16/12, last', 'http://172.31.255.255/a.png'],
    ['192.168/16', 'https://192.168.1.20/a.png'],
    ['100.64/10 (carrier-grade NAT)', 'http://100.64.0.1/a.png'],
    ['100.64/10, last', 'http://100.127.255.254/a.png'],
    ['link-local: the cloud metadata service', 'http://169.254.169.254/latest/meta-data/'],
    ['unspecified IPv4', 'http://0.0.0.0:8090/a.png'],
    ['IPv4 multicast', 'http://224.0.0.251/a.png'],
    ['broadcast', 'http://255.255.255.255/a.png'],
    ['IPv6 loopback', 'http://[::1]:8090/a.png'],
    ['IPv6 unspecified', 'http://[::]/a.png'],
    ['unique local fc00::/7', 'http://[fc00::1]/a.png'],
    ["AWS's IPv6 metadata service", 'http://[fd00:ec2::254]/latest/meta-data/'],
    ['IPv6 link-local', 'http://[fe80::1]/a.png'],
    ['IPv6 multicast', 'http://[ff02::1]/a.png'],
    ['IPv4-mapped loopback', 'http://[::ffff:127.0.0.1]/a.png'],
    ['IPv4-mapped metadata service', 'http://[::ffff:169.254.169.254]/a.png'],
    ['IPv4-mapped 10/8', 'http://[::ffff:10.0.0.1]/a.png'],
    ['IPv4-mapped 192.168/16, in hex', 'http://[::ffff:c0a8:0101]/a.png'],
    ['a host name resolving to loopback', 'http://localhost:8090/a.png'],
    ['PocketBase on another port', 'http://127.0.0.1:8091/a.png'],
    ['not http(s)', 'ftp://93.184.215.14/a.png'],
    ['IETF protocol assignments, 192.0.0/24', 'http://192.0.0.8/a.png'],
    ['benchmarking, 198.18/15', 'http://198.19.255.1/a.png'],
    ['NAT64 of 127.0.0.1', 'http://[64:ff9b::7f00:1]/a.png'],
  ])('refuses %s without connecting', async (_what, url) => {
    expect(await verdict(url)).toBe(ADDRESS_NOT_ALLOWED);
  });

  it.each([
    'http://93.184.215.14/a.png',
    'https://8.8.8.8/a.png',
    // Just outside the private and shared ranges.
    'http://172.32.0.1/a.png',
    'http://100.128.0.1/a.png',
    'http://11.0.0.1/a.png',
    'http://[2606:4700:4700::1111]/a.png',
    'http://[::ffff:8.8.8.8]/a.png',
  ])('allows the public address %s', async (url) => {
    expect(await verdict(url)).toBe('allowed');
  });

  it("allows PocketBase's own origin wherever it runs, and nothing else on that host", async () => {
    expect(await verdict(`${POCKETBASE}/api/files/c/r/a.png`)).toBe('allowed');
    expect(await verdict('http://localhost:8090/api/files/c/r/a.png')).toBe(ADDRESS_NOT_ALLOWED);
  });

  it('allows the origins CONTENT_IMAGE_ALLOWED_ORIGINS lists, exactly', async () => {
    const origins = readOriginList(
      'CONTENT_IMAGE_ALLOWED_ORIGINS',
      ' http://10.0.0.7:8080/photos , HTTPS://Intranet.Example:443,',
    );
    expect(origins).toEqual(['http://10.0.0.7:8080', 'https://intranet.example']);
    const intranet = createPictureAddressPolicy([POCKETBASE, ...origins]);
    await expect(intranet.check(new URL('http://10.0.0.7:8080/a/b.png'))).resolves.toBeUndefined();
    await expect(intranet.check(new URL('http://10.0.0.7:8081/b.png'))).rejects.toThrow(
      ADDRESS_NOT_ALLOWED,
    );
    await expect(intranet.check(new URL('https://10.0.0.7:8080/b.png'))).rejects.toThrow(
      ADDRESS_NOT_ALLOWED,
    );
    expect(readOriginList('X', undefined)).toEqual([]);
    expect(() => readOriginList('CONTENT_IMAGE_ALLOWED_ORIGINS', 'intranet:8080')).toThrow(
      'CONTENT_IMAGE_ALLOWED_ORIGINS: "intranet:8080" is not an http(s) origin',
    );
  });
});

describe('fetching a picture past redirects', () => {
  let server: Server;
  let origin: string;
  const hits: string[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      hits.push(req.url ?? '');
      if (req.url === '/to-metadata')
        res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
      else if (req.url === '/to-localhost')
        res.writeHead(301, { location: 'http://localhost:1/a.png' }).end();
      else if (req.url === '/hop') res.writeHead(307, { location: '/picture' }).end();
      else if (req.url === '/loop') res.writeHead(302, { location: '/loop' }).end();
      else res.writeHead(200, { 'content-type': 'image/png' }).end('png');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const get = (path: string, trusted = [origin]) =>
    fetchCheckedPicture(
      `${origin}${path}`,
      createPictureAddressPolicy(trusted),
      AbortSignal.timeout(5000),
    );

  it('follows a redirect within an allowed origin, and refuses one to a private address', async () => {
    expect(await (await get('/hop')).text()).toBe('png');
    await expect(get('/to-metadata')).rejects.toThrow(ADDRESS_NOT_ALLOWED);
    await expect(get('/to-localhost')).rejects.toThrow(ADDRESS_NOT_ALLOWED);
    await expect(get('/loop')).rejects.toThrow('more than 5 redirects');
  });

  it('refuses the first address before connecting', async () => {
    hits.length = 0;
    await expect(get('/picture', [])).rejects.toThrow(ADDRESS_NOT_ALLOWED);
    expect(hits).toEqual([]);
  });
});

describe('a name whose answer changes between the check and the connection', () => {
  let server: Server;
  let port: number;
  let hits = 0;
  const saved = { lookup: dns.lookup, promises: dns.promises.lookup };

  beforeAll(async () => {
    server = createServer((_req, res) => {
      hits += 1;
      res.writeHead(200, { 'content-type': 'image/png' }).end('png');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    // An attacker's DNS: `rebind.test` answers a public address, then 127.0.0.1, and so on.
    let asked = 0;
    const answer = () =>
      asked++ % 2 === 0
        ? { address: '93.184.215.14', family: 4 }
        : { address: '127.0.0.1', family: 4 };
    const rebinding = ((
      hostname: string,
      options: { all?: boolean },
      callback: (...args: unknown[]) => void,
    ) => {
      if (hostname !== 'rebind.test')
        return saved.lookup(hostname, options as dns.LookupAllOptions, callback as never);
      const { address, family } = answer();
      if (options.all) callback(null, [{ address, family }]);
      else callback(null, address, family);
    }) as typeof dns.lookup;
    dns.lookup = rebinding;
    dns.promises.lookup = (async (hostname: string, options: dns.LookupAllOptions) =>
      hostname === 'rebind.test'
        ? [answer()]
        : saved.promises(hostname, options)) as typeof dns.promises.lookup;
    syncBuiltinESMExports();
  });
  afterAll(async () => {
    dns.lookup = saved.lookup;
    dns.promises.lookup = saved.promises;
    syncBuiltinESMExports();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('never connects to the private address, however many times it is asked', async () => {
    for (let attempt = 0; attempt < 8; attempt += 1) {
      await fetchCheckedPicture(
        `http://rebind.test:${port}/picture.png`,
        createPictureAddressPolicy([]),
        AbortSignal.timeout(300),
      ).then(
        (response) => response.body?.cancel(),
        () => undefined,
      );
    }
    expect(hits).toBe(0);
  });
});
