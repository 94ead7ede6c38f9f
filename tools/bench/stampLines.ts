/**
 * `node tools/bench/stampLines.ts <command> [args…]`: runs the command, and prints each line it
 * writes (stdout and stderr, colours removed) after the seconds since it started, for phases.ts.
 * Exits with the command's code. The bench's scale builds run through it, under hyperfine.
 */
import { spawn } from 'node:child_process';
import { stripVTControlCharacters } from 'node:util';

const [command, ...args] = process.argv.slice(2);
if (!command) throw new Error('usage: node tools/bench/stampLines.ts <command> [args…]');
const started = performance.now();
const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
const stamp = () => ((performance.now() - started) / 1000).toFixed(2).padStart(7);
for (const stream of [child.stdout, child.stderr]) {
  let rest = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines)
      process.stdout.write(`${stamp()} ${stripVTControlCharacters(line)}\n`);
  });
  stream.on(
    'end',
    () => rest && process.stdout.write(`${stamp()} ${stripVTControlCharacters(rest)}\n`),
  );
}
child.on('close', (code, signal) => {
  process.exitCode = code ?? (signal ? 1 : 0);
});
