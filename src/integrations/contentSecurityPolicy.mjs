// @ts-check
/**
 * Content-Security-Policy for the built pages, as a `<meta http-equiv>` in each page's head.
 *
 * After `astro build`, every HTML file gets its own policy: `script-src` and `style-src` allow
 * 'self' plus the SHA-256 hash of each inline `<script>` and `<style>` of that page (the theme
 * script, island bootstraps, `is:inline` scripts), so no 'unsafe-inline' is needed for scripts.
 * Hashing the finished HTML catches every inline script, which Astro 5.18's experimental CSP does
 * not (it skips `is:inline` scripts), and the meta goes right after `<meta charset>`, before the
 * first script, so the policy governs all of them.
 *
 * `connect-src` allows the EmailJS API origin the build was configured with
 * (PUBLIC_EMAILJS_API_ORIGIN, default https://api.emailjs.com): a test build that points the form
 * at a local endpoint gets a policy for that endpoint, without loosening the production policy.
 *
 * The response header in netlify.toml carries what a meta policy cannot (`frame-ancestors`) and
 * repeats the document-wide rules. Both policies apply and a request must pass both, so the header
 * deliberately has no fetch directives (no default-src, script-src or connect-src): those would
 * block the hashed inline scripts the meta policy allows.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadEnv } from 'vite';
import { DEFAULT_EMAIL_API_ORIGIN } from '../lib/emailjsConfig.ts';

// One home for EmailJS's default origin: the contact form's config module.
export { DEFAULT_EMAIL_API_ORIGIN };

/** Script types a browser executes; others (application/ld+json, …) are data, outside CSP. */
const EXECUTABLE_SCRIPT_TYPES = new Set([
  '',
  'module',
  'text/javascript',
  'application/javascript',
  'text/ecmascript',
  'application/ecmascript',
]);

/**
 * The policy's fixed directives. `script-src` and `style-src` get the page's hashes on top.
 * @param {{ emailjsOrigin: string }} options
 * @returns {[string, string[]][]}
 */
export function policyDirectives({ emailjsOrigin }) {
  return [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'"]],
    ['style-src', ["'self'"]],
    // Components set CSS custom properties in style attributes (define:vars, --marquee-duration);
    // attributes cannot run script, and hashes cannot cover them.
    ['style-src-attr', ["'unsafe-inline'"]],
    // Every picture, a post's included, is downloaded at build time and served from the site.
    ['img-src', ["'self'"]],
    ['font-src', ["'self'"]],
    ['connect-src', ["'self'", emailjsOrigin]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
  ];
}

/**
 * The origin of a URL setting, or the fallback when it is blank or not an http(s) URL.
 * @param {string | undefined} value
 * @param {string} fallback
 */
export function originOf(value, fallback) {
  const text = value?.trim();
  if (!text || !URL.canParse(text)) return fallback;
  const url = new URL(text);
  return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : fallback;
}

/**
 * The CSP source expression for an inline element's text, as browsers hash it (the HTML parser
 * turns CRLF and CR into LF first).
 * @param {string} text
 */
export function hashSource(text) {
  const normalised = text.replace(/\r\n?/g, '\n');
  return `'sha256-${createHash('sha256').update(normalised, 'utf8').digest('base64')}'`;
}

/** @param {string} attributes @param {string} name */
function attributeValue(attributes, name) {
  const match = new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(
    attributes,
  );
  return match ? (match[1] ?? match[2] ?? match[3] ?? '') : undefined;
}

/** @param {string} attributes @param {string} name */
function hasAttribute(attributes, name) {
  return new RegExp(`(?:^|\\s)${name}(?:\\s*=|\\s|$)`, 'i').test(attributes);
}

/**
 * Hashes of the page's inline scripts (executable types, no src) and inline style elements.
 * @param {string} html
 * @returns {{ scripts: string[], styles: string[] }}
 */
export function findInlineHashes(html) {
  const scripts = new Set();
  const styles = new Set();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const [, attributes, text] = match;
    if (hasAttribute(attributes, 'src')) continue;
    const type = (attributeValue(attributes, 'type') ?? '').trim().toLowerCase();
    if (!EXECUTABLE_SCRIPT_TYPES.has(type)) continue;
    scripts.add(hashSource(text));
  }
  for (const match of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi)) {
    styles.add(hashSource(match[1]));
  }
  return { scripts: [...scripts], styles: [...styles] };
}

