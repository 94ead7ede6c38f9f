/**
 * The rebuild listener as production runs it: its own process, from a copy installed with
 * `npm ci --omit=dev`, serving the live site, building from a real PocketBase behind a gate that
 * can hold connections. Hostile requests; a hung build stopped with its process group while the
 * live site stays; the next request builds; SIGTERM stops both; then it publishes the real site.
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PROJECT_ROOT } from '../../tools/shared/paths.ts';
import { getFreePort } from '../../tools/local/pocketbase/serverProcess.ts';
import { startTestPocketBase, type TestPocketBase } from '../support/pocketbase';
import { processTable } from '../support/processes';
import { hostileRequests, rawRequest } from '../support/rawHttp';
import { startSilentServer, type SilentServer } from '../support/silentServer';
import { TEST_EMAILJS_ENV } from '../support/site';

const SECRET = 'production-secret-0123456789abcdef';
/** Generous next to the ~5–15 s a build takes to reach PocketBase; the test checks it did. */
const BUILD_TIMEOUT_SECONDS = 45;

let work: string;
let copy: string;
let pocketbase: TestPocketBase;
let gate: SilentServer;
let listener: ChildProcess;
let output = '';
let listenerUrl: string;
let siteUrl: string;

/** Waits until `check` is true (vi.waitUntil), failing with `what` after `timeoutMs`, or at once when the listener exits. */
async function waitFor(what: string, check: () => boolean | Promise<boolean>, timeoutMs: number) {
  try {
    await vi.waitUntil(
      async () => {
        if (listener.exitCode !== null) throw new Error(`the listener exited: ${what}`);
        return check();
      },
      { timeout: timeoutMs, interval: 200, message: `${what}: not within ${timeoutMs} ms` },
    );
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${output}`);
  }
}

function rebuild() {
  return fetch(`${listenerUrl}/rebuild`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${SECRET}` },
  });
}

/** Starts `node tools/publish/rebuildListener/main.ts` in the production copy; resolves once it serves. */
async function startListener(extraEnv: Record<string, string>) {
  output = '';
  listener = spawn(process.execPath, ['tools/publish/rebuildListener/main.ts'], {
    cwd: copy,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      // Spaces around the secret are ignored.
      REBUILD_LISTENER_SECRET: `  ${SECRET}  `,
      REBUILD_LISTENER_PORT: new URL(listenerUrl).port,
      REBUILD_SERVE_PORT: new URL(siteUrl).port,
      POCKETBASE_URL: gate.url,
      // The loader would give up on the silent PocketBase by itself; here the listener must.
      POCKETBASE_TIMEOUT_SECONDS: '600',
      // The listener's builds are production builds: the contact form must be able to send.
      ...TEST_EMAILJS_ENV,
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  listener.stdout!.on('data', (chunk) => (output += chunk));
  listener.stderr!.on('data', (chunk) => (output += chunk));
  await waitFor('the listener serves', () => /serving the published site/.test(output), 60_000);
}

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'lw-production-'));
  copy = path.join(work, 'project');
  // The project as committed or about to be: tracked and new files, nothing git ignores.
  const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '-z'], {
    cwd: PROJECT_ROOT,
    encoding: 'utf8',
  })
    .split('\0')
    .filter(Boolean);
  for (const file of files) {
    await cp(path.join(PROJECT_ROOT, file), path.join(copy, file), { recursive: true }).catch(
      (error: NodeJS.ErrnoException) => {
        // A file deleted in the work tree but not yet in git.
        if (error.code !== 'ENOENT') throw error;
      },
    );
  }
  execFileSync(
    'npm',
    ['ci', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'],
    { cwd: copy, stdio: 'pipe', env: { ...process.env, NODE_ENV: 'production' } },
  );

  pocketbase = await startTestPocketBase();
  const admin = await pocketbase.superuserClient();
  await admin
    .collection('blogs')
    .create({ title: 'Published by the listener', content: '<p>Body.</p>', published: true });
  gate = await startSilentServer({ forwardTo: pocketbase.url, mode: 'silent' });

  // A site published earlier: the live site the listener must keep serving.
  const previous = path.join(copy, '.rebuild', 'builds', '00000000T000000-0-0000');
  await mkdir(previous, { recursive: true });
  await writeFile(path.join(previous, 'index.html'), '<h1>previous</h1>');
  await symlink(
    path.relative(path.join(copy, '.rebuild'), previous),
    path.join(copy, '.rebuild', 'current'),
  );

  const [port, servePort] = [await getFreePort(), await getFreePort()];
  listenerUrl = `http://127.0.0.1:${port}`;
  siteUrl = `http://127.0.0.1:${servePort}`;
  await startListener({ REBUILD_TIMEOUT_SECONDS: String(BUILD_TIMEOUT_SECONDS) });
}, 600_000);

