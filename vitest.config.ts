/// <reference types="vitest/config" />
import { availableParallelism } from 'node:os';
import { getViteConfig } from 'astro/config';

// Astro's Vite config, so `@/` and `astro:env` resolve in tests as they do in the site.
export default getViteConfig({
  test: {
    // Integration tests start real PocketBase servers and real builds.
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // One test file per core, and one more. Vitest's default keeps a core free (one worker on 2
    // cores), but much integration time is waiting (PocketBase's minute tick, a build timeout),
    // which other files overlap: on 2 cores 332 s with one worker, 163 s with two, 124 s with
    // three, 132 s with four (builds then compete for the cores).
    maxWorkers: availableParallelism() + 1,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          // Pure functions and components: one module graph per worker, not one per file.
          // Importing it again for each of ~40 files was most of their time (44 s → 22 s).
          isolate: false,
        },
      },
      {
        extends: true,
        // Each file starts its own servers and processes: kept apart.
        test: { name: 'integration', include: ['tests/integration/**/*.test.ts'] },
      },
    ],
  },
});
