import { describe, expect, it } from 'vitest';
import { getToggledTheme, parseThemePreference, resolveTheme } from '@/lib/theme';
import { SITE } from '@/config/site';

describe('theme preference', () => {
  it('is stored under the product key', () => {
    expect(SITE.themeStorageKey).toBe('ledgerwise-ui-theme');
  });

  it('defaults to dark when nothing or something unknown is stored', () => {
    expect(parseThemePreference(null)).toBe('dark');
    expect(parseThemePreference(undefined)).toBe('dark');
    expect(parseThemePreference('')).toBe('dark');
    expect(parseThemePreference('purple')).toBe('dark');
    expect(parseThemePreference('Light')).toBe('dark');
  });

  it('keeps light, dark and system', () => {
    expect(parseThemePreference('light')).toBe('light');
    expect(parseThemePreference('dark')).toBe('dark');
    expect(parseThemePreference('system')).toBe('system');
  });

  it('resolves system from the OS setting and ignores the OS otherwise', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });

  it('toggles only between light and dark', () => {
    expect(getToggledTheme('dark')).toBe('light');
    expect(getToggledTheme('light')).toBe('dark');
  });
});
