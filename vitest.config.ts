/// <reference types="vitest/config" />
import { availableParallelism } from 'node:os';
import { getViteConfig } from 'astro/config';

/** The test that floods PocketBase and times it. */
const FLOOD = 'tests/integration/pocketbaseFlood.test.ts';

// Astro's Vite config, so `@/` and `astro:env` resolve in tests as they do in the site.
export default getViteConfig({
  test: {
    // Integration tests start real PocketBase servers and real builds.
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // A fresh machine builds PocketBase (a minute or two) once, before the files start.
    globalSetup: ['tests/support/pocketbaseBinary.ts'],
    // One test file per core, and one more. Vitest's default keeps a core free (one worker on 2
    // cores), but much integration time is waiting (PocketBase's minute tick, a build timeout),
    // which another file can overlap; more workers than that make the builds compete for cores.
    maxWorkers: availableParallelism() + 1,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          // Pure functions and components: one module graph per worker, not one per file, as
          // importing it again for each file would be most of their time.
          isolate: false,
        },
      },
      {
        extends: true,
        // Each file starts its own servers and processes: kept apart.
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          exclude: [FLOOD],
        },
      },
      {
        extends: true,
        // PocketBase flooded, its health check timed in milliseconds: after every other file, so
        // that no build shares the cores with it (sequence.groupOrder runs the groups in turn).
        test: { name: 'flood', include: [FLOOD], sequence: { groupOrder: 1 } },
      },
      {
        extends: true,
        // The tools' own tests (servers, listener, bench, PocketBase binary and seed), and the
        // project's machinery (CI, the lockfile): apart from the site's.
        test: { name: 'tools', include: ['tests/tools/**/*.test.ts'] },
      },
    ],
  },
});
