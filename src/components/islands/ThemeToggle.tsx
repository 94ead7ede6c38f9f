import { buttonVariants } from '@/components/ui/buttonVariants';
import { ErrorBoundary } from './ErrorBoundary';
import { ThemeProvider, useTheme } from './ThemeProvider';

/*
 * The two icons are inline SVG (Lucide's "sun" and "moon" paths) rather than lucide-react:
 * this island is on every page, and lucide's runtime would add ~1.7 KB gzip to its code.
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
  const { toggleTheme } = useTheme();
  /*
   * Everything this renders must be the same on the server and on the first client render: the
   * server cannot know the stored theme, and the button stays server-rendered until a visitor
   * touches it. So the label and tooltip name the action, not the theme it leads to.
   */
  return (
    <button
      type="button"
      onClick={toggleTheme}
      aria-label="Toggle theme"
      title="Toggle theme"
      className={buttonVariants({ variant: 'ghost', size: 'icon' })}
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
