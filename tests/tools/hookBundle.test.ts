import { readFile } from 'node:fs/promises';
import { expect, it } from 'vitest';
import { buildHookBundle, HOOK_BUNDLE } from '../../tools/hooks/build.ts';

it('the save checks bundle PocketBase runs (content/saveChecks.js) is built from the current source (npm run build:hooks)', async () => {
  const committed = await readFile(HOOK_BUNDLE, 'utf8');
  expect(committed === (await buildHookBundle()), 'stale: run npm run build:hooks').toBe(true);
});
