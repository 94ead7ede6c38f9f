/**
 * Runs a command whose every process can be stopped at once, with bounded output. A build spawns
 * helpers of its own (esbuild, image workers): with `detached` the command leads a new process
 * group, and a timeout or an abort signals the whole group (SIGTERM, then SIGKILL after a grace).
 * Output is kept as a tail of at most `maxOutputChars`, so endless output cannot exhaust memory.
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
 */
export function createTail(max: number) {
  let chunks: string[] = [];
  let length = 0;
  let dropped = false;
  const compact = () => {
    const joined = chunks.join('');
    chunks = [joined.slice(-max)];
    if (joined.length > max) dropped = true;
    length = chunks[0].length;
  };
  return {
    push(text: string): void {
      chunks.push(text);
      length += text.length;
      if (length > 2 * max) compact();
    },
    /** The tail, marked when earlier output was dropped. */
    text(): string {
      compact();
      return dropped ? `[…earlier output dropped…]\n${chunks[0]}` : chunks[0];
    },
  };
}

function groupExists(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

export interface ProcessResult {
  /** Exit code; null when a signal ended the command. */
  code: number | null;
  /** The tail of stdout and stderr, interleaved as they arrived. */
  output: string;
  /** The timeout expired and the group was stopped. */
  timedOut: boolean;
  /** The abort signal fired and the group was stopped. */
  aborted: boolean;
}

export interface ProcessGroupOptions {
  command: string;
  args: string[];
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** Lead a new process group (required for timeoutMs/signal). */
  detached?: boolean;
  /** Stop the group after this long. */
  timeoutMs?: number;
  /** Stop the group when this fires. */
  signal?: AbortSignal;
  /** Between SIGTERM and SIGKILL (default 5 s). */
  killGraceMs?: number;
  maxOutputChars?: number;
}

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
}: ProcessGroupOptions): Promise<ProcessResult> {
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
    const tail = createTail(maxOutputChars);
    for (const stream of [child.stdout, child.stderr]) {
      stream?.setEncoding('utf8');
      stream?.on('data', (chunk) => tail.push(chunk));
    }
    let timedOut = false;
    let aborted = false;
    /** Settles when nothing of the group is left: gone after SIGTERM, or SIGKILLed after the grace. */
    let stopped: Promise<void> | undefined;
    const stopGroup = (why: 'timeout' | 'abort') => {
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
