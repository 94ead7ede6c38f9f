/**
 * What pocketbase/go.mod pins (PocketBase's version, the Go toolchain), and the cache that the
 * built or downloaded binaries go in (binary.ts says which one a run uses).
 */
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { chmod, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PROJECT_ROOT } from '../../shared/paths.ts';

/**
 * The Go program: go.mod pins PocketBase and the toolchain; main.go is upstream's examples/base,
 * the other .go files the project's own request guards and admin UI extension.
 */
export const GO_MODULE_DIR = path.join(PROJECT_ROOT, 'pocketbase');

/**
 * The files a build of the module at `dir` is made from: go.mod, go.sum, every .go file and the
 * admin UI extension they embed (adminui/). The rest of pocketbase/ (hooks, migrations, seed) is
 * read by the running program, not built into it.
 */
export function goModuleFiles(dir: string): string[] {
  const sources = readdirSync(dir).filter(
    (name) => name.endsWith('.go') && !name.endsWith('_test.go'),
  );
  const embedded = readdirSync(path.join(dir, 'adminui')).map((name) => `adminui/${name}`);
  return ['go.mod', 'go.sum', ...sources.sort(), ...embedded.sort()];
}
const GO_MOD = readFileSync(path.join(GO_MODULE_DIR, 'go.mod'), 'utf8');

/** PocketBase's version, as go.mod requires it (e.g. "0.40.4"). */
export const POCKETBASE_VERSION = goModValue(
  /^\s*(?:require\s+)?github\.com\/pocketbase\/pocketbase v(\S+)/m,
);
/** The Go release go.mod names (`toolchain`), which the build asks for when the local Go is older. */
export const GO_TOOLCHAIN = goModValue(/^toolchain (go\S+)$/m);
export const GO_MINIMUM = goModValue(/^go (\S+)$/m);
/** Removed with node_modules, like everything else the project installs. */
export const CACHE_DIR = path.join(PROJECT_ROOT, 'node_modules', '.cache', 'pocketbase');
export const BIN_HELP = `or set POCKETBASE_BIN to a PocketBase ${POCKETBASE_VERSION} binary`;

function goModValue(pattern: RegExp): string {
  const match = pattern.exec(GO_MOD);
  if (!match) throw new Error(`pocketbase/go.mod has no line matching ${pattern}.`);
  return match[1];
}

export const binaryName = (platform: string) =>
  platform === 'win32' ? 'pocketbase.exe' : 'pocketbase';

/**
 * Writes `data` to a file of its own beside `target`'s folder and renames it into place: a
 * concurrent start never runs half a file, and a failure leaves no folder in the cache.
 */
export async function writeExecutable(
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
