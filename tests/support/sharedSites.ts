/**
 * The two sites the Playwright global setup builds once for every spec: the shared site (production
 * build, seeded PocketBase, the local EmailJS endpoint) and the variant site (empty PocketBase, no
 * EmailJS values, every optional setting given, and tests/fixtures/island-errors' throwing
 * islands), and how a worker finds them.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import PocketBase from 'pocketbase';
import { connectEmailjs, type RemoteEmailjs } from './emailjsServer';
import type { BuildOptions } from './site';

export interface SiteEnvNames {
  url: string;
  distDir: string;
  output: string;
}

export const SHARED_SITE_ENV_NAMES: SiteEnvNames = {
  url: 'E2E_BASE_URL',
  distDir: 'E2E_DIST_DIR',
  output: 'E2E_BUILD_OUTPUT',
};

export const VARIANT_SITE_ENV_NAMES: SiteEnvNames = {
  url: 'E2E_VARIANT_URL',
  distDir: 'E2E_VARIANT_DIST_DIR',
  output: 'E2E_VARIANT_BUILD_OUTPUT',
};

export const FIXTURE_CONFIG = fileURLToPath(
  new URL('../fixtures/island-errors/astro.config.ts', import.meta.url),
);

/** The optional settings the variant site is built with. */
export const VARIANT_SETTINGS = {
  PUBLIC_DEMO_VIDEO_URL: 'https://video.example/ledgerwise-demo',
  PUBLIC_SOCIAL_URL: 'https://social.example/ledgerwise',
  FREE_PLAN_END_DATE: '2099-12-31',
} as const;

export const MISSING_EMAILJS_VARIABLES = [
  'PUBLIC_EMAILJS_SERVICE_ID',
  'PUBLIC_EMAILJS_TEMPLATE_ID',
  'PUBLIC_EMAILJS_PUBLIC_KEY',
] as const;

export const VARIANT_BUILD: BuildOptions = {
  config: FIXTURE_CONFIG,
  env: {
    ...VARIANT_SETTINGS,
    // A production build without the EmailJS values stops; `npm start` builds with this.
    LOCAL_BUILD: 'true',
    // Undefined removes a variable the developer's shell might have set.
    ...Object.fromEntries(MISSING_EMAILJS_VARIABLES.map((name) => [name, undefined])),
    PUBLIC_EMAILJS_NEWSLETTER_TEMPLATE_ID: undefined,
    PUBLIC_EMAILJS_API_ORIGIN: undefined,
  },
};

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the specs through \`npx playwright test\`.`);
  return value;
}

export interface SharedSite {
  url: string;
  outDir: string;
  /** Everything its build printed (its warnings are tested). */
  output: string;
}

function sharedSite(names: SiteEnvNames): SharedSite {
  return {
    url: required(names.url),
    outDir: required(names.distDir),
    output: readFileSync(required(names.output), 'utf8'),
  };
}

/** The site the global setup built with the seeded PocketBase (Playwright's baseURL). */
export const mainSite = (): SharedSite => sharedSite(SHARED_SITE_ENV_NAMES);

/** The variant site described above. */
export const variantSite = (): SharedSite => sharedSite(VARIANT_SITE_ENV_NAMES);

/** The fake EmailJS endpoint the shared site's contact form sends to. */
export function sharedEmailjs(): RemoteEmailjs {
  return connectEmailjs(required('E2E_EMAILJS_ORIGIN'), required('E2E_EMAILJS_CONTROL_URL'));
}

/**
 * A superuser client of the seeded PocketBase the shared site was built from, signed in with the
 * global setup's session: PocketBase allows 2 logins in 3 s an address, and the workers' specs
 * ask at once.
 */
export function seedClient(): PocketBase {
  const pb = new PocketBase(required('E2E_POCKETBASE_URL'));
  pb.autoCancellation(false);
  pb.authStore.save(required('E2E_POCKETBASE_SUPERUSER_TOKEN'), null);
  return pb;
}
