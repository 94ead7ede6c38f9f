/**
 * The PocketBase binary every tool runs (tools/local/pocketbase/binary.ts) and
 * `npm run pocketbase -- ARGS` (tools/local/pocketbase/cli.ts).
 * - With Go: the project's Go program is built from a temporary copy of pocketbase/ (go.mod,
 *   go.sum, main.go) into a temporary cache, with the machine's own Go and Go caches (warm after
 *   the first run, so each build takes seconds).
 * - Without Go: a local HTTP server plays GitHub's release folder with release-shaped archives (a
 *   real zip holding a fake `pocketbase` shell script, LICENSE.md and CHANGELOG.md): one good
 *   release, one whose archives were altered in transit and one whose checksums.txt lists none.
 *   The platform and the Go lookup are injected, so every platform's path runs here.
 * - `npm run pocketbase` is the real script in a child process with Node 26 (this test's Node).
 */
import { execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  appendFile,
  chmod,
  copyFile,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { failureOf } from '../support/failures';
import { findPocketBaseBinary } from '../../tools/local/pocketbase/binary.ts';
import { checksumFor, releaseAsset } from '../../tools/local/pocketbase/download.ts';
import { buildPocketBase } from '../../tools/local/pocketbase/goBuild.ts';
import {
  GO_MODULE_DIR,
  goModuleFiles,
  GO_TOOLCHAIN,
  POCKETBASE_VERSION,
} from '../../tools/local/pocketbase/goModule.ts';
import { getFreePort } from '../../tools/local/pocketbase/serverProcess.ts';
import { PROJECT_ROOT } from '../../tools/shared/paths.ts';

const run = promisify(execFile);
const FAKE_BINARY = `#!/bin/sh\necho "pocketbase version ${POCKETBASE_VERSION} (fake, from the test release)"\n`;
/** Node's platform and arch → the release's os_arch: every platform the release has. */
const PLATFORMS = [
  { platform: 'darwin', arch: 'arm64', target: 'darwin_arm64' },
  { platform: 'darwin', arch: 'x64', target: 'darwin_amd64' },
  { platform: 'linux', arch: 'arm64', target: 'linux_arm64' },
  { platform: 'linux', arch: 'x64', target: 'linux_amd64' },
  { platform: 'win32', arch: 'arm64', target: 'windows_arm64' },
  { platform: 'win32', arch: 'x64', target: 'windows_amd64' },
];
/** The first build of a fresh machine compiles PocketBase (about a minute on 2 cores) and may
 * fetch Go's toolchain; later ones reuse Go's build cache and take seconds. */
const BUILD_TIMEOUT_MS = 10 * 60_000;

const archiveName = (target: string) => `pocketbase_${POCKETBASE_VERSION}_${target}.zip`;
const binaryBytes = (target: string, script = FAKE_BINARY) => strToU8(`${script}# ${target}\n`);

/** A zip shaped like the release's: the binary at the top level beside the two docs. */
function releaseArchive(target: string, script = FAKE_BINARY): Buffer {
  const binary = target.startsWith('windows') ? 'pocketbase.exe' : 'pocketbase';
  return Buffer.from(
    zipSync({
      'CHANGELOG.md': strToU8(`## v${POCKETBASE_VERSION}\n- test release\n`),
      'LICENSE.md': strToU8('MIT\n'),
      [binary]: binaryBytes(target, script),
    }),
  );
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** Release folder name → file name → bytes. */
const releases = new Map<string, Map<string, Buffer>>();
const requests: string[] = [];
let server: Server;
let baseUrl: string;
/** A fresh cache folder for each test. */
let cacheDir: string;
/** Every test's temporary folders, removed at the end. */
const temporary: string[] = [];

async function makeTemp(prefix: string) {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  temporary.push(dir);
  return dir;
}

function addRelease(name: string, archives: Map<string, Buffer>, sums: Map<string, Buffer>) {
  const files = new Map(archives);
  const lines = [...sums].map(([file, data]) => `${sha256(data)}  ${file}`);
  files.set('checksums.txt', Buffer.from(`${lines.join('\n')}\n`));
  releases.set(name, files);
}

beforeAll(async () => {
  const good = new Map(
    PLATFORMS.map(({ target }) => [archiveName(target), releaseArchive(target)]),
  );
  addRelease('good', good, good);
  // The published checksums, but archives whose binary was altered on the way: still valid
  // zips, so only the checksum can tell.
  const corrupted = new Map(
    PLATFORMS.map(({ target }) => [
      archiveName(target),
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
  await Promise.all(temporary.map((dir) => rm(dir, { recursive: true, force: true })));
});

beforeEach(async () => {
  cacheDir = await makeTemp('lw-pb-cache-');
  requests.length = 0;
});

/**
 * The binary a machine of this platform without Go and without POCKETBASE_BIN gets, with
 * `release` (a folder on the test server, or a whole URL) playing the GitHub release.
 */
function resolveWithoutGo(platform: string, arch: string, release: string) {
  return findPocketBaseBinary({
    bin: '',
    findGo: () => Promise.resolve(undefined),
    platform,
    arch,
    cacheDir,
    releaseUrl: release.startsWith('http') ? release : `${baseUrl}/${release}`,
    log: () => {},
  });
}

describe('release archives', () => {
  it('names the official archive of each of the six platforms, and none elsewhere', () => {
    for (const { platform, arch, target } of PLATFORMS) {
      expect(releaseAsset({ platform, arch })).toEqual({
        archive: archiveName(target),
        binary: platform === 'win32' ? 'pocketbase.exe' : 'pocketbase',
      });
    }
    expect(archiveName('linux_amd64')).toBe('pocketbase_0.40.4_linux_amd64.zip');
    expect(releaseAsset({ platform: 'freebsd', arch: 'x64' })).toBeNull();
    expect(releaseAsset({ platform: 'linux', arch: 'ia32' })).toBeNull();
  });

  it('reads checksums.txt as the release writes it', () => {
    const text = `${'a'.repeat(64)}  pocketbase_0.40.4_darwin_amd64.zip\n${'B'.repeat(64)}  pocketbase_0.40.4_darwin_arm64.zip\r\n`;
    expect(checksumFor(text, 'pocketbase_0.40.4_darwin_arm64.zip')).toBe('b'.repeat(64));
    expect(checksumFor(text, 'pocketbase_0.40.4_windows_amd64.zip')).toBeUndefined();
  });
});

describe('without Go: download, verify and cache', () => {
  it.each(PLATFORMS)(
    '$platform $arch: downloads the archive once and caches its binary byte for byte',
    async ({ platform, arch, target }) => {
      const bin = await resolveWithoutGo(platform, arch, 'good');
      const name = platform === 'win32' ? 'pocketbase.exe' : 'pocketbase';
      expect(bin).toBe(path.join(cacheDir, `${POCKETBASE_VERSION}-${platform}-${arch}`, name));
      expect(new Uint8Array(await readFile(bin))).toEqual(binaryBytes(target));
      expect((await stat(bin)).mode & 0o111).not.toBe(0);
      expect(requests.sort()).toEqual(['/good/checksums.txt', `/good/${archiveName(target)}`]);

      // Once: the next start finds it in the cache and downloads nothing.
      expect(await resolveWithoutGo(platform, arch, 'good')).toBe(bin);
      expect(requests).toHaveLength(2);
      // Nothing but the binary is left behind: no partial files, no docs from the archive.
      expect(await readdir(cacheDir)).toEqual([path.basename(path.dirname(bin))]);
      expect(await readdir(path.dirname(bin))).toEqual([name]);
    },
  );

  it('the cached binary runs', async () => {
    const bin = await resolveWithoutGo('linux', 'arm64', 'good');
    const { stdout } = await run(bin, ['--version']);
    expect(stdout).toBe(`pocketbase version ${POCKETBASE_VERSION} (fake, from the test release)\n`);
  });

  it('refuses a corrupted archive in one line and caches nothing', async () => {
    const { message } = await failureOf(resolveWithoutGo('linux', 'x64', 'corrupted'));
    expect(message).not.toContain('\n');
    expect(message).toMatch(/does not match the release's checksum/);
    expect(message).toContain('install Go');
    expect(message).toContain('set POCKETBASE_BIN');
    expect(await readdir(cacheDir)).toEqual([]);
  });

  it('refuses an archive that checksums.txt does not list, and caches nothing', async () => {
    await expect(resolveWithoutGo('win32', 'arm64', 'unlisted')).rejects.toThrow(
      /lists no checksum for pocketbase_0\.40\.4_windows_arm64\.zip, so it cannot be verified/,
    );
    expect(await readdir(cacheDir)).toEqual([]);
  });

  it('offline: names the download URL, the reason, Go and POCKETBASE_BIN', async () => {
    // A port nothing listens on: the connection is refused, as on a machine without network.
    const closed = `http://127.0.0.1:${await getFreePort()}/v${POCKETBASE_VERSION}`;
    const { message } = await failureOf(resolveWithoutGo('darwin', 'arm64', closed));
    expect(message).not.toContain('\n');
    expect(message).toContain(`${closed}/${archiveName('darwin_arm64')}`);
    expect(message).toMatch(/ECONNREFUSED/);
    expect(message).toContain('install Go (https://go.dev/dl/)');
    expect(message).toContain('set POCKETBASE_BIN');
    expect(await readdir(cacheDir)).toEqual([]);
  });

  it('a release folder that answers 404 fails the same way, with the status', async () => {
    await expect(resolveWithoutGo('darwin', 'x64', 'missing')).rejects.toThrow(
      /Could not download .*\/missing\/pocketbase_0\.40\.4_darwin_amd64\.zip \(HTTP 404\): install Go .*set POCKETBASE_BIN/,
    );
  });

  it('a platform without a release says to install Go or set POCKETBASE_BIN, and asks nothing', async () => {
    await expect(resolveWithoutGo('freebsd', 'x64', 'good')).rejects.toThrow(
      /has no release for freebsd x64: install Go .*set POCKETBASE_BIN/,
    );
    expect(requests).toEqual([]);
  });
});

describe('POCKETBASE_BIN', () => {
  it('wins over Go and the download', async () => {
    const own = path.join(cacheDir, 'my-pocketbase');
    await writeFile(own, FAKE_BINARY);
    const findGo = () =>
      Promise.reject(new Error('Go was looked for although POCKETBASE_BIN is set'));
    expect(
      await findPocketBaseBinary({
        bin: own,
        findGo,
        releaseUrl: `${baseUrl}/good`,
        log: () => {},
      }),
    ).toBe(own);
    expect(requests).toEqual([]);
    await expect(findPocketBaseBinary({ bin: `${own}-missing`, findGo })).rejects.toThrow(
      /^POCKETBASE_BIN points at .*my-pocketbase-missing, which does not exist: fix or unset it\.$/,
    );
  });
});

describe('with Go: the project builds its own program', () => {
  /** The cache the builds share (the reuse and the rebuild are about it) and the first build. */
  let buildCache: string;
  let firstBuild: string | undefined;

  /** A copy of pocketbase/'s Go module (no data, hooks or migrations: the build needs none). */
  async function copyModule(): Promise<string> {
    const dir = await makeTemp('lw-pb-module-');
    await mkdir(path.join(dir, 'adminui'));
    for (const file of goModuleFiles(GO_MODULE_DIR))
      await copyFile(path.join(GO_MODULE_DIR, file), path.join(dir, file));
    return dir;
  }

  beforeAll(async () => {
    buildCache = await makeTemp('lw-pb-builds-');
  });

  /** This machine's Go, as binary.ts finds it. */
  async function localGo(): Promise<string> {
    const { stdout } = await run('go', ['env', 'GOVERSION'], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, GOTOOLCHAIN: 'local' },
    });
    return stdout.trim();
  }

  it(
    "builds a binary whose --version prints go.mod's version, and reuses it",
    async () => {
      const goVersion = await localGo();
      const moduleDir = await copyModule();
      const logged: string[] = [];
      const log = (message: string) => logged.push(message);
      const bin = await buildPocketBase({ goVersion, moduleDir, cacheDir: buildCache, log });
      expect(path.dirname(path.dirname(bin))).toBe(buildCache);
      expect(path.basename(path.dirname(bin))).toMatch(
        new RegExp(`^${POCKETBASE_VERSION.replaceAll('.', '\\.')}-build-[0-9a-f]{16}$`),
      );
      // The version is stamped in by -ldflags: an unstamped build says "(untracked)".
      const { stdout } = await run(bin, ['--version']);
      expect(stdout).toBe(`pocketbase version ${POCKETBASE_VERSION}\n`);
      expect(logged.join('\n')).toMatch(/Building PocketBase .*built in/s);
      firstBuild = bin;

      // Reused, not rebuilt: a marker put in place of the binary is still there after the next
      // call, which a build (renaming a fresh binary into place) would have replaced. The call
      // goes through the resolution a tool makes on a machine with Go: no download either.
      await writeFile(bin, '#!/bin/sh\necho marker\n');
      logged.length = 0;
      const again = await findPocketBaseBinary({
        bin: '',
        findGo: () => Promise.resolve(goVersion),
        cacheDir: buildCache,
        releaseUrl: `${baseUrl}/good`,
        log,
      });
      expect(again).toBe(bin);
      expect(await readFile(bin, 'utf8')).toBe('#!/bin/sh\necho marker\n');
      expect(logged).toEqual([]);
      expect(requests).toEqual([]);
    },
    BUILD_TIMEOUT_MS,
  );

  it(
    "a change to main.go builds into a new folder, once for two concurrent starts, with go.mod's toolchain",
    async () => {
      expect(firstBuild, 'the first build (the test above) succeeded').toBeDefined();
      const moduleDir = await copyModule();
      await appendFile(path.join(moduleDir, 'main.go'), '\n// A comment changes the build.\n');
      const options = {
        // Any Go older than go.mod's `go` line: the build asks for go.mod's toolchain.
        goVersion: 'go1.26.0',
        moduleDir,
        cacheDir: buildCache,
        log: () => {},
      };
      // Two starts at once (two processes do the same): each writes its own partial file and
      // renames it into place, so both get a whole binary.
      const [bin, other] = await Promise.all([buildPocketBase(options), buildPocketBase(options)]);
      expect(other).toBe(bin);
      expect(path.dirname(bin)).not.toBe(path.dirname(firstBuild!));
      expect((await readdir(buildCache)).sort()).toEqual(
        [path.basename(path.dirname(firstBuild!)), path.basename(path.dirname(bin))].sort(),
      );
      expect(await readdir(path.dirname(bin))).toEqual(['pocketbase']);
      const { stdout } = await run(bin, ['--version']);
      expect(stdout).toBe(`pocketbase version ${POCKETBASE_VERSION}\n`);
      // The Go release and settings the binary records: go.mod's toolchain, pure Go.
      const info = (await run('go', ['version', '-m', bin])).stdout;
      expect(info.split('\n')[0]).toBe(`${bin}: ${GO_TOOLCHAIN}`);
      expect(info).toMatch(/^\s*build\s+CGO_ENABLED=0$/m);
    },
    BUILD_TIMEOUT_MS,
  );

  it('a go.sum that does not match fails in one line that says what to do, and caches nothing', async () => {
    const moduleDir = await copyModule();
    const goSum = path.join(moduleDir, 'go.sum');
    const sums = await readFile(goSum, 'utf8');
    // PocketBase's own module hash, altered: as if the module had been replaced upstream.
    const altered = sums.replace(
      new RegExp(`^(github\\.com/pocketbase/pocketbase v${POCKETBASE_VERSION} h1:)....`, 'm'),
      '$1AAAA',
    );
    expect(altered).not.toBe(sums);
    await writeFile(goSum, altered);

    const error = await failureOf(
      buildPocketBase({ goVersion: await localGo(), moduleDir, cacheDir, log: () => {} }),
    );
    const [reason] = error.message.split('\n');
    expect(reason).toMatch(
      new RegExp(
        `^Could not build PocketBase ${POCKETBASE_VERSION} with Go \\(verifying github\\.com/pocketbase/pocketbase@v${POCKETBASE_VERSION}: checksum mismatch\\): `,
      ),
    );
    expect(reason).toContain('pocketbase/go.sum');
    expect(reason).toContain('set POCKETBASE_BIN');
    // Go's whole output follows, for whoever needs more.
    expect(error.message).toContain('SECURITY ERROR');
    expect(await readdir(cacheDir)).toEqual([]);
  });
});

describe('npm run pocketbase -- ARGS', () => {
  /** `node tools/local/pocketbase/cli.ts ARGS` as `npm run pocketbase -- ARGS` runs it. */
  function runScript(args: string[], env: Record<string, string> = {}) {
    return new Promise<{ code: number | null; stdout: string; stderr: string }>(
      (resolve, reject) => {
        const child = spawn(process.execPath, ['tools/local/pocketbase/cli.ts', ...args], {
          cwd: PROJECT_ROOT,
          // Blank counts as not set, and the shell's value wins over .env files: the project's
          // own resolution, whatever a developer's .env.local says.
          env: { ...process.env, POCKETBASE_BIN: '', ...env },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
        child.once('error', reject);
        child.once('close', (code) => resolve({ code, stdout, stderr }));
      },
    );
  }

  /** An executable shell script in a temporary folder. */
  async function script(body: string): Promise<string> {
    const file = path.join(cacheDir, 'fake-pocketbase');
    await writeFile(file, `#!/bin/sh\n${body}\n`);
    await chmod(file, 0o755);
    return file;
  }

  it(
    "-- --version prints PocketBase's own version line, alone on stdout",
    async () => {
      // The project's binary, as this machine resolves it (built from pocketbase/ with Go).
      const { code, stdout } = await runScript(['--version']);
      expect(code).toBe(0);
      expect(stdout).toBe(`pocketbase version ${POCKETBASE_VERSION}\n`);
    },
    BUILD_TIMEOUT_MS,
  );

  it(
    "a failing command: PocketBase's message and exit code",
    async () => {
      const { code, stdout, stderr } = await runScript(['no-such-command']);
      expect(code).toBe(1);
      expect(stdout).toBe('');
      expect(stderr).toContain('unknown command "no-such-command" for "pocketbase"');
    },
    BUILD_TIMEOUT_MS,
  );

  it('POCKETBASE_BIN runs with the arguments, and its exit code or signal passes through', async () => {
    // 7: not the 1 that the script itself exits with when it fails.
    const bin = await script('echo "fake: $*"; exit 7');
    const ran = await runScript(['superuser', 'list', '--dir', 'x y'], { POCKETBASE_BIN: bin });
    expect(ran).toEqual({ code: 7, stdout: 'fake: superuser list --dir x y\n', stderr: '' });

    // Killed by SIGTERM: 128 + 15, as a shell reports it.
    const killed = await runScript(['serve'], { POCKETBASE_BIN: await script('kill -TERM $$') });
    expect(killed.code).toBe(143);
  });

  it('a POCKETBASE_BIN that does not exist fails with one line and exit code 1', async () => {
    const missing = path.join(cacheDir, 'no-pocketbase-here');
    const { code, stdout, stderr } = await runScript(['--version'], { POCKETBASE_BIN: missing });
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toBe(
      `POCKETBASE_BIN points at ${missing}, which does not exist: fix or unset it.\n`,
    );
  });
});
