// @ts-check
/**
 * Where the content loaders (src/cms/warnings.ts) leave what a build left out of or changed in the
 * editors' content, for the summary the contentWarnings integration prints at the end of
 * `astro build`. The two run in the same process but not in the same module graph (the loaders
 * run in Vite's), so they meet on globalThis, under this key. It lives here, below both, so that
 * neither imports the other.
 */
export const CONTENT_WARNINGS_KEY = Symbol.for('ledgerwise.contentWarnings');
