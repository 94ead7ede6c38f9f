/**
 * The Node check every command runs first (through envFiles.ts, which astro.config.ts and every
 * tool import first): on an older Node the tools fail later with obscure errors (a missing
 * `process.loadEnvFile`, a syntax error deep in a dependency), so the command stops at once with
 * one line saying what to install.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';

const PACKAGE_JSON = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../package.json',
);

/**
 * Why `version` (such as `process.version`, "v20.19.5") cannot run the project, in one line, or
 * null when it satisfies `range` (package.json's `engines.node`).
 */
export function nodeVersionProblem(version: string, range: string): string | null {
  if (semver.satisfies(version, range)) return null;
  return (
    `Ledgerwise needs Node ${range} (package.json "engines"), but this is Node ` +
    `${semver.clean(version) ?? version}: run it through npm (\`npm run …\` or \`npx …\`), which ` +
    "uses the project's own Node (node_modules/.bin/node, which `npm ci` installs)."
  );
}

/** Stops the process with that one line when this Node is outside package.json's engines.node. */
export function assertSupportedNode(): void {
  const { engines } = JSON.parse(readFileSync(PACKAGE_JSON, 'utf8'));
  const problem = nodeVersionProblem(process.version, engines.node);
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
}
