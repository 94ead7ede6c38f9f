import { describe, expect, it } from 'vitest';
import { checkContactFormEnv } from '@/integrations/requireContactForm.mjs';

const CONFIGURED = {
  PUBLIC_EMAILJS_SERVICE_ID: 'service_x',
  PUBLIC_EMAILJS_TEMPLATE_ID: 'template_x',
  PUBLIC_EMAILJS_PUBLIC_KEY: 'key_x',
};

describe('checkContactFormEnv', () => {
  it('lets a production build with all three EmailJS values go on', () => {
    expect(checkContactFormEnv(CONFIGURED)).toBeUndefined();
  });

  it('stops a production build naming every missing or blank value, and says how to build locally', () => {
    const problem = checkContactFormEnv({
      PUBLIC_EMAILJS_SERVICE_ID: 'service_x',
      PUBLIC_EMAILJS_TEMPLATE_ID: ' ',
    });
    expect(problem?.message).toBe(
      'The contact form cannot send: PUBLIC_EMAILJS_TEMPLATE_ID, PUBLIC_EMAILJS_PUBLIC_KEY are not set.',
    );
    expect(problem?.hint).toContain('LOCAL_BUILD=true');
    expect(checkContactFormEnv({ ...CONFIGURED, PUBLIC_EMAILJS_PUBLIC_KEY: '' })?.message).toBe(
      'The contact form cannot send: PUBLIC_EMAILJS_PUBLIC_KEY is not set.',
    );
  });

  it('lets a build that says it is local (LOCAL_BUILD=true) go on without them', () => {
    expect(checkContactFormEnv({ LOCAL_BUILD: 'true' })).toBeUndefined();
    expect(checkContactFormEnv({ LOCAL_BUILD: 'false' })).toBeDefined();
    expect(checkContactFormEnv({ LOCAL_BUILD: '1' })).toBeDefined();
  });
});
