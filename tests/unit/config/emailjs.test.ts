import { describe, expect, it } from 'vitest';
import { describeMissingEmailjsConfig } from '@/config/emailjs';
import { FULL_ENV, readEmailjsConfig } from '../../support/emailjsConfig';

describe('readEmailjsConfig', () => {
  it('reads the three ids and defaults the origin to EmailJS', () => {
    expect(readEmailjsConfig(FULL_ENV)).toEqual({
      configured: true,
      config: {
        serviceId: 'service_abc',
        templateId: 'template_xyz',
        publicKey: 'public-key-123',
        origin: 'https://api.emailjs.com',
      },
    });
  });

  it('uses PUBLIC_EMAILJS_API_ORIGIN without a trailing slash', () => {
    const result = readEmailjsConfig({
      ...FULL_ENV,
      PUBLIC_EMAILJS_API_ORIGIN: 'http://127.0.0.1:5555/',
    });
    expect(result.configured && result.config.origin).toBe('http://127.0.0.1:5555');
  });

  it('names every missing variable, counting blank values as missing', () => {
    expect(readEmailjsConfig({})).toEqual({
      configured: false,
      missing: [
        'PUBLIC_EMAILJS_SERVICE_ID',
        'PUBLIC_EMAILJS_TEMPLATE_ID',
        'PUBLIC_EMAILJS_PUBLIC_KEY',
      ],
    });
    expect(readEmailjsConfig({ ...FULL_ENV, PUBLIC_EMAILJS_TEMPLATE_ID: '   ' })).toEqual({
      configured: false,
      missing: ['PUBLIC_EMAILJS_TEMPLATE_ID'],
    });
    expect(readEmailjsConfig({ ...FULL_ENV, PUBLIC_EMAILJS_PUBLIC_KEY: undefined })).toEqual({
      configured: false,
      missing: ['PUBLIC_EMAILJS_PUBLIC_KEY'],
    });
  });

  it('describes what is missing in one line', () => {
    expect(
      describeMissingEmailjsConfig(['PUBLIC_EMAILJS_SERVICE_ID', 'PUBLIC_EMAILJS_PUBLIC_KEY']),
    ).toBe(
      'Contact form not configured: missing PUBLIC_EMAILJS_SERVICE_ID, PUBLIC_EMAILJS_PUBLIC_KEY. The form renders, but messages cannot be sent.',
    );
  });
});
