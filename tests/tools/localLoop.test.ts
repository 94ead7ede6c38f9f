/**
 * The developer's loop, as a developer runs it, in a copy of the project: `npm run dev` reloads
 * the content when the local PocketBase changes, and `npm start` rebuilds and serves the site
 * when an editor creates, edits or deletes a post. Each is started from its script with a real PocketBase and real builds,
 * edited through PocketBase's admin API, then stopped with SIGINT, leaving no process behind.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import PocketBase from 'pocketbase';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  LOCAL_SUPERUSER_EMAIL,
  LOCAL_SUPERUSER_PASSWORD,
} from '../../tools/local/pocketbase/superuser.ts';
import { getFreePort } from '../../tools/local/pocketbase/serverProcess.ts';
import { LOCAL_PREVIEW_EMAIL } from '../../tools/local/pocketbase/previewReader.ts';
import { PROJECT_ROOT } from '../../tools/shared/paths.ts';
import { copyProject, envWithoutProjectVariables } from '../support/projectCopy';
import { isRunning, processTable } from '../support/processes';
import { readSearchIndex } from '../support/searchIndex';

const EXAMPLE = await readFile(path.join(PROJECT_ROOT, '.env.example'), 'utf8');

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

interface Running {
  child: ChildProcess;
  /** The project copy the script runs in. */
  root: string;
  output: () => string;
  /** Every process started under the script so far (PocketBase, builds, astro dev, …). */
  descendants: Set<number>;
  waitFor(pattern: RegExp, timeoutMs: number, what: string): Promise<RegExpMatchArray>;
  /** SIGINT to the script alone (not its group): it must stop the rest itself. */
  interrupt(): Promise<number | null>;
}

/** Starts `node tools/local/<script>` in a fresh copy of the project, configured only by `env`. */
async function startScript(script: string, args: string[], env: Record<string, string>) {
  const project = await copyProject();
  cleanups.push(project.remove);
  let output = '';
  const child = spawn(process.execPath, [path.join('tools', 'local', script), ...args], {
    cwd: project.root,
    env: { ...envWithoutProjectVariables(EXAMPLE), POCKETBASE_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));

  const descendants = new Set<number>();
  let watching = true;
  // Builds come and go: the process table is sampled all along, so each is noted while it runs.
  const watcher = (async () => {
    while (watching) {
      const table = await processTable();
      const known = new Set([child.pid!, ...descendants]);
      let grew = true;
      while (grew) {
        grew = false;
        for (const entry of table) {
          if (entry.state !== 'Z' && known.has(entry.ppid) && !known.has(entry.pid)) {
            known.add(entry.pid);
            descendants.add(entry.pid);
            grew = true;
          }
        }
      }
      await sleep(200);
    }
  })();
  const stopWatching = async () => {
    watching = false;
    await watcher;
  };
  cleanups.push(async () => {
    await stopWatching();
    for (const pid of [child.pid!, ...descendants]) {
      if (await isRunning(pid)) process.kill(pid, 'SIGKILL');
    }
  });

  const running: Running = {
    child,
    root: project.root,
    output: () => output,
    descendants,
    async waitFor(pattern, timeoutMs, what) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const match = output.match(pattern);
        if (match) return match;
        if (child.exitCode !== null) throw new Error(`${script} exited before ${what}:\n${output}`);
        if (Date.now() > deadline) throw new Error(`No ${what} within ${timeoutMs} ms:\n${output}`);
        await sleep(200);
      }
    },
    async interrupt() {
      child.kill('SIGINT');
      const code = await exited;
      await stopWatching();
      return code;
    },
  };
  return running;
}

async function adminClient(url: string) {
  const pb = new PocketBase(url);
  pb.autoCancellation(false);
  await pb
    .collection('_superusers')
    .authWithPassword(LOCAL_SUPERUSER_EMAIL, LOCAL_SUPERUSER_PASSWORD);
  return pb;
}

