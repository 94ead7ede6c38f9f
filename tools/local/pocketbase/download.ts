/**
 * PocketBase without Go: upstream's release archive of go.mod's version for the platform,
 * downloaded once into the cache and used only when its SHA-256 matches the release's own
 * checksums.txt.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { unzipSync } from 'fflate';
import {
  BIN_HELP,
  binaryName,
  CACHE_DIR,
  POCKETBASE_VERSION,
  writeExecutable,
} from './goModule.ts';

const RELEASE_URL = `https://github.com/pocketbase/pocketbase/releases/download/v${POCKETBASE_VERSION}`;
/** Generous for a 15 MB archive on a slow line; a server that never answers still ends. */
const DOWNLOAD_TIMEOUT_MS = 5 * 60_000;

/** Node's platform and arch → the os_arch part of the release's archive names. */
const RELEASE_TARGETS = new Map([
  ['darwin arm64', 'darwin_arm64'],
  ['darwin x64', 'darwin_amd64'],
  ['linux arm64', 'linux_arm64'],
  ['linux x64', 'linux_amd64'],
  ['win32 arm64', 'windows_arm64'],
  ['win32 x64', 'windows_amd64'],
]);

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

export interface DownloadOptions {
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
