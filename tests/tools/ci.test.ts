/**
 * What CI runs is what the docs promise: `.ci/run` runs `npm run check` (types, ESLint with the
 * layer rule, Prettier, the package audit) before `npm test`, the layer rule refuses an upward
 * import wherever it is planted, src/lib refuses I/O, and components read no content.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import packageJson from '../../package.json' with { type: 'json' };
import { PROJECT_ROOT } from '../../tools/shared/paths.ts';

describe('CI', () => {
  it('runs the checks, then the tests', async () => {
    const script = await readFile(path.join(PROJECT_ROOT, '.ci/run'), 'utf8');
    const commands = script.split('\n').filter((line) => /^npm (run check|test)\b/.test(line));
    expect(commands).toEqual(['npm run check', 'npm test']);
    expect(packageJson.scripts.check.split(' && ')).toEqual([
      'astro check',
      'eslint .',
      'prettier --check .',
      'npm run knip',
    ]);
  });

  it.each([
    ['src/lib/planted.ts', "import { SITE } from '@/config/site';\nimport '@/cms/queries';"],
    ['src/config/planted.ts', "import { LIMITS } from '../lib/formatDate';"],
    ['src/cms/planted.ts', "import Header from '@/components/layout/Header.astro';"],
    ['src/components/ui/planted.ts', "import PostCard from '@/components/blog/PostCard.astro';"],
  ])('refuses an upward import planted in %s', async (filePath, code) => {
    expect(await ruleIds(filePath, code)).toContain('import-x/no-restricted-paths');
  });

  it.each([
    ["import { readFile } from 'node:fs/promises';", '@typescript-eslint/no-restricted-imports'],
    ["import { request } from 'undici';", '@typescript-eslint/no-restricted-imports'],
    ["import { SITE_URL } from 'astro:env/server';", '@typescript-eslint/no-restricted-imports'],
    ["import { SITE_ORIGIN } from '../config/env';", 'import-x/no-restricted-paths'],
    ["import { sendContactMessage } from '@/scripts/sendMessage';", 'import-x/no-restricted-paths'],
    ["export const get = () => fetch('https://example.com');", 'no-restricted-globals'],
    ['export const url = process.env.SITE_URL;', 'no-restricted-properties'],
  ])('refuses I/O planted in src/lib: %s', async (code, ruleId) => {
    expect(await ruleIds('src/lib/planted.ts', code)).toContain(ruleId);
  });

  it.each([
    ['src/components/blog/planted.ts', "import { getCollection } from 'astro:content';"],
    ['src/components/blog/planted.ts', "import { hasSearchablePosts } from '@/cms/queries';"],
    ['src/components/blog/planted.ts', "import { getPostCards } from '@/cms/queries.ts';"],
    ['src/components/blog/planted.ts', "import { getTestimonials } from '../../cms/queries';"],
    ['src/components/blog/Planted.astro', "---\nimport { getNamed } from '@/cms/queries';\n---"],
    ['src/layouts/Planted.astro', "---\nimport { getCollection } from 'astro:content';\n---"],
  ])('refuses a layout or component that reads content itself: %s: %s', async (filePath, code) => {
    expect(await ruleIds(filePath, code)).toContain('@typescript-eslint/no-restricted-imports');
    // What it is given, it may name by type.
    const typeOnly = code.replace(
      /^import \{ (\w+) \}(.*)$/m,
      'import type { $1 }$2\nexport type T = $1;',
    );
    expect(await ruleIds(filePath, typeOnly)).toEqual([]);
  });

  it('lets src/lib import its pure configuration', async () => {
    expect(await ruleIds('src/lib/planted.ts', "export { SITE } from '@/config/site';")).toEqual(
      [],
    );
  });
});

/** The rules ESLint, as `npm run check` runs it, reports for `code` at `filePath`. */
async function ruleIds(filePath: string, code: string) {
  const [result] = await new ESLint({ cwd: PROJECT_ROOT }).lintText(`${code}\n`, {
    filePath: path.join(PROJECT_ROOT, filePath),
  });
  return result.messages.map((message) => message.ruleId);
}
