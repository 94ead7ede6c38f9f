/**
 * A production build never ships a form that cannot send (the contact form, the newsletter
 * sign-up): without the EmailJS values `astro build` stops and names them, unless the build says
 * it is for this machine only. Which values each form needs, blank ones too: requireEmailjs.test.ts.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runBuild } from '../support/site';

const NAMES = [
  'PUBLIC_EMAILJS_SERVICE_ID',
  'PUBLIC_EMAILJS_TEMPLATE_ID',
  'PUBLIC_EMAILJS_PUBLIC_KEY',
] as const;

describe('astro build without the EmailJS values', () => {
  it('fails at once, naming each missing variable and the way out for local builds', async () => {
    const { code, output, outDir } = await runBuild({
      // Undefined removes a variable the developer's shell might have set.
      env: {
        PUBLIC_EMAILJS_SERVICE_ID: undefined,
        PUBLIC_EMAILJS_TEMPLATE_ID: '',
        PUBLIC_EMAILJS_NEWSLETTER_TEMPLATE_ID: undefined,
        PUBLIC_EMAILJS_PUBLIC_KEY: undefined,
        LOCAL_BUILD: undefined,
      },
    });
    await rm(path.dirname(outDir), { recursive: true, force: true });
    expect(code).not.toBe(0);
    const line = output.split('\n').find((text) => text.includes('The contact form cannot send'));
    expect(line, output).toBeDefined();
    for (const name of NAMES) expect(line).toContain(name);
    expect(line).toContain(
      'The newsletter sign-up cannot send: PUBLIC_EMAILJS_SERVICE_ID, ' +
        'PUBLIC_EMAILJS_NEWSLETTER_TEMPLATE_ID, PUBLIC_EMAILJS_PUBLIC_KEY are not set.',
    );
    expect(output).toContain('LOCAL_BUILD=true');
    // It stops before reading any content.
    expect(output).not.toMatch(/Content-Security-Policy checked|pages? built/);
  });
});
