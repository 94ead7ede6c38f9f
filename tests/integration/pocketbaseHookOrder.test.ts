/**
 * The project's hook files run in name order (pb_hooks/main.js), every start, as their handlers
 * rely on: pictures.pb.js moves pasted pictures before publish-check.pb.js judges the body, and
 * a file's handlers for an event run before those of the files after it. PocketBase 0.40.4 itself
 * runs the files its pattern matches in Go's map order, which changes from start to start.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';
import { hooksDirWithout, startTestPocketBase } from '../support/pocketbase';

it('runs every hook file in name order, at every start', async () => {
  const hooks = await hooksDirWithout([]);
  try {
    // Files that say when they run, among the project's own: their names sort apart.
    const names = Array.from({ length: 12 }, (_, i) => `order-${String(i).padStart(2, '0')}.pb.js`);
    for (const name of names)
      await writeFile(path.join(hooks.dir, name), `console.log('[hook order] ${name}');\n`);
    for (let start = 0; start < 3; start += 1) {
      const server = await startTestPocketBase({ hooksDir: hooks.dir });
      const order = [...server.output().matchAll(/\[hook order\] (\S+)/g)].map((m) => m[1]);
      await server.stop();
      expect(order).toEqual(names);
    }
  } finally {
    await hooks.remove();
  }
});
