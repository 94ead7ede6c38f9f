import { ErrorBoundary } from './ErrorBoundary';
import { ThemeProvider, useTheme } from './ThemeProvider';

/*
 * The two icons are inline SVG (Lucide's "sun" and "moon" paths) rather than lucide-react:
 * this island loads on every page, and lucide's runtime would add ~1.7 KB gzip to each.
 */
const iconProps = {
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
} as const;

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
      <svg {...iconProps} className="hidden h-5 w-5 dark:block">
        <circle cx="12" cy="12" r="4" />
        <path d="M12 2v2M12 20v2m-7.07-17.07 1.41 1.41m11.32 11.32 1.41 1.41M2 12h2m16 0h2M6.34 17.66l-1.41 1.41M19.07 4.93l-1.41 1.41" />
      </svg>
      <svg {...iconProps} className="h-5 w-5 dark:hidden">
        <path d="M12 3a6 6 0 0 0 9 9 9 9 0 1 1-9-9Z" />
      </svg>
    </button>
  );
}

export default function ThemeToggle() {
  // A broken toggle leaves no trace: the page keeps the theme it has, and a message would not
  // fit a 40 px icon button.
  return (
    <ErrorBoundary fallback={null}>
      <ThemeProvider>
        <ThemeToggleButton />
      </ThemeProvider>
    </ErrorBoundary>
  );
}
