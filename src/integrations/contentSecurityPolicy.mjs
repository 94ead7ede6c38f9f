// @ts-check
/**
 * Content-Security-Policy for the built pages, as a `<meta http-equiv>` in each page's head.
 *
 * After `astro build`, every HTML file gets its own policy: `script-src` and `style-src` allow
 * 'self' plus the SHA-256 hash of each inline `<script>` and `<style>` of that page, so no
 * 'unsafe-inline' is needed for scripts. The meta goes right after `<meta charset>`, before the
 * first script, so the policy governs all of them.
 *
 * Only scripts the source defines are hashed (trustedScripts.mjs): the build fails when a page
 * holds any other inline script, or a script or style element inside an article body.
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
import { ENV_SCHEMA, readEnv } from '../config/envSchema.mjs';
import { ISLAND_SCRIPTS, collectInlineScripts, inspectPage } from './trustedScripts.mjs';

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

/** The search box's form (components/blog/SearchForm.astro). */
const SEARCH_BOX = /<form\b[^>]*\bdata-search\b/i;

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
 * The whole transformation of one page: its policy, or the problems that must fail the build.
 * @param {string} html
 * @param {[string, string[]][]} directives
 * @param {ReadonlySet<string>} trusted Texts of the inline scripts the source defines.
 * @returns {{ html: string, problems: string[] }}
 */
export function applyPolicy(html, directives, trusted) {
  if (!/<head[\s>]/i.test(html)) return { html, problems: [] };
  const { scripts, styles, problems } = inspectPage(html, trusted);
  if (problems.length) return { html, problems };
  const hashes = { scripts: scripts.map(hashSource), styles: styles.map(hashSource) };
  // The blog's search (Pagefind) runs its index in WebAssembly: pages with the search box may
  // compile WebAssembly, which is not eval of JavaScript. No other page may.
  if (SEARCH_BOX.test(html)) hashes.scripts.unshift("'wasm-unsafe-eval'");
  return { html: addPolicyMeta(html, renderPolicy(directives, hashes)), problems };
}

/** EmailJS's own API: PUBLIC_EMAILJS_API_ORIGIN's default. */
export const DEFAULT_EMAIL_API_ORIGIN = /** @type {string} */ (
  ENV_SCHEMA.PUBLIC_EMAILJS_API_ORIGIN.default
);

/**
 * @param {{ emailjsOrigin?: string }} [options] Defaults to PUBLIC_EMAILJS_API_ORIGIN.
 * @returns {import('astro').AstroIntegration}
 */
export default function contentSecurityPolicy(options = {}) {
  let emailjsOrigin = DEFAULT_EMAIL_API_ORIGIN;
  /** Texts of every inline script the source defines, filled while the build runs. */
  /** @type {Set<string>} */
  const trusted = new Set(ISLAND_SCRIPTS);
  return {
    name: 'ledgerwise-content-security-policy',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        emailjsOrigin = originOf(
          options.emailjsOrigin ?? readEnv(ENV_SCHEMA).PUBLIC_EMAILJS_API_ORIGIN,
          DEFAULT_EMAIL_API_ORIGIN,
        );
        updateConfig({ vite: { plugins: [collectInlineScripts(trusted)] } });
      },
      // Every client directive Astro may inline (built-in and custom) and the bundled scripts it
      // inlines instead of linking, exactly as it will write them into the pages.
      'astro:build:ssr': ({ manifest }) => {
        for (const [, code] of manifest.clientDirectives) trusted.add(code);
        for (const [, code] of manifest.inlinedScripts) trusted.add(code);
      },
      'astro:build:done': async ({ dir, logger }) => {
        const directives = policyDirectives({ emailjsOrigin });
        const root = fileURLToPath(dir);
        let pages = 0;
        /** @type {string[]} */
        const problems = [];
        const entries = await readdir(root, { recursive: true, withFileTypes: true });
        const files = entries.filter((e) => e.isFile() && e.name.endsWith('.html'));
        for (const file of files.map((e) => path.join(e.parentPath, e.name))) {
          const html = await readFile(file, 'utf8');
          const result = applyPolicy(html, directives, trusted);
          const page = path.relative(root, file);
          problems.push(...result.problems.map((problem) => `${page}: ${problem}`));
          if (result.html !== html) {
            await writeFile(file, result.html);
            pages += 1;
          }
        }
        if (problems.length) {
          // The list goes to the log: a script's text in the error would make Astro add an
          // unrelated hint whenever it mentions `document` or `window`.
          for (const problem of problems.slice(0, 50)) logger.error(problem);
          throw new Error(
            `The Content-Security-Policy refuses ${problems.length} inline script(s) or style(s) ` +
              'that the source does not define (listed above). HTML from the CMS must never ' +
              'carry scripts; a script of the project must be written in an .astro file.',
          );
        }
        logger.info(
          `Content-Security-Policy written into ${pages} pages (connect-src ${emailjsOrigin}).`,
        );
      },
    },
  };
}
