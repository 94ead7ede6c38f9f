import { describe, expect, it } from 'vitest';
import { splitLinks } from '@/lib/linkify';

describe('splitLinks', () => {
  it('links an email address and leaves the sentence’s full stop outside', () => {
    expect(splitLinks('Email support@ledgerwise.co.za.')).toEqual([
      { text: 'Email ' },
      { text: 'support@ledgerwise.co.za', href: 'mailto:support@ledgerwise.co.za' },
      { text: '.' },
    ]);
  });

  it('links https URLs as external', () => {
    expect(splitLinks('See https://inforegulator.org.za, then write.')).toEqual([
      { text: 'See ' },
      {
        text: 'https://inforegulator.org.za',
        href: 'https://inforegulator.org.za',
        external: true,
      },
      { text: ', then write.' },
    ]);
  });

  it('returns plain text unchanged', () => {
    expect(splitLinks('No links here')).toEqual([{ text: 'No links here' }]);
    expect(splitLinks('')).toEqual([]);
  });

  it('links every mention of a named page, and only whole names', () => {
    const names = [
      { label: 'Terms & Conditions', href: '/policies' },
      { label: 'Privacy Policy', href: '/privacy-policy' },
    ];
    expect(
      splitLinks('Our Terms & Conditions and Privacy Policy; see the Privacy Policy.', names),
    ).toEqual([
      { text: 'Our ' },
      { text: 'Terms & Conditions', href: '/policies' },
      { text: ' and ' },
      { text: 'Privacy Policy', href: '/privacy-policy' },
      { text: '; see the ' },
      { text: 'Privacy Policy', href: '/privacy-policy' },
      { text: '.' },
    ]);
    expect(splitLinks('Terms and Conditions, privacy policy', names)).toEqual([
      { text: 'Terms and Conditions, privacy policy' },
    ]);
  });

  it('finds addresses and names in the same text', () => {
    expect(
      splitLinks('Email support@ledgerwise.co.za about the Privacy Policy.', [
        { label: 'Privacy Policy', href: '/privacy-policy' },
      ]),
    ).toEqual([
      { text: 'Email ' },
      { text: 'support@ledgerwise.co.za', href: 'mailto:support@ledgerwise.co.za' },
      { text: ' about the ' },
      { text: 'Privacy Policy', href: '/privacy-policy' },
      { text: '.' },
    ]);
  });
});
