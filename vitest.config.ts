/// <reference types="vitest/config" />
import { availableParallelism } from 'node:os';
import { getViteConfig } from 'astro/config';

// Astro's Vite config, so `@/` and `astro:env` resolve in tests as they do in the site.
export default getViteConfig({
  test: {
    include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/integration/**/*.test.ts'],
    // Integration tests start real PocketBase servers and real builds.
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // One test file per core. Vitest's default keeps a core free (one worker on 2 cores), but
    // most integration time is waiting (PocketBase's minute tick, a build timeout), which a
    // second file overlaps: 332 s → 195 s on 2 cores.
    maxWorkers: availableParallelism(),
    minWorkers: 1,
  },
});
