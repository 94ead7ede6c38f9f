/**
 * Runs a command whose every process can be stopped at once, with bounded output.
 *
 * A build spawns helpers of its own (esbuild's service, image workers): stopping only the
 * process we started would leave them running. With `detached` the command leads a new process
 * group, and a timeout or an abort signals the whole group: SIGTERM first, then SIGKILL for
 * whatever is still there after a grace period.
 *
 * Output is kept as a tail of at most `maxOutputChars` characters while it arrives, so a command
 * that prints without end cannot exhaust the caller's memory.
 */
import { spawn } from 'node:child_process';

/** 1 MB: the last lines of a failure, and every line of a 5,000-page build's log. */
const DEFAULT_MAX_OUTPUT_CHARS = 1_000_000;
const DEFAULT_KILL_GRACE_MS = 5_000;
/** How often a stopped group is checked for leftovers during its grace period. */
const GROUP_POLL_MS = 100;

/**
 * A string that keeps only its last `max` characters. Chunks are collected and cut down when
 * they exceed twice the limit, so appending stays cheap and memory stays within 2 × max.
 * @param {number} max
 */
export function createTail(max) {
  /** @type {string[]} */
  let chunks = [];
  let length = 0;
  let dropped = false;
  const compact = () => {
    const joined = chunks.join('');
    chunks = [joined.slice(-max)];
    if (joined.length > max) dropped = true;
    length = chunks[0].length;
  };
  return {
    /** @param {string} text */
    push(text) {
      chunks.push(text);
      length += text.length;
      if (length > 2 * max) compact();
    },
    /** The tail, marked when earlier output was dropped. */
    text() {
      compact();
      return dropped ? `[…earlier output dropped…]\n${chunks[0]}` : chunks[0];
    },
  };
}

/** @param {number} pid */
function groupExists(pid) {
  try {
    process.kill(-pid, 0);
    return true;
  } catch (error) {
    return /** @type {NodeJS.ErrnoException} */ (error).code === 'EPERM';
  }
}

/** @param {number} pid @param {NodeJS.Signals} signal */
function signalGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'ESRCH') throw error;
  }
}

/**
 * @typedef {object} ProcessResult
 * @property {number | null} code Exit code; null when a signal ended the command.
 * @property {string} output The tail of stdout and stderr, interleaved as they arrived.
 * @property {boolean} timedOut The timeout expired and the group was stopped.
 * @property {boolean} aborted The abort signal fired and the group was stopped.
 */

/**
 * @param {object} options
 * @param {string} options.command
 * @param {string[]} options.args
 * @param {string} [options.cwd]
 * @param {NodeJS.ProcessEnv} [options.env]
 * @param {boolean} [options.detached] Lead a new process group (required for timeoutMs/signal).
 * @param {number} [options.timeoutMs] Stop the group after this long.
 * @param {AbortSignal} [options.signal] Stop the group when this fires.
 * @param {number} [options.killGraceMs] Between SIGTERM and SIGKILL (default 5 s).
 * @param {number} [options.maxOutputChars]
 * @param {(child: import('node:child_process').ChildProcess) => void} [options.onSpawn]
 * @returns {Promise<ProcessResult>}
 */
export function runProcessGroup({
  command,
  args,
  cwd,
  env,
  detached = false,
  timeoutMs,
  signal,
  killGraceMs = DEFAULT_KILL_GRACE_MS,
  maxOutputChars = DEFAULT_MAX_OUTPUT_CHARS,
  onSpawn,
}) {
  if ((timeoutMs !== undefined || signal) && !detached) {
    throw new Error('runProcessGroup: a timeout or an abort signal needs detached: true.');
  }
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      env,
      detached,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    onSpawn?.(child);
    const tail = createTail(maxOutputChars);
    for (const stream of [child.stdout, child.stderr]) {
      stream?.setEncoding('utf8');
      stream?.on('data', (chunk) => tail.push(chunk));
    }
    let timedOut = false;
    let aborted = false;
    /** Settles when nothing of the group is left: gone after SIGTERM, or SIGKILLed after the grace. */
    /** @type {Promise<void> | undefined} */
    let stopped;
    const stopGroup = (/** @type {'timeout' | 'abort'} */ why) => {
      if (stopped || child.pid === undefined) return;
      if (why === 'timeout') timedOut = true;
      else aborted = true;
      const pid = child.pid;
      signalGroup(pid, 'SIGTERM');
      const deadline = Date.now() + killGraceMs;
      stopped = new Promise((done) => {
        const check = () => {
          if (!groupExists(pid)) return done();
          if (Date.now() < deadline) return void setTimeout(check, GROUP_POLL_MS);
          signalGroup(pid, 'SIGKILL');
          done();
        };
        setTimeout(check, GROUP_POLL_MS);
      });
    };
    const timeout =
      timeoutMs === undefined ? undefined : setTimeout(() => stopGroup('timeout'), timeoutMs);
    const onAbort = () => stopGroup('abort');
    if (signal?.aborted) queueMicrotask(onAbort);
    else signal?.addEventListener('abort', onAbort, { once: true });

    const finish = () => {
      clearTimeout(timeout);
      signal?.removeEventListener('abort', onAbort);
    };
    child.once('error', (error) => {
      finish();
      reject(error);
    });
    child.once('close', async (code) => {
      finish();
      // A stopped group is reported only once nothing of it is left.
      if (stopped) await stopped;
      resolve({ code, output: tail.text(), timedOut, aborted });
    });
  });
}
