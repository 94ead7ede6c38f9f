/**
 * Builds the real site in a throwaway copy of the project and serves it with the project's own
 * Netlify-equivalent server. Each build has its own copy (Astro keeps a build's files in
 * `<root>/.astro/`, so one project folder builds one site at a time), with its output in `dist/`
 * and its cache in `.cache/`: builds of variant sites (empty blog, unconfigured contact form, …)
 * run at once and never collide.
 */
import path from 'node:path';
import { runAstroBuild } from '../../tools/publish/astroBuild.ts';
import { startStaticServer } from '../../tools/serve/staticServer.ts';
import { PROJECT_ROOT } from '../../tools/shared/paths.ts';
import { copyProject } from './projectCopy';

/**
 * EmailJS values for test builds, which are production builds: without them `astro build` stops.
 * The keys are fake. The API origin stays EmailJS's default unless a build names one: the shared
 * site of the end-to-end specs points it at the fake endpoint of their global setup.
 */
export const TEST_EMAILJS_ENV = {
  PUBLIC_EMAILJS_SERVICE_ID: 'service_test',
  PUBLIC_EMAILJS_TEMPLATE_ID: 'template_test',
  PUBLIC_EMAILJS_NEWSLETTER_TEMPLATE_ID: 'template_newsletter_test',
  PUBLIC_EMAILJS_PUBLIC_KEY: 'public_key_test',
} as const;

export interface BuildOptions {
  /**
   * Extra build environment (PUBLIC_EMAILJS_*, …), over TEST_EMAILJS_ENV. A value of undefined
   * removes a variable.
   */
  env?: Record<string, string | undefined>;
  /** Defaults to the PocketBase the e2e global setup started. */
  pocketbaseUrl?: string;
  /** Another Astro config file: a test build with fixture pages (tests/fixtures). */
  config?: string;
}

interface BuildResult {
  code: number | null;
  output: string;
  /** `<root>/dist`: remove its parent, the copy, when done. */
  outDir: string;
  /** The project copy it was built in; a warm rebuild there reuses `cacheDir`. */
  root: string;
  cacheDir: string;
}

/** Runs a build and reports its exit code and output, success or not. */
export async function runBuild({
  env = {},
  pocketbaseUrl = process.env.E2E_POCKETBASE_URL,
  config,
}: BuildOptions = {}): Promise<BuildResult> {
  const { root } = await copyProject();
  const outDir = path.join(root, 'dist');
  const cacheDir = path.join(root, '.cache');
  const { code, output } = await runAstroBuild({
    root,
    outDir,
    cacheDir,
    config: config && path.join(root, path.relative(PROJECT_ROOT, config)),
    env: {
      ...TEST_EMAILJS_ENV,
      ...(pocketbaseUrl ? { POCKETBASE_URL: pocketbaseUrl } : {}),
      ...env,
    },
  });
  return { code, output, outDir, root, cacheDir };
}

/** Builds the site and resolves to its output folder; rejects with the build's output on failure. */
export async function buildSite(options: BuildOptions = {}): Promise<string> {
  const { code, output, outDir } = await runBuild(options);
  if (code !== 0) throw new Error(`astro build failed (exit ${code}):\n${output}`);
  return outDir;
}

export interface ServedSite {
  url: string;
  close(): Promise<void>;
}

/** Serves a built folder on 127.0.0.1 with netlify.toml's headers and rules. */
export function serveSite(outDir: string): Promise<ServedSite> {
  return startStaticServer({ root: outDir });
}
