/// <reference types="vitest/config" />
import { getViteConfig } from 'astro/config';

// Astro's Vite config, so `@/` and `astro:env` resolve in tests as they do in the site.
export default getViteConfig({
  test: {
    include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/integration/**/*.test.ts'],
    // Integration tests start real PocketBase servers and real builds.
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
