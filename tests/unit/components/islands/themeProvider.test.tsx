import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { ThemeProvider, useTheme } from '@/components/islands/ThemeProvider';
import ThemeToggle from '@/components/islands/ThemeToggle';

function ShowTheme() {
  const { resolvedTheme } = useTheme();
  return <span>{resolvedTheme}</span>;
}

describe('useTheme', () => {
  it('throws a clear error outside its provider', () => {
    expect(() => renderToStaticMarkup(<ShowTheme />)).toThrow(
      'useTheme must be used within a ThemeProvider.',
    );
  });

  it('works inside the provider, dark on the server', () => {
    expect(
      renderToStaticMarkup(
        <ThemeProvider>
          <ShowTheme />
        </ThemeProvider>,
      ),
    ).toBe('<span>dark</span>');
  });
});

describe('ThemeToggle', () => {
  it('renders a button named "Toggle theme" with both icons switched by CSS', () => {
    const html = renderToStaticMarkup(<ThemeToggle />);
    expect(html).toMatch(/<button[^>]*aria-label="Toggle theme"/);
    expect(html).toContain('dark:block');
    expect(html).toContain('dark:hidden');
  });
});
