/**
 * A production build (`astro build`) stops when a form that sends through EmailJS (contact,
 * newsletter) could not send: a site whose form silently fails must never reach visitors. A build
 * for this machine says so with LOCAL_BUILD=true (`npm start`, the benchmark): the forms then offer
 * the support address instead. `astro dev` never checks.
 */
import type { AstroIntegration } from 'astro';
import { AstroError } from 'astro/errors';
import { readEmailjsConfig } from '../config/emailjs.ts';
import type { EmailjsEnv, EmailjsForm } from '../config/emailjs.ts';

const FORMS: [EmailjsForm, string][] = [
  ['contact', 'The contact form'],
  ['newsletter', 'The newsletter sign-up'],
];

/** The build's variables as astro:env reads them (readEnv): astro.config.ts passes buildEnv(). */
type BuildEnv = { LOCAL_BUILD: boolean } & EmailjsEnv;

/** Why a production build must stop, or undefined when it may go on. */
export function checkEmailjsEnv(env: BuildEnv): { message: string; hint: string } | undefined {
  if (env.LOCAL_BUILD) return undefined;
  const problems: string[] = [];
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

export default function requireEmailjs(env: BuildEnv): AstroIntegration {
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
