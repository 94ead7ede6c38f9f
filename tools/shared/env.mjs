/**
 * Loads the project's `.env.local` and `.env` into process.env. Every script imports this
 * module first, and so does astro.config.mjs, so build, dev, start, preview, bench, the rebuild
 * listener and the local PocketBase (a child process, which inherits process.env) all see the
 * same values. Import it before any module that reads process.env when it loads: ES modules
 * run in the order they are imported.
 *
 * Precedence: the shell, then `.env.local`, then `.env`. process.loadEnvFile never replaces a
 * variable that is already set, so the files are read in that order. The files sit in the
 * project root whatever the current directory. Vite's mode files (`.env.production`,
 * `.env.development`) are not read: the scripts cannot know which mode the Astro process they
 * start will run in, and values they pass down would silently beat those files there.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { assertSupportedNode } from './node.mjs';
import { PROJECT_ROOT } from './paths.mjs';

/** Highest precedence first. */
export const ENV_FILES = ['.env.local', '.env'];

// process.loadEnvFile needs Node ≥ 20.12: check the version before using it.
assertSupportedNode();
for (const name of ENV_FILES) {
  const file = path.join(PROJECT_ROOT, name);
  if (existsSync(file)) process.loadEnvFile(file);
}
