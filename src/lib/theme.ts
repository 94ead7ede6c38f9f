/*
 * The theme's settings, read by the head script (ThemeScript.astro), which applies the stored
 * preference before the first paint, and by the toggle (ThemeToggle.tsx), which stores the choice.
 * Preferences: "light", "dark" or "system"; anything else stored reads as the default.
 */
import { SITE } from '@/config/site';

export const THEME_STORAGE_KEY = SITE.themeStorageKey;
export const DEFAULT_THEME = 'dark';
export const DARK_QUERY = '(prefers-color-scheme: dark)';
