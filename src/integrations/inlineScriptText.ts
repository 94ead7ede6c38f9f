/**
 * The project's inline scripts (src/scripts/inline/) as pages carry them: lowered to ES2020 and
 * minified, through their `?raw` imports, and the CSP hashes of that text for the policy
 * (security.csp.scriptDirective.hashes). inlineScripts.ts checks every built page against it.
 */
import { createHash } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { minifySync, transformWithOxc } from 'vite';

/** Every file here is an inline script the policy allows, and nothing else is. */
export const INLINE_SCRIPTS_DIR = fileURLToPath(new URL('../scripts/inline/', import.meta.url));

/**
 * A CSP hash of a script's text as browsers compute it (their HTML parser turns CRLF and CR
 * into LF first).
 */
export function sha256Of(text: string): `sha256-${string}` {
  const normalised = text.replace(/\r\n?/g, '\n');
  return `sha256-${createHash('sha256').update(normalised, 'utf8').digest('base64')}`;
}

/**
 * An inline script as pages carry it: minified, since every page repeats its bytes before the
 * first paint, and lowered to ES2020 at most. Vite's own Oxc does both, already loaded by the
 * build, where esbuild cost every build about 55 ms to load and start.
 */
export async function minifyInlineScript(source: string, file = 'inline.js'): Promise<string> {
  const lowered = await transformWithOxc(source, file, {
    lang: 'js',
    target: 'es2020',
    // Named, not imported: a classic inline script can import nothing, so a helper is refused.
    helpers: { mode: 'External' },
  });
  const helpers = [...new Set(lowered.code.match(/\bbabelHelpers\.\w+/g))];
  if (helpers.length)
    throw new Error(
      `${file}: its syntax is newer than ES2020, and an inline script cannot import the ` +
        `helpers that would lower it (${helpers.join(', ')}): write it without that syntax.`,
    );
  const { code, errors } = minifySync(file, lowered.code, { compress: { target: 'es2020' } });
  if (errors.length) throw new Error(`${file}: ${errors.map(({ message }) => message).join('; ')}`);
  return code.trim();
}

/** The hashes of the files of src/scripts/inline/, for security.csp.scriptDirective.hashes. */
export async function inlineScriptHashes(dir = INLINE_SCRIPTS_DIR): Promise<`sha256-${string}`[]> {
  const files = (await readdir(dir)).filter((name) => name.endsWith('.js'));
  return Promise.all(
    files.map(async (name) => {
      const file = path.join(dir, name);
      return sha256Of(await minifyInlineScript(await readFile(file, 'utf8'), file));
    }),
  );
}

/**
 * A Vite plugin: `import text from '@/scripts/inline/x.js?raw'` gives the minified text, the text
 * `inlineScriptHashes` hashes.
 */
export function minifiedInlineScripts(dir = INLINE_SCRIPTS_DIR) {
  return {
    name: 'ledgerwise-minified-inline-scripts',
    enforce: 'pre' as const,
    async load(id: string) {
      const [file, query] = id.split('?');
      if (query !== 'raw' || path.dirname(file) !== path.resolve(dir) || !file.endsWith('.js'))
        return null;
      const text = await minifyInlineScript(await readFile(file, 'utf8'), file);
      return `export default ${JSON.stringify(text)};`;
    },
  };
}
