/**
 * netlify.toml's [[headers]] and [[redirects]], and a built site's own _redirects file, read by
 * Netlify's own parsers.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { parseAllHeaders } from '@netlify/headers-parser';
import type { Header } from '@netlify/headers-parser';
import { parseAllRedirects } from '@netlify/redirect-parser';
import { PROJECT_ROOT } from '../shared/paths.ts';

export const NETLIFY_TOML = path.join(PROJECT_ROOT, 'netlify.toml');

/** The redirects file a build writes into the site (src/pages/[_redirects].ts). */
export const REDIRECTS_FILE = '_redirects';

/** Netlify's redirect paths: `*` matches the rest, `:name` one segment. */
export function compilePattern(pattern: string): RegExp {
  const source = pattern
    .replace(/\/+$/, '')
    .split('/')
    .map((part) => {
      if (part === '*') return '(?<splat>.*)';
      if (part.startsWith(':')) return `(?<${part.slice(1)}>[^/]+)`;
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return new RegExp(`^${source}/?$`);
}

/** A [[redirects]] rule as Netlify's parser gives it. */
interface ParsedRedirect {
  from: string;
  to: string;
  status?: number;
  force: boolean;
}
interface Redirect extends ParsedRedirect {
  status: number;
  match: RegExp;
}
export interface NetlifyRules {
  headers: Header[];
  redirects: Redirect[];
}

/**
 * The [[headers]] and [[redirects]] of a netlify.toml (none when it is absent), and the rules of a
 * _redirects file (none when absent) before them, as Netlify orders them; parsed and checked by
 * Netlify's parsers: a rule Netlify would refuse stops the server from starting.
 */
export async function loadNetlifyRules(
  file = NETLIFY_TOML,
  redirectsFile?: string,
): Promise<NetlifyRules> {
  const options = { netlifyConfigPath: file, minimal: false };
  const [headers, redirects] = await Promise.all([
    parseAllHeaders({ ...options, headersFiles: [], configHeaders: [] }),
    parseAllRedirects({
      ...options,
      redirectsFiles: redirectsFile ? [redirectsFile] : [],
      configRedirects: [],
    }),
  ]);
  const errors = [...headers.errors, ...redirects.errors];
  if (errors.length > 0) throw new AggregateError(errors, errors.map((e) => e.message).join('\n'));
  // Checked and normalised by the parsers, whose types are looser: not `minimal`, every header
  // rule has its forRegExp; redirects are typed unknown.
  return {
    headers: headers.headers as Header[],
    redirects: (redirects.redirects as ParsedRedirect[]).map((rule) => ({
      ...rule,
      match: compilePattern(rule.from),
      status: rule.status ?? 301,
    })),
  };
}

/**
 * A site's redirects, its _redirects file's and then netlify.toml's, by the site's folder: read
 * again when the file changes (a rebuild, or a release swapped in), else reused.
 */
export function siteRedirects(file = NETLIFY_TOML): (siteRoot: string) => Promise<Redirect[]> {
  let last: { key: string; redirects: Promise<Redirect[]> } | undefined;
  return async (siteRoot) => {
    const redirectsFile = path.join(siteRoot, REDIRECTS_FILE);
    const info = await stat(redirectsFile).catch(() => undefined);
    const key = JSON.stringify([redirectsFile, info?.ino, info?.mtimeMs, info?.size]);
    if (last?.key !== key) {
      const redirects = loadNetlifyRules(file, redirectsFile).then((rules) => rules.redirects);
      last = { key, redirects };
    }
    return last.redirects;
  };
}

/** The headers netlify.toml gives a path: every matching rule's, later rules winning. */
export function headersFor(rules: NetlifyRules, pathname: string): Record<string, string> {
  const matching = rules.headers.filter((rule) => rule.forRegExp.test(pathname));
  return Object.assign({}, ...matching.map((rule) => rule.values));
}
