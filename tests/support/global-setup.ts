/**
 * Starts a seeded PocketBase, builds the site against it and serves the result. Workers read
 * E2E_BASE_URL (the served site) and E2E_POCKETBASE_URL (for variant builds) from process.env,
 * and the build's printed output from the file E2E_BUILD_OUTPUT names (its warnings are tested).
 */
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { startTestPocketBase } from './pocketbase';
import { runBuild, serveSite } from './site';

export default async function globalSetup() {
  const pocketbase = await startTestPocketBase({ seed: true });
  let outDir: string | undefined;
  try {
    const build = await runBuild({ pocketbaseUrl: pocketbase.url });
    outDir = build.outDir;
    if (build.code !== 0)
      throw new Error(`astro build failed (exit ${build.code}):\n${build.output}`);
    const outputFile = path.join(path.dirname(outDir), 'build-output.txt');
    await writeFile(outputFile, build.output);
    process.env.E2E_BUILD_OUTPUT = outputFile;
    const site = await serveSite(outDir);
    process.env.E2E_BASE_URL = site.url;
    process.env.E2E_POCKETBASE_URL = pocketbase.url;
    process.env.E2E_POCKETBASE_ADMIN_EMAIL = pocketbase.admin.email;
    process.env.E2E_POCKETBASE_ADMIN_PASSWORD = pocketbase.admin.password;
    process.env.E2E_DIST_DIR = outDir;
    return async () => {
      await site.close();
      await pocketbase.stop();
      await rm(path.dirname(outDir!), { recursive: true, force: true });
    };
  } catch (error) {
    await pocketbase.stop();
    if (outDir) await rm(path.dirname(outDir), { recursive: true, force: true });
    throw error;
  }
}
