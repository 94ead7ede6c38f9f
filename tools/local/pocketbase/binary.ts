/**
 * The PocketBase binary every tool and test runs, in this order:
 * 1. POCKETBASE_BIN, when set;
 * 2. with a Go toolchain on the PATH, the project's own program (pocketbase/main.go at go.mod's
 *    PocketBase version), built once with CGO_ENABLED=0 into node_modules/.cache/pocketbase, in a
 *    folder named by the digest of go.mod, go.sum and main.go: a change to one of them builds
 *    again, anything else reuses it;
 * 3. without Go, upstream's release archive of the same version for the platform, downloaded once
 *    and used only when its SHA-256 matches the release's own checksums.txt.
 * Every failure says in one line what to install or set.
 */
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { execa } from 'execa';
import { unzipSync } from 'fflate';
import { toolEnv } from '../../shared/env.ts';
import { PROJECT_ROOT } from '../../shared/paths.ts';

/** The Go program: go.mod pins PocketBase and the toolchain; main.go is upstream's examples/base. */
export const GO_MODULE_DIR = path.join(PROJECT_ROOT, 'pocketbase');
const GO_MODULE_FILES = ['go.mod', 'go.sum', 'main.go'];
const GO_MOD = readFileSync(path.join(GO_MODULE_DIR, 'go.mod'), 'utf8');

/** PocketBase's version, as go.mod requires it (e.g. "0.40.4"). */
export const POCKETBASE_VERSION = goModValue(
  /^\s*(?:require\s+)?github\.com\/pocketbase\/pocketbase v(\S+)/m,
);
/** The Go release go.mod names (`toolchain`), which the build asks for when the local Go is older. */
export const GO_TOOLCHAIN = goModValue(/^toolchain (go\S+)$/m);
const GO_MINIMUM = goModValue(/^go (\S+)$/m);

const RELEASE_URL = `https://github.com/pocketbase/pocketbase/releases/download/v${POCKETBASE_VERSION}`;
/** Removed with node_modules, like everything else the project installs. */
const CACHE_DIR = path.join(PROJECT_ROOT, 'node_modules', '.cache', 'pocketbase');
/** Generous for a 15 MB archive on a slow line; a server that never answers still ends. */
const DOWNLOAD_TIMEOUT_MS = 5 * 60_000;
/** The first build fetches the modules (and perhaps the toolchain, 76 MB): minutes on 2 cores. */
const BUILD_TIMEOUT_MS = 20 * 60_000;
const BIN_HELP = `or set POCKETBASE_BIN to a PocketBase ${POCKETBASE_VERSION} binary`;

function goModValue(pattern: RegExp): string {
  const match = pattern.exec(GO_MOD);
  if (!match) throw new Error(`pocketbase/go.mod has no line matching ${pattern}.`);
  return match[1];
}

/** Node's platform and arch → the os_arch part of the release's archive names. */
const RELEASE_TARGETS = new Map([
  ['darwin arm64', 'darwin_arm64'],
  ['darwin x64', 'darwin_amd64'],
  ['linux arm64', 'linux_arm64'],
  ['linux x64', 'linux_amd64'],
  ['win32 arm64', 'windows_arm64'],
  ['win32 x64', 'windows_amd64'],
]);

const binaryName = (platform: string) => (platform === 'win32' ? 'pocketbase.exe' : 'pocketbase');

/** The release archive for a platform, or null when the release has none. */
export function releaseAsset({
  platform,
  arch,
}: {
  platform: string;
  arch: string;
}): { archive: string; binary: string } | null {
  const target = RELEASE_TARGETS.get(`${platform} ${arch}`);
  if (!target) return null;
  return {
    archive: `pocketbase_${POCKETBASE_VERSION}_${target}.zip`,
    binary: binaryName(platform),
  };
}

/** The SHA-256 that checksums.txt (`<hex>  <file name>` per line) gives for one file. */
export function checksumFor(text: string, fileName: string): string | undefined {
  for (const line of text.split('\n')) {
    const match = /^([0-9a-f]{64})\s+\*?(.+?)\s*$/i.exec(line);
    if (match && match[2] === fileName) return match[1].toLowerCase();
  }
  return undefined;
}

/**
 * Writes `data` to a file of its own beside `target`'s folder and renames it into place: a
 * concurrent start never runs half a file, and a failure leaves no folder in the cache.
 */
async function writeExecutable(
  target: string,
  data: Uint8Array | ((partial: string) => Promise<void>),
) {
  const partial = `${path.dirname(target)}.${randomUUID()}.partial`;
  await mkdir(path.dirname(partial), { recursive: true });
  try {
    if (typeof data === 'function') await data(partial);
    else await writeFile(partial, data);
    await chmod(partial, 0o755);
    await mkdir(path.dirname(target), { recursive: true });
    await rename(partial, target).catch((error: unknown) => {
      // Windows cannot replace a binary that a concurrent start already put there and runs.
      if (!existsSync(target)) throw error;
    });
  } finally {
    await rm(partial, { force: true });
  }
}

