/**
 * The one module that runs PocketBase 0.22 for `npm start`, `npm run dev`, `npm run pocketbase`,
 * `npm run bench` and the test harness (which binary: scripts/lib/pocketbase-binary.mjs).
 *
 * PocketBase 0.22 exits with code 0 when a migration fails and `admin create` exits 0 on every
 * error, so this module judges success by the server's output and `/api/health`, never by the
 * exit code alone.
 */
import { spawn, execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import PocketBase from 'pocketbase';
import { resolvePocketBaseBinary } from './pocketbase-binary.mjs';
import { PROJECT_ROOT } from './paths.mjs';

/** @typedef {(message: string) => void} Logger */

/**
 * @typedef {object} RunningPocketBase
 * @property {string} url Base URL, e.g. http://127.0.0.1:8090 (no trailing slash).
 * @property {number} port
 * @property {string} dataDir
 * @property {number} pid
 * @property {() => string} output Everything the server printed so far.
 * @property {() => Promise<void>} stop SIGTERM, wait, then SIGKILL if needed. Safe to call twice.
 */

/** The project root (two levels above scripts/lib), so nothing depends on the cwd. */
export const MIGRATIONS_DIR = path.join(PROJECT_ROOT, 'pocketbase', 'pb_migrations');
export const HOOKS_DIR = path.join(PROJECT_ROOT, 'pocketbase', 'pb_hooks');
export const SEED_DIR = path.join(PROJECT_ROOT, 'pocketbase', 'seed');
export const LOCAL_DATA_DIR = path.join(PROJECT_ROOT, '.pocketbase');
export const DEFAULT_LOCAL_PORT = 8090;

/**
 * LOCAL-ONLY credentials for the git-ignored `.pocketbase/` data folder that `npm start` and
 * `npm run dev` create on 127.0.0.1. Never use them for a deployed PocketBase: set
 * POCKETBASE_ADMIN_EMAIL / POCKETBASE_ADMIN_PASSWORD (or use your own server via POCKETBASE_URL).
 */
export const LOCAL_ADMIN_EMAIL = 'admin@ledgerwise.local';
export const LOCAL_ADMIN_PASSWORD = 'ledgerwise-local-only';

const HEALTH_TIMEOUT_MS = 30_000;
const STOP_GRACE_MS = 5_000;
const OUTPUT_LIMIT = 64 * 1024;
/** Lines PocketBase prints when a migration fails (it still exits 0). */
const MIGRATION_FAILURE = /failed to (apply|run) migration|registerMigrations/i;
const PORT_IN_USE = /address already in use/i;
const SETPRIV = '/usr/bin/setpriv';

/** @type {Set<import('node:child_process').ChildProcess>} */
const liveChildren = new Set();
let exitHookInstalled = false;

/** The children must never outlive this process: kill what is left when Node exits. */
function installExitHook() {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const child of liveChildren) {
      try {
        child.kill('SIGKILL');
      } catch {
        // already gone
      }
    }
  });
}

/** Ports this process already handed out (see getFreePort). */
const usedPorts = new Set();

/** @returns {Promise<number>} */
function listenOnAnyPort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * A free TCP port on 127.0.0.1 (listen on port 0, read it back, close) that this process has not
 * used before: fetch keeps idle keep-alive sockets per origin, and a new server on a stopped
 * server's port could be sent a request on one of those dead sockets ("fetch failed").
 * @returns {Promise<number>}
 */
export async function getFreePort() {
  let port = await listenOnAnyPort();
  for (let tries = 0; usedPorts.has(port) && tries < 20; tries += 1) port = await listenOnAnyPort();
  usedPorts.add(port);
  return port;
}

/**
 * Whether a port on 127.0.0.1 can be listened on right now.
 * @param {number} port
 * @returns {Promise<boolean>}
 */
