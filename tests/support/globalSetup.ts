/**
 * Builds the two sites every spec shares, at once, and serves them (see sharedSites.ts for what
 * each one is): the shared site against a seeded PocketBase with its contact form pointed at the
 * fake EmailJS endpoint started here, and the variant site against an empty PocketBase. Workers
 * find the URLs, folders and build output through process.env.
 */
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { startEmailjsControl, startEmailjsServer } from './emailjsServer';
import { startTestPocketBase } from './pocketbase';
import {
  SHARED_SITE_ENV_NAMES,
  VARIANT_BUILD,
  VARIANT_SITE_ENV_NAMES,
  type SiteEnvNames,
} from './sharedSites';
import { runBuild, serveSite, type BuildOptions } from './site';

export default async function globalSetup() {
  // Run in reverse order on the way out, whether setup finished or failed half-way.
  const cleanups: (() => Promise<unknown>)[] = [];
  const teardown = async () => {
    while (cleanups.length) await cleanups.pop()!();
  };
  try {
    const [seeded, empty, emailjs] = await Promise.all([
      startTestPocketBase({ seed: true }),
      startTestPocketBase(),
      startEmailjsServer(),
    ]);
    cleanups.push(seeded.stop, empty.stop, emailjs.close);
    const control = await startEmailjsControl(emailjs);
    cleanups.push(control.close);

    /** Builds and serves one site, and names its URL, folder and output file in process.env. */
    async function shareSite(names: SiteEnvNames, options: BuildOptions) {
      const build = await runBuild(options);
      cleanups.push(() => rm(path.dirname(build.outDir), { recursive: true, force: true }));
      if (build.code !== 0) {
        throw new Error(
          `astro build for ${names.url} failed (exit ${build.code}):\n${build.output}`,
        );
      }
      const outputFile = path.join(path.dirname(build.outDir), 'build-output.txt');
      await writeFile(outputFile, build.output);
      const site = await serveSite(build.outDir);
      cleanups.push(site.close);
      process.env[names.url] = site.url;
      process.env[names.distDir] = build.outDir;
      process.env[names.output] = outputFile;
    }
    await Promise.all([
      shareSite(SHARED_SITE_ENV_NAMES, {
        pocketbaseUrl: seeded.url,
        env: { PUBLIC_EMAILJS_API_ORIGIN: emailjs.origin },
      }),
      shareSite(VARIANT_SITE_ENV_NAMES, { pocketbaseUrl: empty.url, ...VARIANT_BUILD }),
    ]);

    process.env.E2E_EMAILJS_ORIGIN = emailjs.origin;
    process.env.E2E_EMAILJS_CONTROL_URL = control.url;
    process.env.E2E_POCKETBASE_URL = seeded.url;
    process.env.E2E_POCKETBASE_SUPERUSER_TOKEN = (await seeded.superuserClient()).authStore.token;
    return teardown;
  } catch (error) {
    await teardown();
    throw error;
  }
}
