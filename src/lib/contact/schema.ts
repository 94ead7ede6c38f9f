/*
 * The contact form's rules. zod/v4-mini rather than classic zod: the same rules in a
 * few KB, which keeps the contact page inside its JavaScript budget. @hookform/resolvers 5
 * accepts v4 schemas.
 */
import * as z from 'zod/v4-mini';

// The site's Content-Security-Policy has no 'unsafe-eval': without this, zod probes
// `new Function()` on the first parse, which Chromium reports as a CSP violation.
z.config({ jitless: true });

/** Maximum lengths: generous for people, small enough that nobody pastes a novel into an email. */
export const CONTACT_MAX_LENGTH = {
  firstName: 50,
  lastName: 50,
  email: 254,
  profession: 100,
  subject: 150,
  message: 5000,
} as const;

/**
 * A trimmed text field, so whitespace alone is not a name, with the messages visitors see
 * ("First name must be at least 2 characters.").
 */
function trimmedText(label: string, min: number, max: number) {
  const tooShort = `${label} must be at least ${min} characters.`;
  return z.string({ error: tooShort }).check(
    z.trim(),
    z.refine((value) => countCharacters(value) >= min, { error: tooShort }),
    z.refine((value) => countCharacters(value) <= max, {
      error: `${label} must be at most ${max} characters.`,
    }),
  );
}

/** Characters as people count them (code points), not UTF-16 units: "李" or an emoji is one. */
export function countCharacters(value: string): number {
  return [...value].length;
}

/** An email address as both forms take it: trimmed, capped, then zod's practical check (z.email()). */
export function emailAddress() {
  const invalid = 'Invalid email address.';
  const tooLong = `Email address must be at most ${CONTACT_MAX_LENGTH.email} characters.`;
  return z.pipe(
    z
      .string({ error: invalid })
      .check(z.trim(), z.maxLength(CONTACT_MAX_LENGTH.email, { error: tooLong, abort: true })),
    z.email({ error: invalid }),
  );
}

export const contactSchema = z.object({
  firstName: trimmedText('First name', 2, CONTACT_MAX_LENGTH.firstName),
  lastName: trimmedText('Last name', 2, CONTACT_MAX_LENGTH.lastName),
  email: emailAddress(),
  profession: trimmedText('Profession', 2, CONTACT_MAX_LENGTH.profession),
  subject: trimmedText('Subject', 5, CONTACT_MAX_LENGTH.subject),
  message: trimmedText('Message', 10, CONTACT_MAX_LENGTH.message),
});

/** What the visitor typed. */
export type ContactFormInput = z.input<typeof contactSchema>;
/** The checked, trimmed values. */
export type ContactFormValues = z.infer<typeof contactSchema>;

export const EMPTY_CONTACT_FORM: ContactFormInput = {
  firstName: '',
  lastName: '',
  email: '',
  profession: '',
  subject: '',
  message: '',
};
