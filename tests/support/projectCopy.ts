/**
 * A throwaway copy of the project in a temporary folder, sharing this checkout's installed
 * packages through symbolic links. Tests that need files in the project root (a `.env`, another
 * package.json) write them there, so the repository and tests running beside them never see them.
 */
import { cp, mkdir, mkdtemp, readdir, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PROJECT_ROOT } from '../../tools/shared/paths.ts';

/** Top-level folders that are installed, generated or local data, never source. */
const NOT_COPIED = new Set([
  '.git',
  'node_modules',
  'dist',
  '.astro',
  '.netlify',
  '.pocketbase',
  '.rebuild',
  '.bench',
  'test-results',
  'playwright-report',
  'coverage',
]);

/** Folders that tools write into node_modules. */
const CACHES = new Set(['.vite', '.astro', '.cache']);

export interface ProjectCopy {
  root: string;
  remove(): Promise<void>;
}

export async function copyProject(): Promise<ProjectCopy> {
  const root = await mkdtemp(path.join(tmpdir(), 'lw-project-'));
  await cp(PROJECT_ROOT, root, {
    recursive: true,
    filter: (source) => {
      const relative = path.relative(PROJECT_ROOT, source);
      const top = relative.split(path.sep)[0];
      // This checkout's own .env files stay out: each test writes the one it means.
      const isEnvFile = /^\.env(\..+)?$/.test(relative) && relative !== '.env.example';
      // Nor the copies of .pocketbase/ the upgrade from PocketBase 0.22 kept.
      const isDataCopy = top.startsWith('.pocketbase.before-');
      return !NOT_COPIED.has(top) && !isEnvFile && !isDataCopy;
    },
  });
  // node_modules holds a link to each installed package, not one link to the whole folder: the
  // caches that tools keep inside it (Vite's .vite, Astro's .astro, .cache) stay the copy's own,
  // so a build here never rewrites the ones that builds of the checkout are using.
  const modules = path.join(PROJECT_ROOT, 'node_modules');
  await mkdir(path.join(root, 'node_modules'));
  for (const entry of await readdir(modules)) {
    if (CACHES.has(entry)) continue;
    await symlink(path.join(modules, entry), path.join(root, 'node_modules', entry), 'dir');
  }
  return { root, remove: () => rm(root, { recursive: true, force: true }) };
}

/**
 * process.env without any variable `.env.example` lists: a child started with it sees only what
 * the test gives it, whatever this machine's shell or `.env` holds.
 */
export function envWithoutProjectVariables(exampleText: string): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const match of exampleText.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)) delete env[match[1]];
  // The child is a real run, not a test: astro dev serves no page while VITEST is set.
  for (const name of Object.keys(env)) if (/^VITEST($|_)/.test(name)) delete env[name];
  return env;
}
