import { describe, expect, it } from 'vitest';
import { isActivePath } from '@/lib/isActivePath';

describe('isActivePath', () => {
  it('matches Home only on the root', () => {
    expect(isActivePath('/', '/')).toBe(true);
    expect(isActivePath('/', '/index.html')).toBe(true);
    expect(isActivePath('/', '/about')).toBe(false);
  });

  it('matches a section and its children, with or without .html or a trailing slash', () => {
    expect(isActivePath('/blog', '/blog')).toBe(true);
    expect(isActivePath('/blog', '/blog/')).toBe(true);
    expect(isActivePath('/blog', '/blog.html')).toBe(true);
    expect(isActivePath('/blog', '/blog/abc123')).toBe(true);
    expect(isActivePath('/blog', '/blog/page/2')).toBe(true);
  });

  it('does not match a different route that shares a prefix', () => {
    expect(isActivePath('/blog', '/blogger')).toBe(false);
    expect(isActivePath('/about', '/about-us')).toBe(false);
    expect(isActivePath('/pricing', '/')).toBe(false);
  });
});
