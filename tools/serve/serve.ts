#!/usr/bin/env node
/**
 * `npm run serve [folder]`: serves a built site (default dist/) with netlify.toml's headers and
 * rules.
 */
// First: the Node check and the .env files, before anything reads them.
import { toolEnv } from '../shared/env.ts';
import path from 'node:path';
import { existsSync } from 'node:fs';
import { PROJECT_ROOT } from '../shared/paths.ts';
import { startStaticServer } from './staticServer.ts';

const root = path.resolve(process.argv[2] ?? path.join(PROJECT_ROOT, 'dist'));
if (!existsSync(path.join(root, 'index.html'))) {
  console.error(`No built site in ${root}. Run "npm start" (or "npm run build") first.`);
  process.exit(1);
}
const port = toolEnv().PORT;
const server = await startStaticServer({ root, port });
console.log(
  `Serving ${path.relative(process.cwd(), root) || '.'} at ${server.url.replace('127.0.0.1', 'localhost')}`,
);

const stop = async () => {
  await server.close();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