/** The Go release on the PATH ("go1.26.8"), or undefined when there is none. */
async function localGoVersion(): Promise<string | undefined> {
  // From the project root, outside the module, so that go.mod's own `go` line cannot refuse it.
  const result = await execa('go', ['env', 'GOVERSION'], {
    cwd: PROJECT_ROOT,
    reject: false,
    env: { GOTOOLCHAIN: 'local' },
  });
  return result.failed ? undefined : result.stdout.trim();
}

/** "go1.26.8" ≥ "1.27"? Compares the numbers of each part. */
function goAtLeast(version: string, minimum: string): boolean {
  const parts = (text: string) =>
    text
      .replace(/^go/, '')
      .split('.')
      .map((n) => parseInt(n, 10) || 0);
  const [have, need] = [parts(version), parts(minimum)];
  for (let i = 0; i < Math.max(have.length, need.length); i += 1) {
    if ((have[i] ?? 0) !== (need[i] ?? 0)) return (have[i] ?? 0) > (need[i] ?? 0);
  }
  return true;
}

/** The digest that names a build: go.mod, go.sum and main.go, and the platform it is for. */
async function buildDigest(moduleDir: string): Promise<string> {
  const hash = createHash('sha256').update(`${process.platform} ${process.arch}\n`);
  for (const file of GO_MODULE_FILES)
    hash.update(`${file}\n`).update(await readFile(path.join(moduleDir, file)));
  return hash.digest('hex').slice(0, 16);
}

/**
 * Builds pocketbase/ with the local Go into the cache (once per digest) and returns the binary.
 * A Go older than go.mod's `go` line fetches go.mod's `toolchain` through the module proxy
 * (GOTOOLCHAIN); a module that does not match go.sum fails the build.
 */
export async function buildPocketBase({
  goVersion,
  moduleDir = GO_MODULE_DIR,
  cacheDir = CACHE_DIR,
  log = console.log,
}: {
  goVersion: string;
  moduleDir?: string;
  cacheDir?: string;
  log?: (message: string) => void;
}): Promise<string> {
  // Absolute: `go build -o` runs in moduleDir, the rename in this process's folder.
  const target = path.resolve(
    cacheDir,
    `${POCKETBASE_VERSION}-build-${await buildDigest(moduleDir)}`,
    binaryName(process.platform),
  );
  if (existsSync(target)) return target;
  const toolchain = goAtLeast(goVersion, GO_MINIMUM) ? {} : { GOTOOLCHAIN: GO_TOOLCHAIN };
  log(
    `Building PocketBase ${POCKETBASE_VERSION} from pocketbase/ with ${toolchain.GOTOOLCHAIN ?? goVersion} ` +
      '(once, about a minute)…',
  );
  const started = Date.now();
  await writeExecutable(target, async (partial) => {
    const result = await execa(
      'go',
      [
        'build',
        // go.sum as it is, whatever GOFLAGS says: a module that does not match it fails the build.
        '-mod=readonly',
        // Reproducible: no paths of this machine, no VCS stamp (and no need for git).
        '-trimpath',
        '-buildvcs=false',
        '-ldflags',
        `-s -w -X github.com/pocketbase/pocketbase.Version=${POCKETBASE_VERSION}`,
        '-o',
        partial,
        '.',
      ],
      {
        cwd: moduleDir,
        // Pure Go (SQLite included), as upstream builds its releases.
        env: { CGO_ENABLED: '0', ...toolchain },
        all: true,
        reject: false,
        timeout: BUILD_TIMEOUT_MS,
      },
    );
    if (result.failed) {
      const output = String(result.all ?? '').trim();
      throw new Error(
        `Could not build PocketBase ${POCKETBASE_VERSION} with Go (${buildFailure(output) ?? result.shortMessage}): ` +
          `the build needs Go ${GO_MINIMUM} or later (an older Go fetches ${GO_TOOLCHAIN} from the ` +
          `Go module proxy) and the modules that pocketbase/go.sum lists; ${BIN_HELP}.` +
          (output ? `\n--- go build ---\n${output}` : ''),
        { cause: result },
      );
    }
  });
  log(
    `PocketBase ${POCKETBASE_VERSION} built in ${((Date.now() - started) / 1000).toFixed(1)} s: ${target}`,
  );
  return target;
}

/**
 * The line of `go build`'s output that says what went wrong: the first that is not progress
 * ("go: downloading …", "# package") or a detail (indented). Its last line is often only advice,
 * such as "For more information, see 'go help module-auth'." after a go.sum mismatch.
 */