async function stillRunning(pids: Iterable<number>) {
  const alive: number[] = [];
  for (const pid of pids) if (await isRunning(pid)) alive.push(pid);
  return alive;
}

describe('npm run dev: live content', () => {
  it('shows an edit made in PocketBase on the next page load, without a restart', async () => {
    const port = await getFreePort();
    const dev = await startScript('dev.ts', ['--port', String(port)], {});
    const [, pocketbaseUrl] = await dev.waitFor(
      /Local PocketBase: (http:\/\/127\.0\.0\.1:\d+)/,
      120_000,
      'local PocketBase',
    );
    await dev.waitFor(/watching for file changes/, 180_000, 'the dev server');
    const site = `http://localhost:${port}`;

    // The endpoint hears only a POST with this run's secret.
    const endpoint = `${site}/__ledgerwise/content-changed`;
    expect((await fetch(endpoint, { method: 'POST' })).status).toBe(401);
    expect(
      (
        await fetch(endpoint, {
          method: 'POST',
          headers: { Authorization: 'Bearer not-the-secret-0123456789' },
        })
      ).status,
    ).toBe(401);
    expect((await fetch(endpoint)).status).toBe(405);

    const pb = await adminClient(pocketbaseUrl);
    const [post] = (await pb.collection('blogs').getList(1, 1, { filter: 'published = true' }))
      .items;
    const before = await (await fetch(`${site}/blog/${post.slug}`)).text();
    expect(before).toContain(post.title);

    const title = `Edited in the admin UI ${Date.now()}`;
    // The body too: the page reads it from the loader's file (cms/postHtml.ts), in dev as in builds.
    const body = `A body edited at ${Date.now()}.`;
    const reloads = dev.output().match(/content reloaded/g)?.length ?? 0;
    await pb.collection('blogs').update(post.id, { title, content: `<p>${body}</p>` });
    // A reload the seed started may end just after the edit; the one the edit asked for follows
    // it (liveContent runs one more). The page shows the edit once that has run, with no restart.
    await expect
      .poll(async () => (await fetch(`${site}/blog/${post.slug}`)).text(), {
        timeout: 60_000,
        interval: 1_000,
      })
      .toContain(title);
    expect(await (await fetch(`${site}/blog/${post.slug}`)).text()).toContain(body);
    // The page can show the new store a moment before the reload logs that it has finished.
    await expect
      .poll(() => dev.output().match(/content reloaded/g)?.length ?? 0, { timeout: 10_000 })
      .toBeGreaterThan(reloads);

    const processes = [...dev.descendants];
    expect(processes.length).toBeGreaterThanOrEqual(2); // PocketBase and astro dev at least
    await dev.interrupt();
    expect(await stillRunning([dev.child.pid!, ...processes])).toEqual([]);
  }, 400_000);
});

describe('npm run dev with PREVIEW_DRAFTS=1', () => {
  it("shows a draft, read with the local PocketBase's preview account (no superuser)", async () => {
    const port = await getFreePort();
    const dev = await startScript('dev.ts', ['--port', String(port)], { PREVIEW_DRAFTS: '1' });
    const [, pocketbaseUrl] = await dev.waitFor(
      /Local PocketBase: (http:\/\/127\.0\.0\.1:\d+)/,
      120_000,
      'local PocketBase',
    );
    await dev.waitFor(/watching for file changes/, 180_000, 'the dev server');
    const pb = await adminClient(pocketbaseUrl);
    const [draft] = (await pb.collection('blogs').getList(1, 1, { filter: 'published = false' }))
      .items;
    const page = await (await fetch(`http://localhost:${port}/blog/${draft.slug}`)).text();
    expect(page).toContain(draft.title);
    expect(page).toContain('data-post-status="draft"');
    const [reader] = await pb.collection('preview_readers').getFullList();
    expect(reader.email).toBe(LOCAL_PREVIEW_EMAIL);
    await dev.interrupt();
  }, 400_000);
});

