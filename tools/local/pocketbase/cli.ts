/**
 * `npm run pocketbase`. Without ARGS: the local PocketBase (localServer.ts: data in .pocketbase/,
 * seeded once) until Ctrl-C. With `-- ARGS`: the project's PocketBase binary with PocketBase's own
 * arguments, built or downloaded first when it is missing (`-- --version`, `-- superuser upsert
 * EMAIL PASSWORD --dir .pocketbase`, `-- serve --http … --dir … --migrationsDir … --hooksDir …`).
 * Give every command that opens data its `--dir`: without one PocketBase uses pb_data beside the
 * binary, inside node_modules/.cache, which the next build leaves behind.
 */
import '../../shared/env.ts'; // first: the Node check and the .env files, before anything reads them
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { resolvePocketBaseBinary } from './binary.ts';
import { startLocalPocketBase } from './localServer.ts';

/** Runs the binary with `args` as a plain CLI would, and exits with its code. */
async function runBinary(args: string[]) {
  // Messages about getting the binary go to stderr: stdout is PocketBase's own.
  const bin = await resolvePocketBaseBinary({ log: console.error });
  const child = spawn(bin, args, { stdio: 'inherit' });
  // Ctrl-C reaches PocketBase itself (the terminal signals the whole group): wait for it to stop.
  // A SIGTERM is sent to this process alone: pass it on.
  process.on('SIGINT', () => {});
  process.on('SIGTERM', () => child.kill('SIGTERM'));
  child.once('error', (error) => {
    console.error(`Could not run ${bin}: ${error.message}`);
    process.exit(1);
  });
  child.once('exit', (code, signal) => {
    process.exit(code ?? 128 + (signal ? constants.signals[signal] : 0));
  });
}

async function runLocalServer() {
  const local = await startLocalPocketBase({
    log: console.log,
    // Hook authors edit pocketbase/pb_hooks while this runs: reload them in place.
    hooksWatch: true,
  });
  console.log(`PocketBase API:      ${local.url}/api/`);
  console.log(`PocketBase admin UI: ${local.url}/_/  (${local.superuser.email})`);
  console.log(`Preview account:     ${local.previewReader.email} (PREVIEW_DRAFTS=1 reads with it)`);
  console.log(`Data folder:         ${local.dataDir}`);
  console.log('Press Ctrl-C to stop.');
  // The running server keeps this process alive; on Ctrl-C (or SIGTERM) stop it gracefully, then
  // exit as Node would have without a handler.
  process.once('SIGINT', () => void local.stop().finally(() => process.exit(130)));
  process.once('SIGTERM', () => void local.stop().finally(() => process.exit(143)));
}

const args = process.argv.slice(2);
try {
  await (args.length > 0 ? runBinary(args) : runLocalServer());
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
