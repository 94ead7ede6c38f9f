/*
 * The blog's newsletter sign-up: its rules, the EmailJS template parameters and the three
 * outcomes' messages. It sends through the same EmailJS account as the contact form, with its own
 * template (PUBLIC_EMAILJS_NEWSLETTER_TEMPLATE_ID).
 */
import * as z from 'zod/v4-mini';
import { CONTACT } from '@/config/site';
import { emailAddress } from '@/lib/contact/schema';
import type { ContactOutcome } from '@/lib/contact/outcome';

/** EmailJS keeps the sign-up's rate-limit timestamp in localStorage under this id. */
export const NEWSLETTER_RATE_LIMIT_ID = 'newsletter-form';

/** What the reader agrees to, word for word: the checkbox's label and the consent on record. */
export const NEWSLETTER_CONSENT =
  'I agree that Ledgerwise may email me its newsletter at this address. I can unsubscribe at any time.';

export const NEWSLETTER_MESSAGES = {
  consent: 'Please tick the box to agree to receive the newsletter.',
} as const;

export const newsletterSchema = z.object({
  email: emailAddress(),
  consent: z.literal(true, { error: NEWSLETTER_MESSAGES.consent }),
});

type NewsletterValues = z.infer<typeof newsletterSchema>;

/** The newsletter template's parameters, exactly as the template names them. */
interface NewsletterTemplateParams {
  [key: string]: string;
  subscriber_email: string;
  /** The sentence the reader ticked, so the consent POPIA asks for is on record with the address. */
  consent: string;
  /** ISO 8601 date-time of the sign-up. */
  subscribed_date: string;
  /** The path the reader subscribed from. */
  page: string;
  to_name: string;
}

export function buildNewsletterPayload(
  values: NewsletterValues,
  page: string,
  subscribedAt: Date = new Date(),
): NewsletterTemplateParams {
  return {
    subscriber_email: values.email,
    consent: NEWSLETTER_CONSENT,
    subscribed_date: subscribedAt.toISOString(),
    page,
    to_name: CONTACT.recipientName,
  };
}

/** What the block says after a sign-up, per outcome: a title and a sentence. */
export const NEWSLETTER_OUTCOMES: Record<ContactOutcome, { title: string; description: string }> = {
  // Anyone can send an address through EmailJS: it joins the list only once its owner confirms.
  sent: {
    title: 'Request received',
    description:
      'Thank you. Before the first issue we will email this address once, to ask you to confirm it.',
  },
  refused: {
    title: 'Unable to subscribe',
    description: 'Please try again later or email us directly.',
  },
  failed: {
    title: 'Error subscribing',
    description: 'Something went wrong. Please try again.',
  },
};
