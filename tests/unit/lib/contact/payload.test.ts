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

  it('sends exactly the seven template parameters: the names joined, the rest unchanged, the time in UTC, the fixed recipient', () => {
    expect(CONTACT.recipientName).toBeTruthy();
    expect(payload).toEqual({
      from_name: 'Zoë van der Merwe',
      from_email: 'zoe@example.co.za',
      profession: 'Forensic Accountant',
      subject: 'Enterprise pricing',
      message: 'We are a firm of 40.\nWhat would the Enterprise plan cost? 🙏',
      submitted_date: '2026-11-22T04:30:15.123Z',
      to_name: CONTACT.recipientName,
    });
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
