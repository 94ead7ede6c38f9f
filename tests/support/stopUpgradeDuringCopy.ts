/**
 * Preloaded (`node --import`) into one run of tools/local/pocketbase/upgrade.ts by
 * upgradeStops.ts: SIGKILLs that run part-way through its copy of the folder, after
 * STOP_AFTER_ENTRIES files and folders, as a crash or a power cut would. Node's `cp` copies one
 * entry after another, asking the filter first, so the point is the same on every run.
 */
import { createRequire, syncBuiltinESMExports } from 'node:module';
import type { CopyOptions } from 'node:fs';

const promises = createRequire(import.meta.url)('node:fs/promises');
const { cp } = promises as { cp: (from: string, to: string, options?: CopyOptions) => unknown };
const limit = Number(process.env.STOP_AFTER_ENTRIES);
let entries = 0;

promises.cp = (from: string, to: string, options: CopyOptions = {}) =>
  cp(from, to, {
    ...options,
    filter: (source, destination) => {
      entries += 1;
      if (entries > limit) process.kill(process.pid, 'SIGKILL');
      return options.filter ? options.filter(source, destination) : true;
    },
  });
// `import { cp } from 'node:fs/promises'` in the upgrade then gets the function above.
syncBuiltinESMExports();
