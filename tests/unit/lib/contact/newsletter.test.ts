import { describe, expect, it } from 'vitest';
import { CONTACT } from '@/config/site';
import {
  buildNewsletterPayload,
  newsletterSchema,
  NEWSLETTER_CONSENT,
  NEWSLETTER_MESSAGES,
  NEWSLETTER_OUTCOMES,
} from '@/lib/contact/newsletter';
import { BLOG_COPY } from '@/data/blog';

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

describe('what the sign-up says', () => {
  // Anyone can send any address to EmailJS: an address is on the list only once its owner has
  // confirmed it by email, so nothing may say it is subscribed already.
  const ON_A_LIST = /subscribed|on (our|the) list|added|will reach your inbox|next issue/i;

  it('after a sign-up: the request is received, the address is confirmed before any issue', () => {
    const { title, description } = NEWSLETTER_OUTCOMES.sent;
    expect(`${title} ${description}`).not.toMatch(ON_A_LIST);
    expect(description).toMatch(/confirm/);
  });

  it('beside the form: the address is confirmed by email first', () => {
    const { text, privacy } = BLOG_COPY.newsletter;
    expect(`${text} ${privacy} ${NEWSLETTER_CONSENT}`).not.toMatch(ON_A_LIST);
    expect(privacy).toMatch(/confirm/);
  });
});
