/**
 * `.env` configures every command: a copy of `.env.example` with the values filled in, written
 * to `.env` (and one override in `.env.local`), is all that `astro build` and
 * `npm run pocketbase` get, and a value set in the shell still wins. Each test works in a
 * throwaway copy of the project, so no `.env` ever lands in the repository or in a build that
 * another test runs beside it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PROJECT_ROOT } from '../../tools/shared/paths.ts';
import { getFreePort } from '../../tools/local/pocketbase/serverProcess.ts';
import { startTestPocketBase, type TestPocketBase } from '../support/pocketbase';
import { copyProject, envWithoutProjectVariables, type ProjectCopy } from '../support/projectCopy';

const EXAMPLE = await readFile(path.join(PROJECT_ROOT, '.env.example'), 'utf8');

/** `.env.example` with some values filled in, as a developer edits their copy. */
function envFileFrom(values: Record<string, string>): string {
  let text = EXAMPLE;
  for (const [name, value] of Object.entries(values)) {
    const line = new RegExp(`^${name}=.*$`, 'm');
    expect(text, `${name} is listed in .env.example`).toMatch(line);
    text = text.replace(line, `${name}=${value}`);
  }
  return text;
}

interface Run {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function runNode(args: string[], cwd: string, env: NodeJS.ProcessEnv): Run {
  const child = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('close', resolve));
  return { child, output: () => output, exited };
}

/** `check`'s first value, polled by vi.waitUntil; a timeout names `what` and shows the run's output. */
async function waitFor<T>(what: string, check: () => T | undefined, timeoutMs: number, run?: Run) {
  try {
    return (await vi.waitUntil(check, { timeout: timeoutMs, interval: 100 })) as T;
  } catch (error) {
    throw new Error(
      `${(error as Error).message} waiting for ${what}${run ? `\n${run.output()}` : ''}`,
    );
  }
}