afterAll(async () => {
  if (listener && listener.exitCode === null) {
    listener.kill('SIGTERM');
    await new Promise((resolve) => listener.once('exit', resolve));
  }
  await gate?.close();
  await pocketbase?.stop();
  if (work) await rm(work, { recursive: true, force: true });
});

describe('the rebuild listener from a production install', () => {
  it('answers every hostile request with a 4xx on both ports and keeps serving the live site', async () => {
    for (const url of [listenerUrl, siteUrl]) {
      const { port, host } = new URL(url);
      for (const [name, payload] of hostileRequests(host)) {
        const { status, text } = await rawRequest(Number(port), payload);
        expect(status, `${url} ${name}: ${text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
        expect(status, `${url} ${name}`).toBeLessThan(500);
      }
    }
    expect(listener.exitCode).toBeNull();
    expect(await (await fetch(`${siteUrl}/`)).text()).toBe('<h1>previous</h1>');
  });

  it(`stops a build hung on a silent PocketBase after ${BUILD_TIMEOUT_SECONDS} s, whole process group, secret never in its environment`, async () => {
    const accepted = await rebuild();
    expect(accepted.status).toBe(202);
    await waitFor('the build reaches PocketBase', () => gate.connections() > 0, 40_000);

    const table = await processTable();
    const build = table.find((entry) => entry.ppid === listener.pid);
    expect(build, 'the build process').toBeDefined();
    expect(build!.pgid, 'the build leads its own process group').toBe(build!.pid);
    const environ = await readFile(`/proc/${build!.pid}/environ`, 'utf8');
    expect(environ).toContain(`POCKETBASE_URL=${gate.url}`);
    // Passed empty, so that a .env beside the build cannot hand it back either.
    const secretEntries = environ
      .split('\0')
      .filter((entry) => entry.startsWith('REBUILD_LISTENER_SECRET='));
    expect(secretEntries).toEqual(['REBUILD_LISTENER_SECRET=']);
    expect(environ).not.toContain(SECRET);

    await waitFor(
      'the build is stopped',
      () => /build 1 FAILED after [\d.]+ s \(timed out and was stopped\)/.test(output),
      (BUILD_TIMEOUT_SECONDS + 30) * 1000,
    );
    expect(output).toContain(
      `The build did not finish within ${BUILD_TIMEOUT_SECONDS} s (REBUILD_TIMEOUT_SECONDS)`,
    );
    const left = (await processTable()).filter(
      (entry) => entry.pgid === build!.pgid && entry.state !== 'Z',
    );
    expect(left, 'processes of the stopped build').toEqual([]);
    expect(listener.exitCode).toBeNull();
    expect(await (await fetch(`${siteUrl}/`)).text()).toBe('<h1>previous</h1>');
  }, 180_000);

  it('starts a new build at the next request, and stops it with its group on SIGTERM', async () => {
    gate.setMode('forward');
    const held = gate.connections();
    expect((await rebuild()).status).toBe(202);
    // The new build reaches PocketBase, which now answers through the gate.
    await waitFor(
      'build 2 reads PocketBase',
      () => /build 2 started/.test(output) && gate.connections() > held,
      60_000,
    );
    const build = (await processTable()).find((entry) => entry.ppid === listener.pid);
    expect(build, 'the second build process').toBeDefined();

    listener.kill('SIGTERM');
    const code = await new Promise((resolve) => listener.once('exit', resolve));
    expect(code).toBe(143);
    const left = (await processTable()).filter(
      (entry) => entry.pgid === build!.pgid && entry.state !== 'Z',
    );
    expect(left, 'processes of the build under way at SIGTERM').toEqual([]);
  }, 120_000);

  it('started again over pages whose search index was never written, builds by itself and publishes the real site with its index', async () => {
    // As if the listener had stopped between a build's pages and its search index.
    const pagesOnly = path.join(copy, '.rebuild', 'builds', '00000000T000001-0-0001-pages');
    await mkdir(pagesOnly, { recursive: true });
    await writeFile(path.join(pagesOnly, 'index.html'), '<h1>pages, an older index</h1>');
    const live = path.join(copy, '.rebuild', 'current');
    await rm(live);
    await symlink(path.relative(path.dirname(live), pagesOnly), live);

    await startListener({});
    expect(output).toContain('builds stopped after 600 s');
    await waitFor('build 1 is published', () => /build 1 published/.test(output), 400_000);
    expect(output).toContain("build 1 started (the live pages' search index was never written");
    expect(output).toMatch(/build 1: search index written, 1 posts indexed/);
    expect((await fetch(`${siteUrl}/pagefind/pagefind-entry.json`)).status).toBe(200);
    const home = await fetch(`${siteUrl}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('http-equiv="content-security-policy"');
    expect(await (await fetch(`${siteUrl}/blog`)).text()).toContain('Published by the listener');
  }, 420_000);
});
