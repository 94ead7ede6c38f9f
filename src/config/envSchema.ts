// @ts-check
/**
 * Every environment variable the site's build reads, declared once: astro.config.ts hands this
 * schema to Astro (`env.schema`), so pages and loaders import the values from `astro:env/*`; code
 * that runs before or outside Vite (astro.config.ts, the integrations, the tools) reads the same
 * variables through `readEnv`, which validates them with Astro's own validator. Each variable is
 * explained in .env.example, which lists every one of them (a unit test holds both to that).
 */
import { envField } from 'astro/config';
import { validateEnvVariable } from 'astro/env/runtime';

const server = {
  context: /** @type {const} */ ('server'),
  access: /** @type {const} */ ('public'),
};
const secret = {
  context: /** @type {const} */ ('server'),
  access: /** @type {const} */ ('secret'),
};
const client = {
  context: /** @type {const} */ ('client'),
  access: /** @type {const} */ ('public'),
};

export const ENV_SCHEMA = {
  SITE_URL: envField.string({ ...server, optional: true, url: true }),
  ASTRO_CACHE_DIR: envField.string({ ...server, default: 'node_modules/.astro' }),
  LOCAL_BUILD: envField.boolean({ ...server, default: false }),

  POCKETBASE_URL: envField.string({ ...server, optional: true, url: true }),
  POCKETBASE_TIMEOUT_SECONDS: envField.number({ ...server, gt: 0, default: 30 }),
  CONTENT_IMAGE_ALLOWED_ORIGINS: envField.string({ ...server, optional: true }),
  PREVIEW_DRAFTS: envField.enum({ ...server, values: ['0', '1'], default: '0' }),
  POCKETBASE_ADMIN_EMAIL: envField.string({ ...secret, optional: true }),
  POCKETBASE_ADMIN_PASSWORD: envField.string({ ...secret, optional: true }),
  DEV_CONTENT_REFRESH_SECRET: envField.string({ ...secret, optional: true }),

  FREE_PLAN_END_DATE: envField.string({ ...server, optional: true }),

  PUBLIC_CHAT_APP_URL: envField.string({ ...client, optional: true, url: true }),
  PUBLIC_CHAT_APP_LOGIN_URL: envField.string({ ...client, optional: true, url: true }),
  PUBLIC_BRINGSPARK_URL: envField.string({ ...client, optional: true, url: true }),
  PUBLIC_DEMO_VIDEO_URL: envField.string({ ...client, optional: true, url: true }),
  PUBLIC_SOCIAL_URL: envField.string({ ...client, optional: true, url: true }),

  PUBLIC_EMAILJS_SERVICE_ID: envField.string({ ...client, optional: true }),
  PUBLIC_EMAILJS_TEMPLATE_ID: envField.string({ ...client, optional: true }),
  PUBLIC_EMAILJS_NEWSLETTER_TEMPLATE_ID: envField.string({ ...client, optional: true }),
  PUBLIC_EMAILJS_PUBLIC_KEY: envField.string({ ...client, optional: true }),
  PUBLIC_EMAILJS_API_ORIGIN: envField.string({
    ...client,
    url: true,
    default: 'https://api.emailjs.com',
  }),
};

/**
 * An empty or blank value counts as not set, everywhere: a shell can then switch off a value
 * that a .env file sets. Drops them from `env` so that astro:env, which reads process.env itself,
 * sees them unset too.
 * @param {Record<string, unknown>} schema
 * @param {NodeJS.ProcessEnv} [env]
 */
export function dropBlankValues(schema, env = process.env) {
  for (const name of Object.keys(schema)) if (env[name]?.trim() === '') delete env[name];
}

/**
 * The variables of `schema`, validated and typed as astro:env gives them to the site; throws one
 * error naming every invalid variable and what it expects.
 * @template {Record<string, Parameters<typeof validateEnvVariable>[1]>} S
 * @param {S} schema
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {{ [K in keyof S]: any }}
 */
export function readEnv(schema, env = process.env) {
  /** @type {Record<string, unknown>} */
  const values = {};
  const problems = [];
  for (const [name, field] of Object.entries(schema)) {
    const raw = env[name]?.trim() || undefined;
    const result = validateEnvVariable(raw, field);
    if (result.ok) values[name] = result.value;
    else problems.push(`${name}=${JSON.stringify(raw ?? '')} (${describe(field, result)})`);
  }
  if (problems.length) throw new Error(`Invalid environment variables: ${problems.join('; ')}.`);
  return /** @type {any} */ (values);
}

/** @param {any} field @param {any} result */
function describe(field, { errors }) {
  if (errors.includes('missing')) return 'required';
  if (field.type === 'enum') return `one of ${field.values.join(', ')}`;
  if (field.type === 'boolean') return 'true or false';
  if (field.type === 'number')
    return field.gt === undefined ? 'a number' : `a number above ${field.gt}`;
  if (field.url) return 'an absolute URL';
  return errors.join(', ');
}
