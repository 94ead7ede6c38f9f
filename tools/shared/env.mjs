// @ts-check
/**
 * Loads the project's `.env.local` and `.env` into process.env, for every command: each tool
 * imports this module first, and so do astro.config.mjs and playwright.config.ts, so a build, the
 * dev server, the rebuild listener and the local PocketBase (a child, which inherits process.env)
 * all see the same values. Precedence: the shell, then `.env.local`, then `.env`
 * (process.loadEnvFile never replaces a variable that is set). A blank value counts as not set.
 * Vite's mode files (`.env.production`…) are never read: Vite's own loading is off
 * (astro.config.mjs), so astro:env reads exactly this process.env.
 *
 * The tools' own variables are declared here, in the same form and read with the same validator
 * as the build's (src/config/envSchema.mjs).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { envField } from 'astro/config';
import { ENV_SCHEMA, dropBlankValues, readEnv } from '../../src/config/envSchema.mjs';
import { assertSupportedNode } from './node.mjs';
import { PROJECT_ROOT } from './paths.mjs';

const port = (/** @type {number | undefined} */ fallback) =>
  envField.number({
    context: 'server',
    access: 'public',
    int: true,
    min: 0,
    max: 65535,
    ...(fallback === undefined ? { optional: true } : { default: fallback }),
  });
const text = (/** @type {string | undefined} */ fallback) =>
  envField.string({
    context: 'server',
    access: 'public',
    ...(fallback === undefined ? { optional: true } : { default: fallback }),
  });

/** The variables only the tools read (npm start, dev, preview, the listener, the tests' Chromium). */
export const TOOL_ENV_SCHEMA = {
  PORT: port(4321),
  POCKETBASE_PORT: port(8090),
  POCKETBASE_BIN: text(undefined),
  CHROMIUM_PATH: text(undefined),
  REBUILD_LISTENER_SECRET: envField.string({ context: 'server', access: 'secret', optional: true }),
  REBUILD_LISTENER_PORT: port(8788),
  REBUILD_SERVE_PORT: port(undefined),
  REBUILD_TIMEOUT_SECONDS: envField.number({
    context: 'server',
    access: 'public',
    gt: 0,
    default: 600,
  }),
  REBUILD_DIR: text('.rebuild'),
  REBUILD_PUBLISH_PATH: text(undefined),
};

/** Highest precedence first. */
const ENV_FILES = ['.env.local', '.env'];

// process.loadEnvFile needs Node ≥ 20.12: check the version before using it.
assertSupportedNode();
for (const name of ENV_FILES) {
  const file = path.join(PROJECT_ROOT, name);
  if (existsSync(file)) process.loadEnvFile(file);
}
dropBlankValues({ ...ENV_SCHEMA, ...TOOL_ENV_SCHEMA });

/** The build's variables as astro:env gives them to the site. */
export const buildEnv = () => readEnv(ENV_SCHEMA);

/** The tools' variables. */
export const toolEnv = () => readEnv(TOOL_ENV_SCHEMA);
