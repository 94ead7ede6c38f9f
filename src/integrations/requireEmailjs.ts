// @ts-check
/**
 * A production build (`astro build`) stops when a form that sends through EmailJS (the contact
 * form, the newsletter sign-up) could not send: a site whose form silently fails must never reach
 * visitors. A build for this machine only says so with LOCAL_BUILD=true (`npm start` and the
 * benchmark set it); the contact form then tells the visitor it cannot send and offers the
 * support address, and the newsletter block offers the address instead of a form. `astro dev`
 * never checks.
 */
import { AstroError } from 'astro/errors';
import { readEmailjsConfig } from '../config/emailjs.ts';

/** @type {[import('../config/emailjs.ts').EmailjsForm, string][]} */
const FORMS = [
  ['contact', 'The contact form'],
  ['newsletter', 'The newsletter sign-up'],
];

/**
 * Why a production build must stop, or undefined when it may go on.
 * @param {{ LOCAL_BUILD: boolean } & import('../config/emailjs.ts').EmailjsEnv} env The variables as
 *   astro:env reads them (readEnv).
 * @returns {{ message: string, hint: string } | undefined}
 */
export function checkEmailjsEnv(env) {
  if (env.LOCAL_BUILD) return undefined;
  const problems = [];
  for (const [form, name] of FORMS) {
    const result = readEmailjsConfig(env, form);
    if (result.configured) continue;
    const verb = result.missing.length === 1 ? 'is' : 'are';
    problems.push(`${name} cannot send: ${result.missing.join(', ')} ${verb} not set.`);
  }
  if (problems.length === 0) return undefined;
  return {
    message: problems.join(' '),
    hint:
      'A production build needs the EmailJS values (see .env.example). For a build that only runs ' +
      'on this machine, set LOCAL_BUILD=true (npm start does).',
  };
}

/**
 * @param {Parameters<typeof checkEmailjsEnv>[0]} env The build's variables: astro.config.ts
 *   passes its buildEnv().
 * @returns {import('astro').AstroIntegration}
 */
export default function requireEmailjs(env) {
  return {
    name: 'ledgerwise-require-emailjs',
    hooks: {
      'astro:config:setup': ({ command }) => {
        if (command !== 'build') return;
        const problem = checkEmailjsEnv(env);
        if (problem) throw new AstroError(problem.message, problem.hint);
      },
    },
  };
}
