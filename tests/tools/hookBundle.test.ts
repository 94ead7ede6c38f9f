import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';
import { buildHookBundle, HOOK_BUNDLES } from '../../tools/hooks/build.ts';

it.each(HOOK_BUNDLES.map((bundle) => [path.basename(bundle.file), bundle] as const))(
  'the bundle PocketBase runs (content/%s) is built from the current source (npm run build:hooks)',
  async (_name, bundle) => {
    const committed = await readFile(bundle.file, 'utf8');
    expect(committed === (await buildHookBundle(bundle)), 'stale: run npm run build:hooks').toBe(
      true,
    );
  },
);
