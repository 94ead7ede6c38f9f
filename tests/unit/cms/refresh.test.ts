import { describe, expect, it } from 'vitest';
import { idsToRemove, planRefresh, storeKey, type StoredPost } from '@/cms/refresh';
import type { BlogData } from '@/cms/schemas';

const stored = (id: string, updated: string): [string, StoredPost] => [
  id,
  { id, data: { updated: new Date(updated) } as BlogData },
];

describe('planRefresh', () => {
  const store = new Map([
    stored('kept', '2026-01-01T10:00:00.000Z'),
    stored('edited', '2026-01-01T10:00:00.000Z'),
    stored('gone', '2026-01-01T10:00:00.000Z'),
    stored('lost-picture', '2026-01-01T10:00:00.000Z'),
  ]);
  const listed = [
    { id: 'kept', updated: '2026-01-01 10:00:00.000Z' },
    { id: 'edited', updated: '2026-01-01 10:00:00.001Z' },
    // Not stored, with an old `updated`: a scheduled post whose time has come.
    { id: 'due', updated: '2025-12-01 08:00:00.000Z' },
    { id: 'lost-picture', updated: '2026-01-01 10:00:00.000Z' },
  ];

  it('fetches new, edited and incomplete posts, and removes what the public list lacks', () => {
    const plan = planRefresh(listed, store, ({ id }) => id !== 'lost-picture');
    expect(plan).toEqual({ fetch: ['edited', 'due', 'lost-picture'], remove: ['gone'] });
  });

  it('fetches nothing when the list matches the store', () => {
    const same = listed.filter(({ id }) => id === 'kept');
    expect(
      planRefresh(same, new Map([stored('kept', '2026-01-01T10:00:00Z')]), () => true),
    ).toEqual({ fetch: [], remove: [] });
  });
});

describe('idsToRemove', () => {
  it('removes what the list lacks and what was planned but did not come back from the fetch', () => {
    const plan = { fetch: ['edited', 'unpublished-since', 'due'], remove: ['gone'] };
    expect(idsToRemove(plan, [{ id: 'edited' }, { id: 'due' }])).toEqual([
      'gone',
      'unpublished-since',
    ]);
    expect(
      idsToRemove(plan, [{ id: 'edited' }, { id: 'unpublished-since' }, { id: 'due' }]),
    ).toEqual(['gone']);
  });
});

describe('storeKey', () => {
  const base = {
    url: 'http://127.0.0.1:8090',
    preview: false,
    siteOrigin: 'https://ledgerwise.co.za',
    imageAllowedOrigins: [] as string[],
  };

  it('differs for another PocketBase, a preview, another site origin or other allowed picture hosts, and only then', () => {
    const key = storeKey(base);
    expect(storeKey({ ...base })).toBe(key);
    expect(storeKey({ ...base, url: 'http://127.0.0.1:8091' })).not.toBe(key);
    expect(storeKey({ ...base, preview: true })).not.toBe(key);
    expect(storeKey({ ...base, siteOrigin: 'https://example.com' })).not.toBe(key);
    expect(storeKey({ ...base, imageAllowedOrigins: ['http://intranet.example'] })).not.toBe(key);
  });
});
