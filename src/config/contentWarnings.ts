/**
 * Where the content loaders (src/cms/warnings.ts) leave their warnings for the summary the
 * contentWarnings integration prints after `astro build`. The two share a process but not a
 * module graph (the loaders run in Vite's), so they meet on globalThis under this key, kept here,
 * below both, so that neither imports the other.
 */
export const CONTENT_WARNINGS_KEY = Symbol.for('ledgerwise.contentWarnings');
