import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';
import { buildHookBundle, HOOK_BUNDLES } from '../../tools/hooks/build.ts';

it.each(HOOK_BUNDLES.map(({ entry, file }) => [path.basename(file), entry, file]))(
  'the bundle PocketBase runs (content/%s) is built from the current source (npm run build:hooks)',
  async (_name, entry, file) => {
    const committed = await readFile(file, 'utf8');
    expect(committed === (await buildHookBundle(entry)), 'stale: run npm run build:hooks').toBe(
      true,
    );
  },
);
