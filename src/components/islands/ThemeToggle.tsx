import { buttonVariants } from '@/components/ui/buttonVariants';
import { THEME_STORAGE_KEY } from '@/lib/theme';
import { ErrorBoundary } from './ErrorBoundary';

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

/**
 * Switches between light and dark, starting from what is shown (the head script has applied the
 * stored preference, "system" included), and stores the choice.
 */
function toggleTheme() {
  const root = document.documentElement;
  const next = root.classList.contains('dark') ? 'light' : 'dark';
  try {
    localStorage.setItem(THEME_STORAGE_KEY, next);
  } catch {
    // Storage can be unavailable (private mode, quotas): the choice still applies to this page.
  }
  root.classList.toggle('dark', next === 'dark');
  root.style.colorScheme = next;
}

function ThemeToggleButton() {
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
      <ThemeToggleButton />
    </ErrorBoundary>
  );
}
