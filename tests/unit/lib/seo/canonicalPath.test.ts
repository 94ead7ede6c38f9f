import { describe, expect, it } from 'vitest';
import { getCanonicalPath } from '@/lib/seo/canonicalPath';

describe('getCanonicalPath', () => {
  it('drops .html, index and trailing slashes', () => {
    expect(getCanonicalPath('/index.html')).toBe('/');
    expect(getCanonicalPath('/')).toBe('/');
    expect(getCanonicalPath('')).toBe('/');
    expect(getCanonicalPath('/about.html')).toBe('/about');
    expect(getCanonicalPath('/about')).toBe('/about');
    expect(getCanonicalPath('/about/')).toBe('/about');
    expect(getCanonicalPath('/blog.html')).toBe('/blog');
    expect(getCanonicalPath('/blog/page/2.html')).toBe('/blog/page/2');
    expect(getCanonicalPath('/blog/index.html')).toBe('/blog');
  });

  it('keeps names that merely contain "index" or "html"', () => {
    expect(getCanonicalPath('/blog/reindex')).toBe('/blog/reindex');
    expect(getCanonicalPath('/blog/html-emails')).toBe('/blog/html-emails');
  });
});
