/**
 * At the end of `astro build`, a summary of what the build left out of or changed in the
 * editors' content (a picture it could not fetch, an embed, a script), one line per post and
 * problem, for Netlify's log and the rebuild listener's output, where editors and developers look.
 * The content loaders collect the lines (src/cms/warnings.ts) and log each as it happens.
 */
import type { AstroIntegration } from 'astro';
import { CONTENT_WARNINGS_KEY } from '../config/contentWarnings.ts';

/** The summary's first line; the rebuild listener and `npm start` look for it. */
const CONTENT_WARNINGS_HEADING = 'Content warnings for the editors';

function collectedWarnings(): string[] {
  const scope = globalThis as { [CONTENT_WARNINGS_KEY]?: Map<string, string[]> };
  const registry = scope[CONTENT_WARNINGS_KEY];
  return registry ? [...registry.values()].flat() : [];
}

/** Line breaks, controls (terminal escapes included) and the Unicode line separators. */
const BREAKS_LINES = /[\p{Cc}\u2028\u2029]/gu;
const SHORT_ESCAPES: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** A warning on one line: an editor's title holding "\n  - …" must not write a line of its own. */
function oneLine(line: string): string {
  return line.replace(
    BREAKS_LINES,
    (char) => SHORT_ESCAPES[char] ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** The summary, or undefined when nothing was left out. */
export function formatContentWarnings(lines: string[]): string | undefined {
  if (lines.length === 0) return undefined;
  return [
    `${CONTENT_WARNINGS_HEADING} (${lines.length}):`,
    ...lines.map((line) => `  - ${oneLine(line)}`),
  ].join('\n');
}

/**
 * The summary in a build's output, for `npm start` and the rebuild listener, which print each
 * build's warnings, not only a failed build's output.
 */
export function findContentWarnings(output: string): string | undefined {
  const start = output.indexOf(CONTENT_WARNINGS_HEADING);
  if (start < 0) return undefined;
  const [heading, ...rest] = output.slice(start).split('\n');
  const end = rest.findIndex((line) => !line.startsWith('  - '));
  return [heading, ...(end < 0 ? rest : rest.slice(0, end))].join('\n');
}

export default function contentWarnings(): AstroIntegration {
  return {
    name: 'ledgerwise-content-warnings',
    hooks: {
      'astro:build:done': ({ logger }) => {
        const summary = formatContentWarnings(collectedWarnings());
        if (summary) logger.warn(summary);
        else logger.info('No content warnings: every post is shown as its editor wrote it.');
      },
    },
  };
}
