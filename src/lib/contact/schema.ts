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

const CONTACT_MIN_LENGTH = {
  firstName: 2,
  lastName: 2,
  profession: 2,
  subject: 5,
  message: 10,
} as const;

/** The messages visitors see, one per rule. */
const CONTACT_MESSAGES = {
  firstName: 'First name must be at least 2 characters.',
  firstNameMax: `First name must be at most ${CONTACT_MAX_LENGTH.firstName} characters.`,
  lastName: 'Last name must be at least 2 characters.',
  lastNameMax: `Last name must be at most ${CONTACT_MAX_LENGTH.lastName} characters.`,
  email: 'Invalid email address.',
  emailMax: `Email address must be at most ${CONTACT_MAX_LENGTH.email} characters.`,
  profession: 'Profession must be at least 2 characters.',
  professionMax: `Profession must be at most ${CONTACT_MAX_LENGTH.profession} characters.`,
  subject: 'Subject must be at least 5 characters.',
  subjectMax: `Subject must be at most ${CONTACT_MAX_LENGTH.subject} characters.`,
  message: 'Message must be at least 10 characters.',
  messageMax: `Message must be at most ${CONTACT_MAX_LENGTH.message} characters.`,
} as const;

/* Trim first, so whitespace alone is not a name; lengths count code points, so "李" is one. */
function trimmedText(min: number, max: number, minMessage: string, maxMessage: string) {
  return z.string({ error: minMessage }).check(
    z.trim(),
    z.refine((value) => countCharacters(value) >= min, { error: minMessage }),
    z.refine((value) => countCharacters(value) <= max, { error: maxMessage }),
  );
}

/** Characters as people count them (code points), not UTF-16 units: an emoji is one. */
export function countCharacters(value: string): number {
  let count = 0;
  for (const _ of value) count++;
  return count;
}

/** An email address as both forms take it: trimmed, capped, then zod's practical check (z.email()). */
export function emailAddress() {
  return z.pipe(
    z
      .string({ error: CONTACT_MESSAGES.email })
      .check(
        z.trim(),
        z.maxLength(CONTACT_MAX_LENGTH.email, { error: CONTACT_MESSAGES.emailMax, abort: true }),
      ),
    z.email({ error: CONTACT_MESSAGES.email }),
  );
}

export const contactSchema = z.object({
  firstName: trimmedText(
    CONTACT_MIN_LENGTH.firstName,
    CONTACT_MAX_LENGTH.firstName,
    CONTACT_MESSAGES.firstName,
    CONTACT_MESSAGES.firstNameMax,
  ),
  lastName: trimmedText(
    CONTACT_MIN_LENGTH.lastName,
    CONTACT_MAX_LENGTH.lastName,
    CONTACT_MESSAGES.lastName,
    CONTACT_MESSAGES.lastNameMax,
  ),
  email: emailAddress(),
  profession: trimmedText(
    CONTACT_MIN_LENGTH.profession,
    CONTACT_MAX_LENGTH.profession,
    CONTACT_MESSAGES.profession,
    CONTACT_MESSAGES.professionMax,
  ),
  subject: trimmedText(
    CONTACT_MIN_LENGTH.subject,
    CONTACT_MAX_LENGTH.subject,
    CONTACT_MESSAGES.subject,
    CONTACT_MESSAGES.subjectMax,
  ),
  message: trimmedText(
    CONTACT_MIN_LENGTH.message,
    CONTACT_MAX_LENGTH.message,
    CONTACT_MESSAGES.message,
    CONTACT_MESSAGES.messageMax,
  ),
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
