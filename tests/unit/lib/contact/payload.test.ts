import { describe, expect, it } from 'vitest';
import { buildContactPayload } from '@/lib/contact/payload';
import { contactSchema } from '@/lib/contact/schema';
import { CONTACT } from '@/config/site';

const VALUES = {
  firstName: 'Zoë',
  lastName: 'van der Merwe',
  email: 'zoe@example.co.za',
  profession: 'Forensic Accountant',
  subject: 'Enterprise pricing',
  message: 'We are a firm of 40.\nWhat would the Enterprise plan cost? 🙏',
};

describe('buildContactPayload', () => {
  const submittedAt = new Date('2026-11-22T04:30:15.123Z');
  const payload = buildContactPayload(VALUES, submittedAt);

  it('joins first and last name with one space as from_name', () => {
    expect(payload.from_name).toBe('Zoë van der Merwe');
  });

  it('passes email, profession, subject and message through unchanged', () => {
    expect(payload.from_email).toBe('zoe@example.co.za');
    expect(payload.profession).toBe('Forensic Accountant');
    expect(payload.subject).toBe('Enterprise pricing');
    expect(payload.message).toBe('We are a firm of 40.\nWhat would the Enterprise plan cost? 🙏');
  });

  it('stamps submitted_date as an ISO 8601 date-time in UTC', () => {
    expect(payload.submitted_date).toBe('2026-11-22T04:30:15.123Z');
  });

  it('uses the fixed recipient label from the site config as to_name', () => {
    expect(CONTACT.recipientName).toBeTruthy();
    expect(payload.to_name).toBe(CONTACT.recipientName);
  });

  it('has exactly the seven template parameters and nothing else', () => {
    expect(Object.keys(payload).sort()).toEqual(
      [
        'from_email',
        'from_name',
        'message',
        'profession',
        'subject',
        'submitted_date',
        'to_name',
      ].sort(),
    );
  });

  it('defaults submitted_date to the moment of the call', () => {
    const before = Date.now();
    const { submitted_date } = buildContactPayload(VALUES);
    const after = Date.now();
    expect(submitted_date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const stamped = Date.parse(submitted_date);
    expect(stamped).toBeGreaterThanOrEqual(before);
    expect(stamped).toBeLessThanOrEqual(after);
  });

  it('sends the trimmed values the schema produced, not the raw input', () => {
    const parsed = contactSchema.parse({
      ...VALUES,
      firstName: '  Zoë ',
      lastName: ' van der Merwe  ',
      email: ' zoe@example.co.za ',
    });
    expect(buildContactPayload(parsed, submittedAt)).toEqual(payload);
  });
});
