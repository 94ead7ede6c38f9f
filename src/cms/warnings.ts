/**
 * What the build left out of or changed in the editors' content, for the summary printed at the
 * end of `astro build` (src/integrations/contentWarnings.mjs). The loaders run in the same
 * process as the integration, but in Vite's module graph, so the two meet on globalThis.
 */
import { CONTENT_WARNINGS_KEY } from '@/integrations/contentWarnings.mjs';

/** This build's warnings for one collection, replacing any it had (every entry's, warm or not). */
export function setContentWarnings(collection: string, lines: string[]): void {
  const scope = globalThis as { [CONTENT_WARNINGS_KEY]?: Map<string, string[]> };
  (scope[CONTENT_WARNINGS_KEY] ??= new Map()).set(collection, lines);
}
