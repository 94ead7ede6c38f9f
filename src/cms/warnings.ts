/**
 * What the build left out of or changed in the editors' content, for the summary printed at the
 * end of `astro build` (src/integrations/contentWarnings.ts). The loaders run in the same
 * process as the integration, but in Vite's module graph, so the two meet on globalThis.
 */
import { CONTENT_WARNINGS_KEY } from '@/config/contentWarnings.ts';

/** This build's warnings for one collection, replacing any it had (every entry's, warm or not). */
export function setContentWarnings(collection: string, lines: string[]): void {
  const scope = globalThis as { [CONTENT_WARNINGS_KEY]?: Map<string, string[]> };
  (scope[CONTENT_WARNINGS_KEY] ??= new Map()).set(collection, lines);
}

/**
 * The content warning for a record a loader leaves out because its record schema refused it:
 * which record (its id, and its title or name when it has one) and the first field at fault.
 */
export function invalidRecordWarning(
  what: string,
  raw: { id?: unknown; title?: unknown; name?: unknown },
  error: { issues: { path: PropertyKey[]; message: string }[] },
): string {
  const label = [raw.title, raw.name].find((text) => typeof text === 'string' && text.trim());
  const issue = error.issues[0];
  const field = issue?.path.map(String).join('.') || 'record';
  const named = label ? ` "${String(label).trim()}"` : '';
  return `${what}${named} (${String(raw.id)}) left out: ${field}: ${issue?.message}`;
}
