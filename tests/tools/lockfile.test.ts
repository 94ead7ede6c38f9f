/**
 * The lockfile (package-lock.json). Packages that ship a native binary per platform as optional
 * dependencies (Pagefind) install on every developer's machine only if the lockfile records each platform package at the version
 * the main package asks for, with its checksum: `npm ci` installs exactly the lockfile.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../tools/shared/paths.ts';

interface LockedPackage {
  version: string;
  resolved?: string;
  integrity?: string;
  optional?: boolean;
  os?: string[];
  cpu?: string[];
  optionalDependencies?: Record<string, string>;
}

const lock = JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, LockedPackage>;
};
const manifest = JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
};

describe('platform packages in the lockfile', () => {
  it('pins pagefind exactly, with every platform binary at its version', () => {
    expect(manifest.dependencies.pagefind).toMatch(/^\d+\.\d+\.\d+$/);
    const pagefind = lock.packages['node_modules/pagefind'];
    expect(pagefind.version).toBe(manifest.dependencies.pagefind);
    const platforms = Object.entries(pagefind.optionalDependencies ?? {});
    // macOS (Intel and Apple silicon), Windows and Linux at least.
    for (const name of ['darwin-arm64', 'darwin-x64', 'windows-x64', 'linux-x64', 'linux-arm64'])
      expect(platforms.map(([dependency]) => dependency)).toContain(`@pagefind/${name}`);
    for (const [name, version] of platforms) {
      const locked = lock.packages[`node_modules/${name}`];
      expect(locked, name).toBeDefined();
      expect(locked.version, name).toBe(version);
      expect(locked.integrity, name).toMatch(/^sha512-/);
      expect(locked.optional, name).toBe(true);
    }
  });
});
