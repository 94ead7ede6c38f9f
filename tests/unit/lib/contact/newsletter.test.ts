import { describe, expect, it } from 'vitest';
import { CONTACT } from '@/config/site';
import {
  buildNewsletterPayload,
  newsletterSchema,
  NEWSLETTER_CONSENT,
  NEWSLETTER_MESSAGES,
} from '@/lib/contact/newsletter';

const messagesOf = (input: unknown) => {
  const result = newsletterSchema.safeParse(input);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path[0], i.message]));
};

describe('newsletterSchema', () => {
  it('takes a trimmed address with consent given', () => {
    expect(newsletterSchema.parse({ email: ' reader@example.co.za ', consent: true })).toEqual({
      email: 'reader@example.co.za',
      consent: true,
    });
  });

  it('refuses an address the contact form refuses, with the same message', () => {
    for (const email of ['', 'reader', 'reader@', `${'a'.repeat(250)}@x.co`]) {
      expect(messagesOf({ email, consent: true }).email).toMatch(
        /^Email address must be at most|^Invalid email address\.$/,
      );
    }
  });

  it('refuses a sign-up without consent, whatever the address', () => {
    expect(messagesOf({ email: 'reader@example.co.za', consent: false })).toEqual({
      consent: NEWSLETTER_MESSAGES.consent,
    });
    expect(messagesOf({ email: 'x', consent: false })).toHaveProperty('consent');
  });
});

describe('buildNewsletterPayload', () => {
  it('records the address, the exact consent sentence, when and where', () => {
    const at = new Date('2026-11-26T06:30:00.000Z');
    expect(
      buildNewsletterPayload({ email: 'reader@example.co.za', consent: true }, '/blog/page/2', at),
    ).toEqual({
      subscriber_email: 'reader@example.co.za',
      consent: NEWSLETTER_CONSENT,
      subscribed_date: '2026-11-26T06:30:00.000Z',
      page: '/blog/page/2',
      to_name: CONTACT.recipientName,
    });
  });
});
