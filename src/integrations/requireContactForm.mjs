// @ts-check
/**
 * A production build (`astro build`) stops when the contact form could not send: a site whose form
 * silently fails must never reach visitors. A build for this machine only says so with
 * LOCAL_BUILD=true (`npm start` and the benchmark set it); it keeps the form, which then tells the
 * visitor it cannot send and offers the support address. `astro dev` never checks.
 */
import { AstroError } from 'astro/errors';
import { ENV_SCHEMA, readEnv } from '../config/envSchema.mjs';
import { readEmailjsConfig } from '../lib/contact/emailjs.ts';

/**
 * Why a production build must stop, or undefined when it may go on.
 * @param {{ LOCAL_BUILD: boolean } & import('../lib/contact/emailjs.ts').EmailjsEnv} env The variables as
 *   astro:env reads them (readEnv).
 * @returns {{ message: string, hint: string } | undefined}
 */
export function checkContactFormEnv(env) {
  if (env.LOCAL_BUILD) return undefined;
  const result = readEmailjsConfig(env);
  if (result.configured) return undefined;
  const names = result.missing.join(', ');
  return {
    message: `The contact form cannot send: ${names} ${result.missing.length === 1 ? 'is' : 'are'} not set.`,
    hint:
      'A production build needs the EmailJS values (see .env.example). For a build that only runs ' +
      'on this machine, set LOCAL_BUILD=true (npm start does).',
  };
}

/** @returns {import('astro').AstroIntegration} */
export default function requireContactForm() {
  return {
    name: 'ledgerwise-require-contact-form',
    hooks: {
      'astro:config:setup': ({ command }) => {
        if (command !== 'build') return;
        const problem = checkContactFormEnv(readEnv(ENV_SCHEMA));
        if (problem) throw new AstroError(problem.message, problem.hint);
      },
    },
  };
}