export function isPortFree(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Start `pocketbase serve` on 127.0.0.1 and resolve once `/api/health` answers.
 * Rejects with the server's output when it exits early, a migration fails, or it never gets healthy.
 *
 * @param {object} options
 * @param {string} options.dataDir The data folder (created if missing). Always explicit.
 * @param {number} [options.port] 0 (default) picks a free port.
 * @param {string} [options.migrationsDir] Defaults to pocketbase/pb_migrations.
 * @param {string} [options.hooksDir] Defaults to pocketbase/pb_hooks.
 * @param {Record<string, string>} [options.env] Extra environment for the server (hooks read it).
 * @param {Logger} [options.log] Receives the server's output lines, prefixed.
 * @param {number} [options.timeoutMs] How long to wait for health (default 30 s).
 * @param {boolean} [options.hooksWatch] Restart the server in place when a hook file changes.
 *   Default false: a test or build server must not restart (and drop requests) because someone
 *   edited pocketbase/pb_hooks; `npm run pocketbase` turns it on for hook authors.
 * @returns {Promise<RunningPocketBase>}
 */
export async function startPocketBase({
  dataDir,
  port = 0,
  migrationsDir = MIGRATIONS_DIR,
  hooksDir = HOOKS_DIR,
  env = {},
  log,
  timeoutMs = HEALTH_TIMEOUT_MS,
  hooksWatch = false,
}) {
  if (!dataDir) throw new Error('startPocketBase: dataDir is required.');
  const bin = await resolvePocketBaseBinary();
  await mkdir(dataDir, { recursive: true });
  // A port picked by getFreePort can be taken before PocketBase binds it: retry a few times.
  const attempts = port === 0 ? 3 : 1;
  let lastError;
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    const chosen = port === 0 ? await getFreePort() : port;
    try {
      return await spawnServer({
        bin,
        dataDir,
        port: chosen,
        migrationsDir,
        hooksDir,
        env,
        log,
        timeoutMs,
        hooksWatch,
      });
    } catch (error) {
      lastError = error;
      if (!(error instanceof Error && PORT_IN_USE.test(error.message))) throw error;
    }
  }
  throw lastError;
}

/**
 * @param {{ bin: string, dataDir: string, port: number, migrationsDir: string, hooksDir: string,
 *   env: Record<string, string>, log?: Logger, timeoutMs: number, hooksWatch: boolean }} options
 * @returns {Promise<RunningPocketBase>}
 */
async function spawnServer({
  bin,
  dataDir,
  port,
  migrationsDir,
  hooksDir,
  env,
  log,
  timeoutMs,
  hooksWatch,
}) {
  const url = `http://127.0.0.1:${port}`;
  const args = [
    'serve',
    '--http',
    `127.0.0.1:${port}`,
    '--dir',
    dataDir,
    '--migrationsDir',
    migrationsDir,
    '--hooksDir',
    hooksDir,
    // Without it PocketBase would look for (and could create) pb_public inside node_modules.
    '--publicDir',
    path.join(dataDir, 'pb_public'),
    '--dev=false',
    '--automigrate=false',
    `--hooksWatch=${hooksWatch}`,
  ];
  // setpriv (util-linux) sets the parent-death signal and then execs PocketBase in the same
  // process, so the PID is PocketBase's and even a SIGKILLed parent cannot leave it running.
  const [command, commandArgs] = existsSync(SETPRIV)
    ? [SETPRIV, ['--pdeathsig', 'TERM', '--', bin, ...args]]
    : [bin, args];
  const child = spawn(command, commandArgs, {
    cwd: PROJECT_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  installExitHook();
  liveChildren.add(child);

  let output = '';
  /** @param {Buffer} chunk */
  const collect = (chunk) => {
    const text = chunk.toString();
    output = (output + text).slice(-OUTPUT_LIMIT);
    if (log) {
      for (const line of text.split('\n')) if (line.trim()) log(`[pocketbase] ${line}`);
    }
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

  /** @type {{ code: number | null, signal: NodeJS.Signals | null } | null} */
  let exited = null;
  /** @type {Promise<void>} */
  const exitPromise = new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      exited = { code, signal };
      liveChildren.delete(child);
      resolve();
    });
  });
  /** @type {Error | null} */
  let spawnError = null;
  child.once('error', (error) => {
    spawnError = error;
  });

  /** @param {number} ms */
  const exitedWithin = (ms) =>
    Promise.race([exitPromise.then(() => true), sleep(ms).then(() => false)]);
  const stop = async () => {
    // No pid: the binary never ran, so there is nothing to stop (and no 'exit' will come).
    if (exited || child.pid === undefined) return;
    child.kill('SIGTERM');
    if (await exitedWithin(STOP_GRACE_MS)) return;
    child.kill('SIGKILL');
    await exitedWithin(STOP_GRACE_MS);
  };

  /** @param {string} reason */
  const fail = async (reason) => {
    await stop();
    const printed = output.trim() || '(no output)';
    return new Error(
      `PocketBase failed to start on ${url} (data: ${dataDir}): ${reason}\n--- server output ---\n${printed}`,
    );
  };

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (spawnError)
      throw await fail(`could not run ${bin}: ${/** @type {Error} */ (spawnError).message}`);
    if (MIGRATION_FAILURE.test(output)) throw await fail(`a migration in ${migrationsDir} failed`);
    if (exited) {
      const { code, signal } = exited;
      throw await fail(`the server exited early (code ${code}, signal ${signal})`);
    }
    if (await isHealthy(url)) break;
    if (Date.now() > deadline)
      throw await fail(`/api/health did not answer within ${timeoutMs} ms`);
    await sleep(100);
  }
  // Migrations run before the server listens; a late failure line would still mean a broken schema.
  if (MIGRATION_FAILURE.test(output)) throw await fail(`a migration in ${migrationsDir} failed`);

  return {
    url,
    port,
    dataDir,
    pid: /** @type {number} */ (child.pid),
    output: () => output,
    stop,
  };
}