function buildFailure(output: string): string | undefined {
  return output
    .split('\n')
    .find((line) => line.trim() && !/^(go: downloading |# |\s)/.test(line))
    ?.trim();
}

async function download(url: string, timeoutMs: number, help: string): Promise<Buffer> {
  let response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    // The body inside the try too: a connection lost or the timeout mid-body fails the same way.
    if (response.ok) return Buffer.from(await response.arrayBuffer());
  } catch (error) {
    const cause = error instanceof Error ? (error.cause ?? error) : error;
    const reason = cause instanceof Error ? cause.message : String(cause);
    throw new Error(`Could not download ${url} (${reason}): ${help}.`);
  }
  throw new Error(`Could not download ${url} (HTTP ${response.status}): ${help}.`);
}

interface DownloadOptions {
  platform?: string;
  arch?: string;
  cacheDir?: string;
  /** Folder of the release's archives and checksums.txt. */
  releaseUrl?: string;
  /** Per download. */
  timeoutMs?: number;
  log?: (message: string) => void;
}

/**
 * Downloads the release archive for the platform into the cache (once), verified against the
 * release's checksums.txt, and returns the binary.
 */
export async function downloadPocketBase({
  platform = process.platform,
  arch = process.arch,
  cacheDir = CACHE_DIR,
  releaseUrl = RELEASE_URL,
  timeoutMs = DOWNLOAD_TIMEOUT_MS,
  log = console.log,
}: DownloadOptions = {}): Promise<string> {
  const help = `install Go (https://go.dev/dl/) so that the project builds PocketBase, ${BIN_HELP}`;
  const asset = releaseAsset({ platform, arch });
  if (!asset) {
    throw new Error(
      `PocketBase ${POCKETBASE_VERSION} has no release for ${platform} ${arch}: ${help}.`,
    );
  }
  const target = path.join(cacheDir, `${POCKETBASE_VERSION}-${platform}-${arch}`, asset.binary);
  if (existsSync(target)) return target;

  const archiveUrl = `${releaseUrl}/${asset.archive}`;
  const checksumsUrl = `${releaseUrl}/checksums.txt`;
  log(
    `No Go found: downloading PocketBase ${POCKETBASE_VERSION} for ${platform} ${arch} (once): ${archiveUrl}`,
  );
  const [archive, checksums] = await Promise.all([
    download(archiveUrl, timeoutMs, help),
    download(checksumsUrl, timeoutMs, help),
  ]);
  const expected = checksumFor(checksums.toString('utf8'), asset.archive);
  if (!expected) {
    throw new Error(
      `${checksumsUrl} lists no checksum for ${asset.archive}, so it cannot be verified: ${help}.`,
    );
  }
  const actual = createHash('sha256').update(archive).digest('hex');
  if (actual !== expected) {
    throw new Error(
      `The download of ${archiveUrl} does not match the release's checksum (expected ${expected}, ` +
        `got ${actual}), so it is not run: try again later, ${help}.`,
    );
  }
  // Only the binary is taken from the archive, under our own name: no path inside it is trusted.
  const binary = unzipSync(new Uint8Array(archive), {
    filter: (entry) => entry.name === asset.binary,
  })[asset.binary];
  if (!binary) throw new Error(`${archiveUrl} has no ${asset.binary} at its top level: ${help}.`);
  await writeExecutable(target, binary);
  log(`PocketBase ${POCKETBASE_VERSION} verified (sha256 ${actual}) and cached at ${target}`);
  return target;
}

/**
 * The PocketBase binary to run: `bin` (POCKETBASE_BIN), else built with the Go that `findGo`
 * finds, else downloaded. It looks again on every call; tools call resolvePocketBaseBinary.
 */
export async function findPocketBaseBinary({
  bin = toolEnv().POCKETBASE_BIN,
  findGo = localGoVersion,
  ...options
}: DownloadOptions & {
  bin?: string;
  /** The Go release on the PATH ("go1.26.8"), or undefined without Go. */
  findGo?: () => Promise<string | undefined>;
} = {}): Promise<string> {
  if (bin) {
    const file = path.resolve(PROJECT_ROOT, bin);
    if (!existsSync(file))
      throw new Error(`POCKETBASE_BIN points at ${file}, which does not exist: fix or unset it.`);
    return file;
  }
  const goVersion = await findGo();
  return goVersion
    ? buildPocketBase({ goVersion, cacheDir: options.cacheDir, log: options.log })
    : downloadPocketBase(options);
}

/** One resolution per process: every server and CLI call of a run uses the same binary. */
let resolved: Promise<string> | undefined;

/** The PocketBase binary every tool runs (findPocketBaseBinary, once per process). */
export function resolvePocketBaseBinary({
  log = console.log,
}: { log?: (message: string) => void } = {}): Promise<string> {
  if (resolved) return resolved;
  const current = findPocketBaseBinary({ log });
  resolved = current;
  // A failure is not kept: the next call tries again (the network may be back). Only this
  // attempt is forgotten, never a newer one that a caller started after it failed.
  current.catch(() => {
    if (resolved === current) resolved = undefined;
  });
  return current;
}
