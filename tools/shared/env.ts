/**
 * The environment of every tool: import this module first. It loads `.env.local` and `.env` and
 * checks the Node version (src/config/envFiles.ts, which astro.config.ts imports too), then
 * declares the tools' own variables in the build's form, read with the same validator
 * (src/config/envSchema.ts). A blank value counts as not set.
 */
import { buildEnv } from '../../src/config/envFiles.ts';
import { dropBlankValues, field, readEnv } from '../../src/config/envSchema.ts';

const server = { context: 'server', access: 'public' } as const;
const secret = { context: 'server', access: 'secret' } as const;
const port = { ...server, int: true, min: 0, max: 65535 } as const;

/** The variables only the tools read (npm start, dev, serve, the listener, the tests' Chromium). */
export const TOOL_ENV_SCHEMA = {
  PORT: field.number({ ...port, default: 4321 }),
  POCKETBASE_PORT: field.number({ ...port, default: 8090 }),
  POCKETBASE_BIN: field.string({ ...server, optional: true }),
  // The local PocketBase's superuser: the tools write it; no build reads it.
  POCKETBASE_SUPERUSER_EMAIL: field.string({ ...secret, optional: true }),
  POCKETBASE_SUPERUSER_PASSWORD: field.string({ ...secret, optional: true }),
  CHROMIUM_PATH: field.string({ ...server, optional: true }),
  REBUILD_LISTENER_SECRET: field.string({ ...secret, optional: true }),
  REBUILD_LISTENER_PORT: field.number({ ...port, default: 8788 }),
  REBUILD_SERVE_PORT: field.number({ ...port, optional: true }),
  REBUILD_TIMEOUT_SECONDS: field.number({ ...server, gt: 0, default: 600 }),
  REBUILD_DIR: field.string({ ...server, default: '.rebuild' }),
  REBUILD_PUBLISH_PATH: field.string({ ...server, optional: true }),
};

dropBlankValues(TOOL_ENV_SCHEMA);

/** The build's variables as astro:env gives them to the site. */
export { buildEnv };

/** The tools' variables. */
export const toolEnv = () => readEnv(TOOL_ENV_SCHEMA);
