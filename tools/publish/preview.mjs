#!/usr/bin/env node
/** `npm run preview`: serves the built site (dist/) with netlify.toml's headers and rules. */
import '../shared/env.mjs'; // first: the Node check and the .env files, before anything reads them
import path from 'node:path';
import { existsSync } from 'node:fs';
import { defaultOutDir } from './build.mjs';
import { startStaticServer } from './server.mjs';

const root = process.argv[2] ? path.resolve(process.argv[2]) : defaultOutDir();
if (!existsSync(path.join(root, 'index.html'))) {
  console.error(`No built site in ${root}. Run "npm start" (or "npm run build") first.`);
  process.exit(1);
}
const port = Number(process.env.PORT || 4321);
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
