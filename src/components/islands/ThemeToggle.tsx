import { Moon, Sun } from 'lucide-react';
import { ErrorBoundary } from './ErrorBoundary';
import { ThemeProvider, useTheme } from './ThemeProvider';

function ThemeToggleButton() {
  const { resolvedTheme, toggleTheme } = useTheme();
  const next = resolvedTheme === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      onClick={toggleTheme}
      aria-label="Toggle theme"
      title={`Switch to ${next} theme`}
      className="inline-flex h-10 w-10 items-center justify-center rounded-md text-foreground transition-colors hover:bg-muted"
    >
      {/* Icons switch by CSS, so the server-rendered button is already right before hydration. */}
      <Sun className="hidden h-5 w-5 dark:block" aria-hidden="true" />
      <Moon className="h-5 w-5 dark:hidden" aria-hidden="true" />
    </button>
  );
}

export default function ThemeToggle() {
  return (
    <ErrorBoundary>
      <ThemeProvider>
        <ThemeToggleButton />
      </ThemeProvider>
    </ErrorBoundary>
  );
}
