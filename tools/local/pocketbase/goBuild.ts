/**
 * PocketBase as the project's own Go program: pocketbase/ built with the local Go (CGO_ENABLED=0,
 * the version stamped in) into the cache, once per digest of go.mod, go.sum and its .go files.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { execa } from 'execa';
import { PROJECT_ROOT } from '../../shared/paths.ts';
import {
  BIN_HELP,
  binaryName,
  CACHE_DIR,
  GO_MINIMUM,
  GO_MODULE_DIR,
  goModuleFiles,
  GO_TOOLCHAIN,
  POCKETBASE_VERSION,
  writeExecutable,
} from './goModule.ts';

/** The first build fetches the modules (and perhaps the toolchain, 76 MB): minutes on 2 cores. */
const BUILD_TIMEOUT_MS = 20 * 60_000;

/** The Go release on the PATH ("go1.26.8"), or undefined when there is none. */
export async function localGoVersion(): Promise<string | undefined> {
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

/** The digest that names a build: go.mod, go.sum and the .go files, and the platform it is for. */
async function buildDigest(moduleDir: string): Promise<string> {
  const hash = createHash('sha256').update(`${process.platform} ${process.arch}\n`);
  for (const file of goModuleFiles(moduleDir))
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
