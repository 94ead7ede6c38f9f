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
});
