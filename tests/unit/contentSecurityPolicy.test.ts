import { describe, expect, it } from 'vitest';
import {
  DEFAULT_EMAIL_API_ORIGIN,
  addPolicyMeta,
  applyPolicy,
  findInlineHashes,
  hashSource,
  originOf,
  policyDirectives,
  renderPolicy,
} from '@/integrations/contentSecurityPolicy.mjs';

// SHA-256 of the empty string, a published test vector.
const EMPTY_HASH = "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='";
// SHA-256 of "abc" (FIPS 180-2 example), in base64.
const ABC_HASH = "'sha256-ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0='";

describe('hashSource', () => {
  it('hashes the text as browsers do, after turning CRLF and CR into LF', () => {
    expect(hashSource('')).toBe(EMPTY_HASH);
    expect(hashSource('abc')).toBe(ABC_HASH);
    expect(hashSource('a\r\nb\rc')).toBe(hashSource('a\nb\nc'));
  });
});

describe('findInlineHashes', () => {
  it('hashes inline executable scripts and style elements, not external or data scripts', () => {
    const html = [
      '<script>abc</script>',
      '<script type="module">abc</script>',
      '<script type="text/javascript" >x()</script>',
      '<script src="/_astro/a.js"></script>',
      '<script type="module" src="/_astro/b.js"></script>',
      '<script type="application/ld+json">{"@type":"Organization"}</script>',
      '<script data-src="not-src">y()</script>',
      '<style>abc</style>',
      '<style media="print"></style>',
    ].join('\n');
    const { scripts, styles } = findInlineHashes(html);
    expect(scripts).toEqual([ABC_HASH, hashSource('x()'), hashSource('y()')]);
    expect(styles).toEqual([ABC_HASH, EMPTY_HASH]);
  });
});

describe('renderPolicy', () => {
  it('adds script hashes to script-src and style hashes to style-src only', () => {
    const policy = renderPolicy(policyDirectives({ emailjsOrigin: 'https://api.emailjs.com' }), {
      scripts: [ABC_HASH],
      styles: [EMPTY_HASH],
    });
    expect(policy).toContain(`script-src 'self' ${ABC_HASH};`);
    expect(policy).toContain(`style-src 'self' ${EMPTY_HASH};`);
    expect(policy).toContain("connect-src 'self' https://api.emailjs.com;");
    // Pictures, a post's included, are all served by the site itself.
    expect(policy).toContain("img-src 'self';");
    expect(policy).toContain("default-src 'self';");
    expect(policy).toContain("object-src 'none';");
    expect(policy).toMatch(/form-action 'self'$/);
    expect(policy).not.toMatch(/script-src[^;]*unsafe/);
    // frame-ancestors is ignored in a meta policy: it belongs to the header.
    expect(policy).not.toContain('frame-ancestors');
  });
});

describe('addPolicyMeta and applyPolicy', () => {
  const page =
    '<!DOCTYPE html><html><head><meta charset="utf-8"><script>abc</script></head><body></body></html>';

  it('puts the policy right after <meta charset>, before the first script', () => {
    const result = applyPolicy(page, policyDirectives({ emailjsOrigin: DEFAULT_EMAIL_API_ORIGIN }));
    expect(result).toMatch(
      /^<!DOCTYPE html><html><head><meta charset="utf-8"><meta http-equiv="content-security-policy" content="default-src 'self'; script-src 'self' 'sha256-ungWv48Bz\+pBQUDeXa4iI7ADYaOWF3qctBD\/YfIAFa0='; /,
    );
    expect(result.indexOf('content-security-policy')).toBeLessThan(result.indexOf('<script>'));
  });

  it('falls back to right after <head>, and leaves HTML without a head alone', () => {
    expect(addPolicyMeta('<html><head><title>x</title></head></html>', "default-src 'self'")).toBe(
      '<html><head><meta http-equiv="content-security-policy" content="default-src \'self\'"><title>x</title></head></html>',
    );
    const fragment = '<p>no head here</p>';
    expect(
      applyPolicy(fragment, policyDirectives({ emailjsOrigin: DEFAULT_EMAIL_API_ORIGIN })),
    ).toBe(fragment);
  });

  it('refuses a page that already has a CSP meta, so two policies never pile up', () => {
    const twice = applyPolicy(page, policyDirectives({ emailjsOrigin: DEFAULT_EMAIL_API_ORIGIN }));
    expect(() => addPolicyMeta(twice, "default-src 'self'")).toThrow(/already has a CSP meta/);
  });
});

describe('originOf', () => {
  it('keeps only the origin of an http(s) URL and falls back otherwise', () => {
    expect(originOf('http://127.0.0.1:4567/', 'x')).toBe('http://127.0.0.1:4567');
    expect(originOf(' https://relay.example.com/api/v1.0 ', 'x')).toBe('https://relay.example.com');
    expect(originOf('', DEFAULT_EMAIL_API_ORIGIN)).toBe(DEFAULT_EMAIL_API_ORIGIN);
    expect(originOf(undefined, DEFAULT_EMAIL_API_ORIGIN)).toBe(DEFAULT_EMAIL_API_ORIGIN);
    expect(originOf('javascript:alert(1)', DEFAULT_EMAIL_API_ORIGIN)).toBe(
      DEFAULT_EMAIL_API_ORIGIN,
    );
    expect(originOf('not a url', DEFAULT_EMAIL_API_ORIGIN)).toBe(DEFAULT_EMAIL_API_ORIGIN);
  });
});
