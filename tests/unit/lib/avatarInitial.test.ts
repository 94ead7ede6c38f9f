import { describe, expect, it } from 'vitest';
import { avatarInitial } from '@/lib/avatarInitial';

describe('avatarInitial', () => {
  it("is the author's first letter, upper-cased", () => {
    expect(avatarInitial('thandi Mokoena')).toBe('T');
    expect(avatarInitial('  Émile')).toBe('É');
  });

  it('is "?" without an author', () => {
    expect(avatarInitial('')).toBe('?');
    expect(avatarInitial('   ')).toBe('?');
  });

  it('keeps a character outside the BMP whole', () => {
    expect(avatarInitial('𝒜lice')).toBe('𝒜');
  });
});
