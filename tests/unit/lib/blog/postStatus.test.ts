import { describe, expect, it } from 'vitest';
import { getPostStatus, statusLabel } from '@/lib/blog/postStatus';

const NOW = new Date('2025-07-01T12:00:00Z');

describe('getPostStatus', () => {
  it('is a draft until published is ticked, whatever the date', () => {
    expect(getPostStatus(false, undefined, NOW)).toBe('draft');
    expect(getPostStatus(false, new Date('2025-06-01T00:00:00Z'), NOW)).toBe('draft');
  });

  it('is scheduled while the publish date is ahead, published from that moment', () => {
    expect(getPostStatus(true, new Date('2025-07-01T12:00:01Z'), NOW)).toBe('scheduled');
    expect(getPostStatus(true, new Date('2025-07-01T12:00:00Z'), NOW)).toBe('published');
    expect(getPostStatus(true, new Date('2024-01-01T00:00:00Z'), NOW)).toBe('published');
  });

  it('treats a published post without a date as a draft (the public rules hide it too)', () => {
    expect(getPostStatus(true, undefined, NOW)).toBe('draft');
  });
});

describe('statusLabel', () => {
  it('names drafts and the time of scheduled posts in UTC; published posts get none', () => {
    const date = new Date('2025-08-31T07:05:00Z');
    expect(statusLabel('draft', date)).toBe('Draft');
    expect(statusLabel('scheduled', date)).toBe('Scheduled for August 31, 2025, 07:05 UTC');
    expect(statusLabel('published', date)).toBeUndefined();
  });
});
