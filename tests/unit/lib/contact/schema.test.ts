import { describe, expect, it } from 'vitest';
import {
  CONTACT_MAX_LENGTH,
  contactSchema,
  countCharacters,
  EMPTY_CONTACT_FORM,
  type ContactFormInput,
} from '@/lib/contact/schema';

const VALID: ContactFormInput = {
  firstName: 'Thandi',
  lastName: 'Mokoena',
  email: 'thandi@example.co.za',
  profession: 'Tax Advisor',
  subject: 'Demo request',
  message: 'Please show our firm how the assistant works.',
};

type Field = keyof ContactFormInput;

/** The messages a value produces for one field, the rest of the form being valid. */
function messagesFor(field: Field, value: unknown): string[] {
  const result = contactSchema.safeParse({ ...VALID, [field]: value });
  if (result.success) return [];
  return result.error.issues
    .filter((issue) => issue.path[0] === field)
    .map((issue) => issue.message);
}

/** The first message, which is the one react-hook-form shows. */
const firstMessage = (field: Field, value: unknown) => messagesFor(field, value)[0];

describe('contactSchema', () => {
  it('accepts a complete valid form and returns trimmed values', () => {
    const result = contactSchema.safeParse({
      firstName: '  Thandi ',
      lastName: '\tMokoena\n',
      email: '  thandi@example.co.za  ',
      profession: ' Tax Advisor ',
      subject: ' Demo request ',
      message: '\n  Please show our firm how the assistant works.  \n',
    });
    expect(result.success).toBe(true);
    expect(result.data).toEqual(VALID);
  });

  it("reports every rule's message for an empty form", () => {
    const result = contactSchema.safeParse(EMPTY_CONTACT_FORM);
    expect(result.success).toBe(false);
    const byField = Object.fromEntries(
      result.error!.issues.map((issue) => [issue.path[0], issue.message]),
    );
    expect(byField).toEqual({
      firstName: 'First name must be at least 2 characters.',
      lastName: 'Last name must be at least 2 characters.',
      email: 'Invalid email address.',
      profession: 'Profession must be at least 2 characters.',
      subject: 'Subject must be at least 5 characters.',
      message: 'Message must be at least 10 characters.',
    });
  });

  it('rejects a missing field or a non-string with the field message', () => {
    const { firstName: _omitted, ...withoutFirstName } = VALID;
    const result = contactSchema.safeParse(withoutFirstName);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'First name must be at least 2 characters.',
    ]);
    expect(firstMessage('subject', 12345)).toBe('Subject must be at least 5 characters.');
    expect(firstMessage('email', null)).toBe('Invalid email address.');
  });

  const LENGTH_RULES: [Field, number, number, string][] = [
    ['firstName', 2, 50, 'First name'],
    ['lastName', 2, 50, 'Last name'],
    ['profession', 2, 100, 'Profession'],
    ['subject', 5, 150, 'Subject'],
    ['message', 10, 5000, 'Message'],
  ];

  describe.each(LENGTH_RULES)('%s (%i to %i characters)', (field, min, max, label) => {
    const message = `${label} must be at least ${min} characters.`;
    it(`rejects ${min - 1} and accepts ${min} characters`, () => {
      expect(messagesFor(field, 'a'.repeat(min - 1))).toEqual([message]);
      expect(messagesFor(field, 'a'.repeat(min))).toEqual([]);
    });

    it('counts characters after trimming', () => {
      expect(messagesFor(field, `   ${'a'.repeat(min - 1)}   `)).toEqual([message]);
      expect(messagesFor(field, `   ${'a'.repeat(min)}   `)).toEqual([]);
    });

    it('rejects whitespace alone', () => {
      expect(messagesFor(field, ' '.repeat(min + 5))).toEqual([message]);
      expect(messagesFor(field, '\t\n \u00a0'.repeat(min))).toEqual([message]);
      expect(messagesFor(field, '')).toEqual([message]);
    });

    it(`accepts ${max} and rejects ${max + 1} characters with its own message`, () => {
      expect(CONTACT_MAX_LENGTH[field]).toBe(max);
      expect(messagesFor(field, 'a'.repeat(max))).toEqual([]);
      expect(messagesFor(field, 'a'.repeat(max + 1))).toEqual([
        `${label} must be at most ${max} characters.`,
      ]);
    });

    it('ignores surrounding whitespace when checking the maximum', () => {
      expect(messagesFor(field, `  ${'a'.repeat(max)}  `)).toEqual([]);
    });
  });

  it('rejects very long input without hanging', () => {
    const huge = 'x'.repeat(1_000_000);
    for (const field of ['firstName', 'lastName', 'profession', 'subject', 'message'] as const) {
      expect(firstMessage(field, huge)).toMatch(/must be at most \d+ characters\.$/);
    }
    expect(firstMessage('email', `${huge}@example.com`)).toBe(
      'Email address must be at most 254 characters.',
    );
  });

  describe('unicode', () => {
    it.each(['Zoë', 'Nkosazana', 'Zoë-Marié', "O'Connor", 'Ngũgĩ', 'Ǹjoki', 'Σωκράτης'])(
      'accepts the name %s',
      (name) => {
        expect(messagesFor('firstName', name)).toEqual([]);
        expect(messagesFor('lastName', name)).toEqual([]);
      },
    );

    it('counts a CJK character as one: 李 alone is too short, 李明 is enough', () => {
      expect(firstMessage('firstName', '李')).toBe('First name must be at least 2 characters.');
      expect(messagesFor('firstName', '李明')).toEqual([]);
      expect(messagesFor('lastName', '李')).toEqual(['Last name must be at least 2 characters.']);
    });

    it('counts an emoji as one character, not two UTF-16 units', () => {
      expect('😀'.length).toBe(2);
      expect(countCharacters('😀')).toBe(1);
      expect(firstMessage('firstName', '😀')).toBe('First name must be at least 2 characters.');
      expect(messagesFor('firstName', '😀😀')).toEqual([]);
      expect(firstMessage('subject', '🚀🚀🚀🚀')).toBe('Subject must be at least 5 characters.');
      expect(messagesFor('subject', '🚀🚀🚀🚀🚀')).toEqual([]);
    });

    it('accepts emoji and mixed scripts in a message and counts them by code point', () => {
      expect(messagesFor('message', 'Dankie! 🙏 李 Zoë')).toEqual([]);
      expect(firstMessage('message', '🙏'.repeat(9))).toBe(
        'Message must be at least 10 characters.',
      );
      expect(messagesFor('message', '🙏'.repeat(10))).toEqual([]);
      expect(messagesFor('message', '🙏'.repeat(5000))).toEqual([]);
      expect(firstMessage('message', '🙏'.repeat(5001))).toBe(
        'Message must be at most 5000 characters.',
      );
    });
  });

  describe('email', () => {
    it.each([
      'a@b.co',
      'thandi@example.co.za',
      'first.last@sub.domain.example.com',
      'o_brien+tax-2025@example.com',
      "o'brien@example.ie",
      'UPPER.Case@Example.COM',
      '1234567890@numbers.example.org',
      'x@xn--80ak6aa92e.com',
      'hyphen-ated@my-firm.co.za',
    ])('accepts %s', (email) => {
      expect(messagesFor('email', email)).toEqual([]);
    });

    it('trims the address before checking it', () => {
      const result = contactSchema.safeParse({ ...VALID, email: '  a@b.co \n' });
      expect(result.data?.email).toBe('a@b.co');
    });

    it.each([
      '',
      '   ',
      'plainaddress',
      '@example.com',
      'thandi@',
      'thandi@example',
      'thandi@example.c',
      'thandi@@example.com',
      'thandi example@example.com',
      'thandi@exam ple.com',
      '.thandi@example.com',
      'thandi.@example.com',
      'tha..ndi@example.com',
      'thandi@-example.com',
      'thandi@example..com',
      'thandi@[127.0.0.1]',
      '"quoted"@example.com',
      'zoë@example.com',
      '李@example.com',
      'thandi@example.com.',
      'mailto:thandi@example.com',
      'Thandi <thandi@example.com>',
    ])('rejects %j with "Invalid email address."', (email) => {
      expect(messagesFor('email', email)).toEqual(['Invalid email address.']);
    });

    it('accepts 254 characters and rejects 255 with its own message', () => {
      const domain = '@example.com';
      const at254 = `${'a'.repeat(254 - domain.length)}${domain}`;
      expect(at254).toHaveLength(254);
      expect(messagesFor('email', at254)).toEqual([]);
      expect(messagesFor('email', `a${at254}`)).toEqual([
        'Email address must be at most 254 characters.',
      ]);
    });
  });
});