describe('.env for everything', () => {
  let project: ProjectCopy;
  let pocketbase: TestPocketBase;
  let receiver: Server;
  const posts: IncomingMessage[] = [];
  const hookSecret = randomBytes(16).toString('hex');
  let localPort: number;
  const localAdmin = {
    email: 'dotenv-admin@ledgerwise.local',
    password: randomBytes(12).toString('base64url'),
  };

  beforeAll(async () => {
    [project, pocketbase] = await Promise.all([copyProject(), startTestPocketBase({ seed: true })]);
    receiver = createServer((request, response) => {
      if (request.method === 'POST') posts.push(request);
      response.writeHead(200).end();
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    localPort = await getFreePort();

    await writeFile(
      path.join(project.root, '.env'),
      envFileFrom({
        POCKETBASE_URL: pocketbase.url,
        SITE_URL: 'https://from-dotenv.example',
        PUBLIC_CHAT_APP_URL: 'https://chat.from-dotenv.example',
        PUBLIC_SOCIAL_URL: 'https://social.from-dotenv.example',
        ASTRO_CACHE_DIR: './astro-cache-from-dotenv',
        POCKETBASE_PORT: String(localPort),
        POCKETBASE_SUPERUSER_EMAIL: localAdmin.email,
        POCKETBASE_SUPERUSER_PASSWORD: localAdmin.password,
        SITE_REBUILD_HOOK_URL: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/rebuild`,
        SITE_REBUILD_HOOK_SECRET: hookSecret,
        SITE_REBUILD_MIN_INTERVAL_SECONDS: '0',
        // A production build needs these; a developer's .env for `npm run build` has them.
        PUBLIC_EMAILJS_SERVICE_ID: 'service_from_dotenv',
        PUBLIC_EMAILJS_TEMPLATE_ID: 'template_from_dotenv',
        PUBLIC_EMAILJS_NEWSLETTER_TEMPLATE_ID: 'newsletter_from_dotenv',
        PUBLIC_EMAILJS_PUBLIC_KEY: 'key_from_dotenv',
      }),
    );
    // .env.local overrides .env.
    await writeFile(
      path.join(project.root, '.env.local'),
      'PUBLIC_SOCIAL_URL=https://social.from-dotenv-local.example\n',
    );
  });

  afterAll(async () => {
    await new Promise((resolve) => receiver?.close(resolve));
    await pocketbase?.stop();
    await project?.remove();
  });

  it('astro build reads every value from .env, and the shell wins over it', async () => {
    const build = runNode(
      [path.join('node_modules', 'astro', 'bin', 'astro.mjs'), 'build'],
      project.root,
      {
        ...envWithoutProjectVariables(EXAMPLE),
        NODE_ENV: 'production',
        ASTRO_TELEMETRY_DISABLED: '1',
        // Set in the shell too: this one must win over the .env file.
        SITE_URL: 'https://from-shell.example',
      },
    );
    const code = await build.exited;
    expect(code, build.output()).toBe(0);

    const dist = path.join(project.root, 'dist');
    const home = await readFile(path.join(dist, 'index.html'), 'utf8');
    expect(home).toContain('<link rel="canonical" href="https://from-shell.example/"');
    expect(home).not.toContain('from-dotenv.example/"');
    expect(home).toContain('https://chat.from-dotenv.example');

    // POCKETBASE_URL came only from .env: the content loader read the seeded posts through it.
    const newest = await new PocketBase(pocketbase.url)
      .collection('blogs')
      .getList(1, 1, { sort: '-published_at' });
    const blog = await readFile(path.join(dist, 'blog.html'), 'utf8');
    expect(blog).toContain(newest.items[0].title);

    // A value that only astro.config.ts reads (not Astro's env schema) came from .env too.
    expect(existsSync(path.join(project.root, 'astro-cache-from-dotenv'))).toBe(true);

    // .env.local beat .env.
    const pages = await readdir(dist, { recursive: true });
    const html = await Promise.all(
      pages
        .filter((page) => page.endsWith('.html'))
        .map((page) => readFile(path.join(dist, page), 'utf8')),
    );
    expect(html.some((page) => page.includes('https://social.from-dotenv-local.example'))).toBe(
      true,
    );
    expect(html.some((page) => page.includes('https://social.from-dotenv.example'))).toBe(false);
  }, 300_000);

  it('npm run pocketbase and the PocketBase it starts read .env (port, admin, rebuild hook), and Ctrl-C stops both', async () => {
    const server = runNode(
      [path.join('tools', 'local', 'pocketbase', 'cli.ts')],
      project.root,
      envWithoutProjectVariables(EXAMPLE),
    );
    try {
      const url = await waitFor(
        'the local PocketBase to start',
        () => /PocketBase API: +(http:\/\/\S+)\/api\//.exec(server.output())?.[1],
        60_000,
        server,
      );
      expect(url).toBe(`http://127.0.0.1:${localPort}`);

      const pb = new PocketBase(url);
      await pb.collection('_superusers').authWithPassword(localAdmin.email, localAdmin.password);

      // Seeding created records; PocketBase's hook (reading its environment through $os.getenv)
      // POSTed to the URL from .env with the secret from .env.
      const post = await waitFor('the rebuild hook POST', () => posts[0], 30_000, server);
      expect(post.url).toMatch(/^\/rebuild\?trigger_title=/);
      expect(post.headers.authorization).toBe(`Bearer ${hookSecret}`);

      // Ctrl-C stops the script and the PocketBase it started, as a shell would report it.
      server.child.kill('SIGINT');
      const code = await Promise.race([
        server.exited,
        new Promise((resolve) => setTimeout(() => resolve('still running after 15 s'), 15_000)),
      ]);
      expect(code, server.output()).toBe(130);
      await expect(fetch(`${url}/api/health`)).rejects.toThrow();
    } finally {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
      await server.exited;
    }
  }, 120_000);

  it('a variable a build is told to drop stays unset although .env sets it', async () => {
    // What the tests' builds do to play a missing POCKETBASE_URL on a machine whose .env has one.
    const script = `
      const { runAstroBuild } = await import('./tools/publish/astroBuild.ts');
      const { code, output } = await runAstroBuild({ env: { POCKETBASE_URL: undefined } });
      console.log(JSON.stringify({ code, output }));`;
    const run = runNode(
      ['--input-type=module', '-e', script],
      project.root,
      envWithoutProjectVariables(EXAMPLE),
    );
    expect(await run.exited, run.output()).toBe(0);
    const { code, output } = JSON.parse(run.output().trim().split('\n').at(-1)!);
    expect(code).not.toBe(0);
    expect(output).toContain('POCKETBASE_URL is not set');
  }, 300_000);

  it('a command on a Node outside engines.node stops with one line', async () => {
    const packageFile = path.join(project.root, 'package.json');
    const original = await readFile(packageFile, 'utf8');
    const manifest = JSON.parse(original);
    // No Node this old is installed here: raising the floor above this Node plays the same part.
    manifest.engines.node = '>=99';
    await writeFile(packageFile, JSON.stringify(manifest, null, 2));
    try {
      for (const script of ['start.ts', 'dev.ts', 'pocketbase/cli.ts']) {
        const run = runNode([path.join('tools', 'local', script)], project.root, process.env);
        expect(await run.exited, script).toBe(1);
        const lines = run.output().trim().split('\n');
        expect(lines, script).toHaveLength(1);
        expect(lines[0]).toMatch(
          new RegExp(
            `^Ledgerwise needs Node >=99 .*this is Node ${process.versions.node}: run it through npm`,
          ),
        );
      }
      // npm run build runs astro build directly: astro.config.ts makes the same check.
      const build = runNode(
        [path.join('node_modules', 'astro', 'bin', 'astro.mjs'), 'build'],
        project.root,
        process.env,
      );
      expect(await build.exited).toBe(1);
      expect(build.output()).toContain('Ledgerwise needs Node >=99');
    } finally {
      await writeFile(packageFile, original);
    }
  }, 120_000);
});
