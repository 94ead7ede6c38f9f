/**
 * The PocketBase binary every tool and test runs, in this order:
 * 1. POCKETBASE_BIN, when set;
 * 2. with a Go toolchain on the PATH, the project's own program (pocketbase/*.go at go.mod's
 *    PocketBase version), built once with CGO_ENABLED=0 into node_modules/.cache/pocketbase, in a
 *    folder named by the digest of go.mod, go.sum and the .go files: a change to one of them
 *    builds again, anything else reuses it;
 * 3. without Go, upstream's release archive of the same version for the platform, downloaded once
 *    and used only when its SHA-256 matches the release's own checksums.txt. It lacks the
 *    project's Go defences (a server on the internet needs them; local editing does not), which
 *    it says once a process.
 * Every failure says in one line what to install or set.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { toolEnv } from '../../shared/env.ts';
import { PROJECT_ROOT } from '../../shared/paths.ts';
import { buildPocketBase, localGoVersion } from './goBuild.ts';
import { downloadPocketBase, type DownloadOptions } from './download.ts';
import { POCKETBASE_VERSION } from './goModule.ts';

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
  if (goVersion)
    return buildPocketBase({ goVersion, cacheDir: options.cacheDir, log: options.log });
  const binary = await downloadPocketBase(options);
  (options.log ?? console.log)(
    `Without Go, this is upstream's PocketBase ${POCKETBASE_VERSION}, without the project's own ` +
      'defences (pocketbase/*.go: writes refused before their body is read, thumbnail and ' +
      'realtime limits): enough for local editing; a server on the internet runs the project build.',
  );
  return binary;
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
