import { describe, expect, it } from 'vitest';
import { ENV_SCHEMA, readEnv } from '@/config/envSchema.ts';
import { checkEmailjsEnv } from '@/integrations/requireEmailjs.ts';

const CONFIGURED = {
  PUBLIC_EMAILJS_SERVICE_ID: 'service_x',
  PUBLIC_EMAILJS_TEMPLATE_ID: 'template_x',
  PUBLIC_EMAILJS_NEWSLETTER_TEMPLATE_ID: 'template_news',
  PUBLIC_EMAILJS_PUBLIC_KEY: 'key_x',
};

/** The check as a build runs it: on the variables as astro:env reads them. */
const check = (env: Record<string, string>) => checkEmailjsEnv(readEnv(ENV_SCHEMA, env));

describe('checkEmailjsEnv', () => {
  it('lets a production build with every EmailJS value go on', () => {
    expect(check(CONFIGURED)).toBeUndefined();
  });

  it('stops a production build naming every missing or blank value, and says how to build locally', () => {
    const problem = check({
      PUBLIC_EMAILJS_SERVICE_ID: 'service_x',
      PUBLIC_EMAILJS_TEMPLATE_ID: ' ',
      PUBLIC_EMAILJS_NEWSLETTER_TEMPLATE_ID: 'template_news',
    });
    expect(problem?.message).toBe(
      'The contact form cannot send: PUBLIC_EMAILJS_TEMPLATE_ID, PUBLIC_EMAILJS_PUBLIC_KEY are not set. ' +
        'The newsletter sign-up cannot send: PUBLIC_EMAILJS_PUBLIC_KEY is not set.',
    );
    expect(problem?.hint).toContain('LOCAL_BUILD=true');
    expect(check({ ...CONFIGURED, PUBLIC_EMAILJS_PUBLIC_KEY: '' })?.message).toBe(
      'The contact form cannot send: PUBLIC_EMAILJS_PUBLIC_KEY is not set. ' +
        'The newsletter sign-up cannot send: PUBLIC_EMAILJS_PUBLIC_KEY is not set.',
    );
  });

  it("stops a production build without the newsletter's own template, naming it", () => {
    expect(check({ ...CONFIGURED, PUBLIC_EMAILJS_NEWSLETTER_TEMPLATE_ID: '' })?.message).toBe(
      'The newsletter sign-up cannot send: PUBLIC_EMAILJS_NEWSLETTER_TEMPLATE_ID is not set.',
    );
  });

  it('lets a build that says it is local (LOCAL_BUILD=true) go on without them', () => {
    expect(check({ LOCAL_BUILD: 'true' })).toBeUndefined();
    expect(check({ LOCAL_BUILD: 'false' })).toBeDefined();
    expect(() => check({ LOCAL_BUILD: '1' })).toThrow('LOCAL_BUILD="1" (true or false)');
  });
});
