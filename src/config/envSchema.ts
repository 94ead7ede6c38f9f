/**
 * Every environment variable the build reads, declared once: Astro gets this schema
 * (`env.schema`), so pages and loaders import the values from `astro:env/*`; code outside Vite
 * (astro.config.ts, the integrations, the tools) reads them through `readEnv`, with Astro's own
 * validator. .env.example explains each one (a unit test holds both to that).
 */
import { envField } from 'astro/config';
import { validateEnvVariable } from 'astro/env/runtime';

type EnvFieldType = Parameters<typeof validateEnvVariable>[1];
type Options<K extends keyof typeof envField> = Parameters<(typeof envField)[K]>[0];

/**
 * envField, keeping its options' literal types (envField's own return types forget `optional`
 * and an enum's values), so that readEnv types each value. The field is envField's, unchanged.
 */
export const field = {
  string: <const O extends Options<'string'>>(options: O) =>
    envField.string(options) as ReturnType<typeof envField.string> & O,
  number: <const O extends Options<'number'>>(options: O) =>
    envField.number(options) as ReturnType<typeof envField.number> & O,
  boolean: <const O extends Options<'boolean'>>(options: O) =>
    envField.boolean(options) as ReturnType<typeof envField.boolean> & O,
  enum: <const V extends string, const O extends Parameters<typeof envField.enum<V>>[0]>(
    options: O,
  ) => envField.enum(options) as ReturnType<typeof envField.enum> & O,
};

/** A variable's value as astro:env gives it: undefined only where the schema makes it optional. */
type Value<F> = F extends { type: 'boolean' }
  ? boolean
  : F extends { type: 'number' }
    ? number
    : F extends { values: readonly (infer V)[] }
      ? V
      : string;
export type EnvValues<S> = {
  [K in keyof S]: S[K] extends { optional: true } ? Value<S[K]> | undefined : Value<S[K]>;
};

const server = { context: 'server', access: 'public' } as const;
const secret = { context: 'server', access: 'secret' } as const;
const client = { context: 'client', access: 'public' } as const;

export const ENV_SCHEMA = {
  SITE_URL: field.string({ ...server, optional: true, url: true }),
  ASTRO_CACHE_DIR: field.string({ ...server, default: 'node_modules/.astro' }),
  LOCAL_BUILD: field.boolean({ ...server, default: false }),
  SEARCH_INDEX_LATER: field.boolean({ ...server, default: false }),

  POCKETBASE_URL: field.string({ ...server, optional: true, url: true }),
  POCKETBASE_TIMEOUT_SECONDS: field.number({ ...server, gt: 0, default: 30 }),
  CONTENT_IMAGE_ALLOWED_ORIGINS: field.string({ ...server, optional: true }),
  PREVIEW_DRAFTS: field.enum({ ...server, values: ['0', '1'], default: '0' }),
  POCKETBASE_PREVIEW_EMAIL: field.string({ ...secret, optional: true }),
  POCKETBASE_PREVIEW_PASSWORD: field.string({ ...secret, optional: true }),
  DEV_CONTENT_REFRESH_SECRET: field.string({ ...secret, optional: true }),

  FREE_PLAN_END_DATE: field.string({ ...server, optional: true }),

  PUBLIC_CHAT_APP_URL: field.string({ ...client, optional: true, url: true }),
  PUBLIC_CHAT_APP_LOGIN_URL: field.string({ ...client, optional: true, url: true }),
  PUBLIC_BRINGSPARK_URL: field.string({ ...client, optional: true, url: true }),
  PUBLIC_DEMO_VIDEO_URL: field.string({ ...client, optional: true, url: true }),
  PUBLIC_SOCIAL_URL: field.string({ ...client, optional: true, url: true }),

  PUBLIC_EMAILJS_SERVICE_ID: field.string({ ...client, optional: true }),
  PUBLIC_EMAILJS_TEMPLATE_ID: field.string({ ...client, optional: true }),
  PUBLIC_EMAILJS_NEWSLETTER_TEMPLATE_ID: field.string({ ...client, optional: true }),
  PUBLIC_EMAILJS_PUBLIC_KEY: field.string({ ...client, optional: true }),
  PUBLIC_EMAILJS_API_ORIGIN: field.string({
    ...client,
    url: true,
    default: 'https://api.emailjs.com',
  }),
};

/**
 * An empty or blank value counts as not set, everywhere: a shell can then switch off a value
 * that a .env file sets. Drops them from `env` so that astro:env, which reads process.env itself,
 * sees them unset too.
 */
export function dropBlankValues(schema: Record<string, unknown>, env = process.env): void {
  for (const name of Object.keys(schema)) if (env[name]?.trim() === '') delete env[name];
}

/**
 * The variables of `schema`, validated and typed as astro:env gives them to the site; throws one
 * error naming every invalid variable and what it expects.
 */
export function readEnv<S extends Record<string, EnvFieldType>>(
  schema: S,
  env = process.env,
): EnvValues<S> {
  const values: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const [name, field] of Object.entries(schema)) {
    const raw = env[name]?.trim() || undefined;
    const result = validateEnvVariable(raw, field);
    if (result.ok) values[name] = result.value;
    else problems.push(`${name}=${JSON.stringify(raw ?? '')} (${describe(field, result.errors)})`);
  }
  if (problems.length) throw new Error(`Invalid environment variables: ${problems.join('; ')}.`);
  // Each value passed its field's validator: it is what EnvValues says.
  return values as EnvValues<S>;
}

function describe(field: EnvFieldType, errors: string[]): string {
  if (errors.includes('missing')) return 'required';
  if (field.type === 'enum') return `one of ${field.values.join(', ')}`;
  if (field.type === 'boolean') return 'true or false';
  if (field.type === 'number')
    return field.gt === undefined ? 'a number' : `a number above ${field.gt}`;
  if (field.url) return 'an absolute URL';
  return errors.join(', ');
}
