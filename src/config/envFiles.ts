// @ts-check
/**
 * Loads the project's `.env.local` and `.env` into process.env when first imported, for every
 * command: astro.config.ts imports this module first, and so does each tool (through
 * tools/shared/env.ts, which adds the tools' own variables), so a build, the dev server, the
 * rebuild listener and the local PocketBase (a child, which inherits process.env) all see the same
 * values. Precedence: the shell, then `.env.local`, then `.env` (process.loadEnvFile never
 * replaces a variable that is set). A blank value counts as not set. Vite's mode files
 * (`.env.production`…) are never read: Vite's own loading is off (astro.config.ts), so astro:env
 * reads exactly this process.env.
 *
 * Here rather than in tools/, because astro.config.ts needs it too and imports nothing from
 * tools/; a leaf of src/config, importing only its neighbours.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { assertSupportedNode } from './nodeVersion.ts';
import { ENV_SCHEMA, dropBlankValues, readEnv } from './envSchema.ts';

/** The project's root folder (where package.json and the .env files are). */
const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Highest precedence first. */
const ENV_FILES = ['.env.local', '.env'];

// process.loadEnvFile needs Node ≥ 20.12: check the version before using it.
assertSupportedNode();
for (const name of ENV_FILES) {
  const file = path.join(PROJECT_ROOT, name);
  if (existsSync(file)) process.loadEnvFile(file);
}
dropBlankValues(ENV_SCHEMA);

/** The build's variables as astro:env gives them to the site. */
export const buildEnv = () => readEnv(ENV_SCHEMA);
