/**
 * Production rebuilds on Netlify are warm (content, pictures, and the pages the incremental build
 * reuses) only if Astro's cacheDir survives between builds:
 * netlify.toml's cache plugin must save the very folder the build uses by default, and the
 * plugin must be installed with the project (Netlify runs plugins found in node_modules).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { ENV_SCHEMA } from '@/config/envSchema.ts';
import { PROJECT_ROOT } from '../../../tools/shared/paths.ts';

interface NetlifyToml {
  build?: { publish?: string };
  plugins?: { package: string; inputs?: { paths?: string[] } }[];
}

const read = (file: string) => readFile(path.join(PROJECT_ROOT, file), 'utf8');

describe("Netlify's build cache", () => {
  it("keeps Astro's default cacheDir, with the plugin installed as a dependency", async () => {
    const toml = parse(await read('netlify.toml')) as NetlifyToml;
    const plugin = toml.plugins?.find(({ package: name }) => name === 'netlify-plugin-cache');
    // astro.config.ts: `cacheDir: ASTRO_CACHE_DIR`, whose default is the folder (Netlify sets none).
    expect(await read('astro.config.ts')).toContain('cacheDir: ASTRO_CACHE_DIR,');
    const fallback = ENV_SCHEMA.ASTRO_CACHE_DIR.default!;
    expect(plugin?.inputs?.paths?.map((p) => path.resolve(PROJECT_ROOT, p))).toEqual([
      path.resolve(PROJECT_ROOT, fallback),
    ]);
    // The cacheDir is also where the incremental build keeps its pages (incremental-build.json
    // and dist/); the publish folder is not cached, as Astro empties it before every build.
    expect(await read('astro.config.ts')).toContain('experimental: { incrementalBuild: true }');
    expect(toml.build?.publish).toBe('dist');
    expect(plugin?.inputs?.paths).not.toContain('dist');
    const pkg = JSON.parse(await read('package.json'));
    expect(pkg.devDependencies['netlify-plugin-cache']).toBeDefined();
  });
});
