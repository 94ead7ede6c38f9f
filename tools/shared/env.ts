// @ts-check
/**
 * The environment of every tool: import this module first. It loads the project's `.env.local`
 * and `.env` and checks the Node version (src/config/envFiles.ts, which astro.config.ts imports
 * too), then declares the tools' own variables, in the same form and read with the same validator
 * as the build's (src/config/envSchema.ts). A blank value counts as not set.
 */
import { buildEnv } from '../../src/config/envFiles.ts';
import { envField } from 'astro/config';
import { dropBlankValues, readEnv } from '../../src/config/envSchema.ts';

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

dropBlankValues(TOOL_ENV_SCHEMA);

/** The build's variables as astro:env gives them to the site. */
export { buildEnv };

/** The tools' variables. */
export const toolEnv = () => readEnv(TOOL_ENV_SCHEMA);
