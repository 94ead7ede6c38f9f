// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import ThemeToggle from '@/components/islands/ThemeToggle';
import { THEME_STORAGE_KEY } from '@/lib/theme';

// React's act() warns unless the environment says it is a test environment.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | undefined;

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.replaceChildren();
  document.documentElement.className = '';
  localStorage.clear();
  vi.restoreAllMocks();
});

/*
 * The toggle stays server-rendered until a visitor touches it, and the server cannot know the
 * stored theme: the button it sends must already be true in either theme, and hydrating it must
 * change nothing, or a replayed first click would land on replaced elements.
 */
describe('ThemeToggle before and at hydration', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`server markup is right and hydrates without a mismatch when ${theme} is stored`, () => {
      // What the server sends: it assumes the default, dark, as nothing is stored there.
      document.documentElement.classList.add('dark');
      const container = document.createElement('div');
      container.innerHTML = renderToString(<ThemeToggle />);
      document.body.append(container);
      // What the visitor's browser has, applied by the head script before the body is parsed.
      localStorage.setItem(THEME_STORAGE_KEY, theme);
      document.documentElement.classList.toggle('dark', theme === 'dark');
      const button = container.querySelector('button')!;
      expect(button.getAttribute('aria-label')).toBe('Toggle theme');
      expect(button.getAttribute('title')).toBe('Toggle theme');

      const errors = vi.spyOn(console, 'error');
      const recoverable = vi.fn();
      act(() => {
        root = hydrateRoot(container, <ThemeToggle />, { onRecoverableError: recoverable });
      });
      expect(recoverable).not.toHaveBeenCalled();
      expect(errors).not.toHaveBeenCalled();
      expect(container.querySelector('button')).toBe(button);

      act(() => button.click());
      expect(document.documentElement.classList.contains('dark')).toBe(theme === 'light');
      expect(document.documentElement.style.colorScheme).toBe(theme === 'light' ? 'dark' : 'light');
      expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe(theme === 'light' ? 'dark' : 'light');
    });
  }
});
