/**
 * Loads `.env.local`, then `.env`, into process.env when first imported (the shell wins; a blank
 * value counts as not set), after the Node check. astro.config.ts and every tool (through
 * tools/shared/env.ts) import it first, so every command and its children see the same values;
 * Vite's own .env loading is off (astro.config.ts), so astro:env reads exactly this process.env.
 * In src/config rather than tools/: astro.config.ts needs it and imports nothing from tools/.
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
