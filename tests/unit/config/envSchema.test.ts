/**
 * One home for the environment: every variable the site, its integrations or the tools read is
 * declared (src/config/envSchema.ts for the build, tools/shared/env.ts for the tools) and
 * explained in .env.example, and every variable .env.example explains is read by someone.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENV_SCHEMA, readEnv } from '@/config/envSchema.ts';
import { TOOL_ENV_SCHEMA } from '../../../tools/shared/env.ts';
import { PROJECT_ROOT } from '../../../tools/shared/paths.ts';
import { listFiles } from '../../support/files';

const DECLARED = new Set([...Object.keys(ENV_SCHEMA), ...Object.keys(TOOL_ENV_SCHEMA)]);
/** Set by the tools for the processes they start, or by Node and CI themselves; read by nobody. */
const NOT_PROJECT_SETTINGS = new Set(['NODE_ENV', 'CI', 'ASTRO_TELEMETRY_DISABLED']);
const NAME = '[A-Z][A-Z0-9_]*';

async function sources(...folders: string[]): Promise<{ file: string; text: string }[]> {
  const files = [
    ...(
      await Promise.all(folders.map((folder) => listFiles(path.join(PROJECT_ROOT, folder))))
    ).flat(),
    path.join(PROJECT_ROOT, 'astro.config.ts'),
  ].filter((file) => /\.(m?js|tsx?|astro)$/.test(file));
  return Promise.all(files.map(async (file) => ({ file, text: await readFile(file, 'utf8') })));
}

/** Every variable a file reads: process.env.X, astro:env imports, and the readers' results. */
function readsOf(text: string): string[] {
  const names = [
    ...text.matchAll(new RegExp(`process\\.env\\.(${NAME})`, 'g')),
    ...text.matchAll(new RegExp(`process\\.env\\[['"](${NAME})['"]\\]`, 'g')),
    ...text.matchAll(new RegExp(`\\b(?:buildEnv|toolEnv)\\(\\)\\.(${NAME})`, 'g')),
  ].map((match) => match[1]);
  const lists = [
    ...text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'astro:env\/(?:client|server)'/g),
    ...text.matchAll(/const\s*\{([^}]*)\}\s*=\s*(?:buildEnv|toolEnv|readEnv)\(/g),
  ];
  for (const [, list] of lists)
    names.push(...list.split(',').map((name) => name.split(':')[0].trim()));
  for (const [, variable] of text.matchAll(/const (\w+) = (?:buildEnv|toolEnv)\(\);/g)) {
    names.push(
      ...[...text.matchAll(new RegExp(`\\b${variable}\\.(${NAME})`, 'g'))].map((m) => m[1]),
    );
  }
  return names.filter(Boolean);
}

async function exampleNames(): Promise<string[]> {
  const text = await readFile(path.join(PROJECT_ROOT, '.env.example'), 'utf8');
  return [...text.matchAll(new RegExp(`^(${NAME})=`, 'gm'))].map((match) => match[1]);
}

describe('the environment', () => {
  it('declares every variable that src/, tools/ and astro.config.ts read', async () => {
    const undeclared = (await sources('src', 'tools')).flatMap(({ file, text }) =>
      readsOf(text)
        .filter((name) => !DECLARED.has(name) && !NOT_PROJECT_SETTINGS.has(name))
        .map((name) => `${path.relative(PROJECT_ROOT, file)}: ${name}`),
    );
    expect(undeclared).toEqual([]);
  });

  it('explains every declared variable in .env.example, and nothing nobody reads', async () => {
    const example = await exampleNames();
    expect([...DECLARED].filter((name) => !example.includes(name))).toEqual([]);
    const hooks = (await sources('pocketbase/pb_hooks')).map(({ text }) => text).join('\n');
    const hookVariables = [...hooks.matchAll(/'(SITE_[A-Z0-9_]+)'/g)].map((m) => m[1]);
    // PocketBase's Go program (pocketbase/settings.go) names the settings it reads as constants.
    const goFiles = (await listFiles(path.join(PROJECT_ROOT, 'pocketbase'))).filter((file) =>
      file.endsWith('.go'),
    );
    const go = (await Promise.all(goFiles.map((file) => readFile(file, 'utf8')))).join('\n');
    const serverVariables = [...go.matchAll(/"(POCKETBASE_[A-Z0-9_]+)"/g)].map((m) => m[1]);
    expect(serverVariables).not.toEqual([]);
    const readByPocketBase = new Set([...hookVariables, ...serverVariables]);
    expect(example.filter((name) => !DECLARED.has(name) && !readByPocketBase.has(name))).toEqual(
      [],
    );
  });

  it('reads a blank value as not set, and names every invalid variable with what it expects', () => {
    expect(
      readEnv(ENV_SCHEMA, { PREVIEW_DRAFTS: ' ', POCKETBASE_TIMEOUT_SECONDS: '' }),
    ).toMatchObject({ PREVIEW_DRAFTS: '0', POCKETBASE_TIMEOUT_SECONDS: 30, LOCAL_BUILD: false });
    expect(() =>
      readEnv(ENV_SCHEMA, {
        PREVIEW_DRAFTS: 'yes',
        POCKETBASE_TIMEOUT_SECONDS: '0',
        SITE_URL: 'x',
      }),
    ).toThrow(
      'Invalid environment variables: SITE_URL="x" (an absolute URL); ' +
        'POCKETBASE_TIMEOUT_SECONDS="0" (a number above 0); PREVIEW_DRAFTS="yes" (one of 0, 1).',
    );
  });
});