describe('npm start: the whole publishing loop', () => {
  it('rebuilds and serves a post created, one edited and one deleted in PocketBase, then stops everything on SIGINT with exit code 0', async () => {
    const port = await getFreePort();
    const start = await startScript('start.ts', [], { PORT: String(port) });
    const [, pocketbaseUrl] = await start.waitFor(
      /Local PocketBase: (http:\/\/127\.0\.0\.1:\d+)/,
      120_000,
      'local PocketBase',
    );
    await start.waitFor(/build 1 started/, 30_000, 'the first build');
    await start.waitFor(/served at http:\/\/localhost:\d+/, 600_000, 'the site being served');
    expect(start.output()).toMatch(/build 1 published after \d+\.\d s/);
    const site = `http://localhost:${port}`;
    const getPage = async (pathname: string) => {
      const response = await fetch(`${site}${pathname}`);
      return { status: response.status, body: await response.text() };
    };

    const pb = await adminClient(pocketbaseUrl);
    const [edited, deleted] = (
      await pb.collection('blogs').getList(1, 2, { filter: 'published = true' })
    ).items;
    expect((await getPage(`/blog/${edited.slug}`)).body).toContain(edited.title);
    expect((await getPage(`/blog/${deleted.slug}`)).status).toBe(200);

    // An editor's three saves in a row: each reaches the listener at once, and the builds they
    // start (one, then one more for the saves made during it) publish all three.
    const title = `Published from the admin UI ${Date.now()}`;
    const saved = Date.now();
    await pb.collection('blogs').update(edited.id, { title });
    const created = await pb.collection('blogs').create({
      title: 'Provisional tax: the August deadline',
      content: '<p>First provisional payment is due at the end of August.</p>',
      published: true,
    });
    await pb.collection('blogs').delete(deleted.id);
    await start.waitFor(/build 2 started \(PocketBase: blogs updated\)/, 30_000, 'the rebuild');
    const deadline = Date.now() + 600_000;
    for (;;) {
      const [editedPage, createdPage, deletedPage, list] = await Promise.all(
        [`/blog/${edited.slug}`, `/blog/${created.slug}`, `/blog/${deleted.slug}`, '/blog'].map(
          getPage,
        ),
      );
      const published =
        editedPage.body.includes(title) &&
        createdPage.status === 200 &&
        createdPage.body.includes('Provisional tax: the August deadline') &&
        deletedPage.status === 404 &&
        list.body.includes(title) &&
        list.body.includes('Provisional tax: the August deadline') &&
        !list.body.includes(deleted.title);
      if (published) break;
      if (Date.now() > deadline) throw new Error(`Not all three published:\n${start.output()}`);
      await sleep(500);
    }
    const servedAfter = (Date.now() - saved) / 1000;
    // The pages went live before their search index, which follows them.
    const live = path.join(start.root, '.rebuild', 'start', 'current');
    const indexed = async () => {
      const pages = await readSearchIndex(live).catch(() => []);
      const titles = new Map(pages.map((page) => [page.url, page.title]));
      return (
        titles.get(`/blog/${edited.slug}`) === title &&
        titles.get(`/blog/${created.slug}`) === 'Provisional tax: the August deadline' &&
        !titles.has(`/blog/${deleted.slug}`)
      );
    };
    await vi.waitUntil(indexed, { timeout: 120_000, interval: 500 });
    expect(start.output()).toMatch(/build \d+: its search index published after \d+\.\d s/);
    expect(start.output()).not.toMatch(/FAILED|\d: search index: /);
    console.log(
      `npm start: three saves → served in ${servedAfter.toFixed(1)} s (load ${loadavg()
        .map((value) => value.toFixed(2))
        .join(', ')})`,
    );

    const processes = [...start.descendants];
    // PocketBase and at least one build's process were seen.
    expect(processes.length).toBeGreaterThanOrEqual(2);
    expect(await start.interrupt()).toBe(0);
    expect(await stillRunning([start.child.pid!, ...processes])).toEqual([]);
  }, 1_300_000);
});