/**
 * @param {[string, string[]][]} directives
 * @param {{ scripts: string[], styles: string[] }} hashes
 */
export function renderPolicy(directives, hashes) {
  return directives
    .map(([name, sources]) => {
      const extra =
        name === 'script-src' ? hashes.scripts : name === 'style-src' ? hashes.styles : [];
      return [name, ...sources, ...extra].join(' ');
    })
    .join('; ');
}

const CSP_META = /<meta\s[^>]*http-equiv\s*=\s*["']?content-security-policy/i;

/**
 * Inserts the policy meta right after `<meta charset>` (which must stay in the first 1024
 * bytes), else right after `<head>`. HTML without a head is returned unchanged.
 * @param {string} html
 * @param {string} policy
 */
export function addPolicyMeta(html, policy) {
  if (CSP_META.test(html)) {
    throw new Error(
      'The page already has a CSP meta element: turn off experimental.csp, this integration writes the policy.',
    );
  }
  const meta = `<meta http-equiv="content-security-policy" content="${policy.replace(/"/g, '&quot;')}">`;
  const charset = /<meta\s+charset\s*=[^>]*>/i.exec(html);
  if (charset) {
    const end = charset.index + charset[0].length;
    return html.slice(0, end) + meta + html.slice(end);
  }
  const head = /<head(\s[^>]*)?>/i.exec(html);
  if (!head) return html;
  const end = head.index + head[0].length;
  return html.slice(0, end) + meta + html.slice(end);
}

/**
 * The whole transformation of one page.
 * @param {string} html
 * @param {[string, string[]][]} directives
 */
export function applyPolicy(html, directives) {
  if (!/<head[\s>]/i.test(html)) return html;
  return addPolicyMeta(html, renderPolicy(directives, findInlineHashes(html)));
}

/** @param {string} dir @returns {AsyncGenerator<string>} */
async function* htmlFiles(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* htmlFiles(file);
    else if (entry.isFile() && entry.name.endsWith('.html')) yield file;
  }
}

/**
 * @param {{ emailjsOrigin?: string }} [options] Defaults to PUBLIC_EMAILJS_API_ORIGIN (process
 *   environment, then .env files), then EmailJS's own API.
 * @returns {import('astro').AstroIntegration}
 */
export default function contentSecurityPolicy(options = {}) {
  /** @type {string} */
  let emailjsOrigin = DEFAULT_EMAIL_API_ORIGIN;
  return {
    name: 'ledgerwise-content-security-policy',
    hooks: {
      'astro:config:setup': ({ config }) => {
        const fromFiles = loadEnv('production', fileURLToPath(config.root), 'PUBLIC_');
        emailjsOrigin = originOf(
          options.emailjsOrigin ??
            process.env.PUBLIC_EMAILJS_API_ORIGIN ??
            fromFiles.PUBLIC_EMAILJS_API_ORIGIN,
          DEFAULT_EMAIL_API_ORIGIN,
        );
      },
      'astro:build:done': async ({ dir, logger }) => {
        const directives = policyDirectives({ emailjsOrigin });
        let pages = 0;
        for await (const file of htmlFiles(fileURLToPath(dir))) {
          const html = await readFile(file, 'utf8');
          const updated = applyPolicy(html, directives);
          if (updated !== html) {
            await writeFile(file, updated);
            pages += 1;
          }
        }
        logger.info(
          `Content-Security-Policy written into ${pages} pages (connect-src ${emailjsOrigin}).`,
        );
      },
    },
  };
}