/**
 * @param {string} url
 * @returns {Promise<boolean>}
 */
async function isHealthy(url) {
  try {
    const response = await fetch(`${url}/api/health`, {
      signal: AbortSignal.timeout(2_000),
    });
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * Run a PocketBase CLI command and return its combined output (its exit code says nothing).
 * @param {string[]} args
 * @returns {Promise<string>}
 */
async function runCli(args) {
  const bin = await resolvePocketBaseBinary();
  return new Promise((resolve, reject) => {
    execFile(bin, args, { cwd: PROJECT_ROOT, timeout: 30_000 }, (error, stdout, stderr) => {
      const text = `${stdout}${stderr}`.trim();
      // A non-zero code or a timeout is still a failure worth reporting with its output.
      if (error && !text) reject(error);
      else resolve(text);
    });
  });
}

/**
 * Log in as an admin; returns the token or null when the credentials are refused.
 * @param {string} url
 * @param {string} email
 * @param {string} password
 * @returns {Promise<string | null>}
 */
async function adminLogin(url, email, password) {
  const response = await fetch(`${url}/api/admins/auth-with-password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identity: email, password }),
  });
  if (response.status === 400) return null;
  if (!response.ok) throw new Error(`Admin login at ${url} answered HTTP ${response.status}.`);
  const body = /** @type {{ token?: string }} */ (await response.json());
  return body.token ?? null;
}

/**
 * Create the admin account non-interactively (after migrations ran, i.e. after startPocketBase)
 * and verify the login. An existing admin with that email is fine; if its password differs it is
 * set to the given one, because the data folder belongs to this project (local or test).
 *
 * @param {{ url: string, dataDir: string, email: string, password: string }} options
 * @returns {Promise<{ token: string }>}
 */
export async function ensureAdmin({ url, dataDir, email, password }) {
  const dirArgs = ['--dir', dataDir, '--dev=false', '--automigrate=false'];
  // `--` ends the flags, so a password that starts with "-" is not read as one.
  const created = await runCli(['admin', 'create', ...dirArgs, '--', email, password]);
  const existed = /UNIQUE constraint failed|already exists/i.test(created);
  if (!/Successfully created/i.test(created) && !existed) {
    throw new Error(`Could not create the PocketBase admin ${email} in ${dataDir}:\n${created}`);
  }
  let token = await adminLogin(url, email, password);
  if (!token && existed) {
    const updated = await runCli(['admin', 'update', ...dirArgs, '--', email, password]);
    if (!/Successfully changed/i.test(updated)) {
      throw new Error(
        `Could not update the password of the PocketBase admin ${email}:\n${updated}`,
      );
    }
    token = await adminLogin(url, email, password);
  }
  if (!token) throw new Error(`The PocketBase admin ${email} exists but cannot log in at ${url}.`);
  return { token };
}

/**
 * @typedef {object} SeedBlog
 * @property {string} title
 * @property {string} file HTML body, relative to pocketbase/seed/. An image's
 *   `src="seed-image:images/x.png"` names one of `images`; the seeder points it at the uploaded file.
 * @property {string | null} [banner] Image, relative to pocketbase/seed/; null = no banner.
 * @property {string} [bannerAlt] The banner's alt text.
 * @property {string} [excerpt] The editor's excerpt.
 * @property {string[]} [images] Pictures for the body, relative to pocketbase/seed/.
 * @property {number} [publishedDaysAgo] Published, dated this many days before the seed ran.
 * @property {number} [scheduledInDays] Scheduled: published, dated this many days ahead.
 *   Neither: a draft.
 */

/**
 * @typedef {object} SeedTestimonial
 * @property {string} quote
 * @property {string} author
 * @property {string} position
 * @property {string} company
 * @property {string | null} [avatar] Image, relative to pocketbase/seed/; null = no avatar.
 */

const SEED_IMAGE = /seed-image:([^"'\s>]+)/g;
const DAY_MS = 86_400_000;

/** @param {string} file */
function mimeTypeOf(file) {
  const ext = path.extname(file).toLowerCase();
  return ext === '.webp' ? 'image/webp' : ext === '.png' ? 'image/png' : 'image/jpeg';
}

/**
 * @param {string} relative
 * @param {string} seedDir
 */
async function readSeedFile(relative, seedDir) {
  const data = await readFile(path.join(seedDir, relative));
  return new File([data], path.basename(relative), {
    type: mimeTypeOf(relative),
  });
}

/**
 * A seed post's publishing fields: dates relative to today (09:00 in South Africa), so the seed
 * always looks recent.
 * @param {SeedBlog} item
 * @returns {{ published: boolean, published_at?: string }}
 */
export function seedPublishing(item, now = new Date()) {
  const days =
    item.publishedDaysAgo ??
    (item.scheduledInDays === undefined ? undefined : -item.scheduledInDays);
  if (days === undefined) return { published: false };
  const morning = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 7);
  return { published: true, published_at: new Date(morning - days * DAY_MS).toISOString() };
}

/**
 * The body's `seed-image:` sources pointed at the record's uploaded files, as root-relative
 * `/api/files/…` paths: they stay right when the local PocketBase moves to another port.
 * @param {string} html
 * @param {import('pocketbase').RecordModel} record
 * @param {string[]} sources The seed paths of `images`, in upload order.
 */
function pointAtUploads(html, record, sources) {
  return html.replace(SEED_IMAGE, (_, source) => {
    const index = sources.indexOf(source);
    if (index < 0)
      throw new Error(`${source} is used in a seed post but not listed in its images.`);
    return `/api/files/${record.collectionId}/${record.id}/${record.images[index]}`;
  });
}

/**
 * Load pocketbase/seed into a PocketBase whose migrations ran. Does nothing if the blogs
 * collection already has records, so it is safe to call on every start.
 *
 * Posts carry their own dates (published_at, relative to today), so the order of blogs.json
 * does not matter to the site. One is a draft and one is scheduled, to show the editorial
 * workflow. A post with pictures in its body is created as a draft with its files, then given
 * its body (which names the uploaded files) and published, so the rebuild hook sends one rebuild
 * for it. Testimonials are created before blogs, so a seed interrupted half-way leaves blogs
 * empty and is retried.
 *
 * @param {{ url: string, email: string, password: string, log?: Logger, seedDir?: string }} options
 * @returns {Promise<{ seeded: boolean, blogs: number, testimonials: number }>}
 */
export async function seedPocketBase({ url, email, password, log = () => {}, seedDir = SEED_DIR }) {
  const pb = new PocketBase(url);
  pb.autoCancellation(false);
  await pb.admins.authWithPassword(email, password);

  const existing = await pb.collection('blogs').getList(1, 1, { skipTotal: false });
  if (existing.totalItems > 0) {
    log(`PocketBase already has ${existing.totalItems} blog posts: seed skipped.`);
    return { seeded: false, blogs: 0, testimonials: 0 };
  }

  /** @type {SeedTestimonial[]} */
  const testimonials = JSON.parse(await readFile(path.join(seedDir, 'testimonials.json'), 'utf8'));
  /** @type {SeedBlog[]} */
  const blogs = JSON.parse(await readFile(path.join(seedDir, 'blogs.json'), 'utf8'));

  for (const item of testimonials) {
    const form = new FormData();
    form.append('quote', item.quote);
    form.append('author', item.author);
    form.append('position', item.position);
    form.append('company', item.company);
    form.append('published', 'true');
    if (item.avatar) form.append('avatar', await readSeedFile(item.avatar, seedDir));
    await pb.collection('testimonials').create(form);
  }
  for (const item of blogs) {
    const content = await readFile(path.join(seedDir, item.file), 'utf8');
    const publishing = seedPublishing(item);
    const images = item.images ?? [];
    const form = new FormData();
    form.append('title', item.title);
    if (item.banner) form.append('banner_image', await readSeedFile(item.banner, seedDir));
    if (item.bannerAlt) form.append('banner_alt', item.bannerAlt);
    if (item.excerpt) form.append('excerpt', item.excerpt);
    for (const image of images) form.append('images', await readSeedFile(image, seedDir));
    if (images.length === 0) {
      form.append('content', content);
      form.append('published', String(publishing.published));
      if (publishing.published_at) form.append('published_at', publishing.published_at);
      await pb.collection('blogs').create(form);
    } else {
      const record = await pb.collection('blogs').create(form);
      await pb
        .collection('blogs')
        .update(record.id, { content: pointAtUploads(content, record, images), ...publishing });
    }
  }
  const drafts = blogs.filter((item) => !seedPublishing(item).published).length;
  log(
    `Seeded PocketBase with ${blogs.length} blog posts (${drafts} draft, ` +
      `${blogs.filter((item) => item.scheduledInDays !== undefined).length} scheduled) and ` +
      `${testimonials.length} testimonials.`,
  );
  return {
    seeded: true,
    blogs: blogs.length,
    testimonials: testimonials.length,
  };
}

/**
 * The local PocketBase for `npm start`, `npm run dev`, `npm run pocketbase` and `npm run bench`
 * (used when POCKETBASE_URL is not set): data in the git-ignored `.pocketbase/`, port
 * POCKETBASE_PORT or 8090 (a free port if that one is taken), admin from
 * POCKETBASE_ADMIN_EMAIL / POCKETBASE_ADMIN_PASSWORD or the local-only defaults, seeded once.
 * Stops the server on exit, SIGINT and SIGTERM.
 *
 * @param {{ log?: Logger, dataDir?: string, seed?: boolean, hooksWatch?: boolean }} [options]
 * @returns {Promise<{ url: string, port: number, dataDir: string, stop: () => Promise<void>,
 *   adminEmail: string, adminPassword: string }>}
 */
export async function startLocalPocketBase({
  log = console.log,
  dataDir = LOCAL_DATA_DIR,
  seed = true,
  hooksWatch = false,
} = {}) {
  const wanted = Number(process.env.POCKETBASE_PORT || DEFAULT_LOCAL_PORT);
  if (!Number.isInteger(wanted) || wanted < 0 || wanted > 65535) {
    throw new Error(`POCKETBASE_PORT must be a port number, not "${process.env.POCKETBASE_PORT}".`);
  }
  let port = wanted;
  if (wanted !== 0 && !(await isPortFree(wanted))) {
    port = await getFreePort();
    log(`Port ${wanted} is taken: the local PocketBase uses port ${port} instead.`);
  }
  const adminEmail = process.env.POCKETBASE_ADMIN_EMAIL || LOCAL_ADMIN_EMAIL;
  const adminPassword = process.env.POCKETBASE_ADMIN_PASSWORD || LOCAL_ADMIN_PASSWORD;

  const server = await startPocketBase({ dataDir, port, hooksWatch });
  const cleanup = registerCleanup(server.stop);
  try {
    await ensureAdmin({
      url: server.url,
      dataDir,
      email: adminEmail,
      password: adminPassword,
    });
    if (seed)
      await seedPocketBase({
        url: server.url,
        email: adminEmail,
        password: adminPassword,
        log,
      });
  } catch (error) {
    await cleanup();
    throw error;
  }
  return {
    url: server.url,
    port: server.port,
    dataDir,
    stop: cleanup,
    adminEmail,
    adminPassword,
  };
}

/**
 * Stop the server when this process ends or is interrupted; returns the idempotent stop.
 * @param {() => Promise<void>} stop
 * @returns {() => Promise<void>}
 */
function registerCleanup(stop) {
  let stopping = /** @type {Promise<void> | null} */ (null);
  const onSignal = (/** @type {NodeJS.Signals} */ signal) => {
    // A script with its own handler for this signal decides when to exit (it awaits the same
    // stop); alone, we exit as Node would have without a handler.
    const othersHandle = process.listenerCount(signal) > 0;
    const stopped = (stopping ??= stop());
    if (!othersHandle) void stopped.finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  // 'exit' cannot await: the module-level exit hook SIGKILLs any child still alive.
  return () => {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    return (stopping ??= stop());
  };
}
