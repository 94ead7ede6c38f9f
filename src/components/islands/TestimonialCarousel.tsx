import { useEffect, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useKeenSlider } from 'keen-slider/react';
import { TIMING } from '@/config/site';
import { ErrorBoundary, IslandMessage } from './ErrorBoundary';

interface Props {
  /** The slides, rendered by Astro (TestimonialSlide.astro): static HTML, not serialised props. */
  children: ReactNode;
  count: number;
  /** Names the region for assistive technology. */
  label?: string;
  autoplayMs?: number;
}

const { speedMs, breakpoints } = TIMING.carousel;

/** keen-slider breakpoints from TIMING: 1 slide, 2 from 768 px, 3 from 1024 px. */
const SLIDER_BREAKPOINTS = Object.fromEntries(
  Object.entries(breakpoints)
    .filter(([minWidth]) => Number(minWidth) > 0)
    .map(([minWidth, perView]) => [`(min-width: ${minWidth}px)`, { slides: { perView } }]),
);

/* Lucide's chevron, pause and play paths inline: lucide's runtime would cost Home 1.7 KB gzip. */
const ICONS = {
  previous: <path d="m15 18-6-6 6-6" />,
  next: <path d="m9 18 6-6-6-6" />,
  pause: (
    <>
      <rect x="14" y="4" width="4" height="16" rx="1" />
      <rect x="6" y="4" width="4" height="16" rx="1" />
    </>
  ),
  play: <path d="M6 3l14 9-14 9V3z" />,
};

function Icon({ name }: { name: keyof typeof ICONS }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className="h-5 w-5"
    >
      {ICONS[name]}
    </svg>
  );
}

function usePrefersReducedMotion(): boolean {
  const [reduced, setReduced] = useState(false);
  useEffect(() => {
    const query = window.matchMedia('(prefers-reduced-motion: reduce)');
    setReduced(query.matches);
    const onChange = () => setReduced(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return reduced;
}

function Carousel({
  children,
  count,
  label = 'Testimonials',
  autoplayMs = TIMING.carousel.autoplayMs,
}: Props) {
  const [current, setCurrent] = useState(0);
  /** 'auto' follows the reduced-motion preference; the button sets 'paused' or 'playing'. */
  const [preference, setPreference] = useState<'auto' | 'paused' | 'playing'>('auto');
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [hidden, setHidden] = useState(false);
  const reducedMotion = usePrefersReducedMotion();

  const [sliderRef, slider] = useKeenSlider<HTMLDivElement>({
    loop: count > 1,
    defaultAnimation: { duration: speedMs },
    slides: { perView: 1 },
    breakpoints: SLIDER_BREAKPOINTS,
    slideChanged: (s) => setCurrent(s.track.details.rel),
    dragStarted: () => setDragging(true),
    dragEnded: () => setDragging(false),
  });

  useEffect(() => {
    const onVisibility = () => setHidden(document.visibilityState === 'hidden');
    onVisibility();
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, []);

  // Under reduced motion nothing moves by itself; the play button still lets a visitor opt in.
  const autoplayOn = preference === 'playing' || (preference === 'auto' && !reducedMotion);
  const playing = autoplayOn && !hovered && !focused && !dragging && !hidden && count > 1;

  useEffect(() => {
    if (!playing) return;
    const timer = window.setTimeout(() => slider.current?.next(), autoplayMs);
    return () => window.clearTimeout(timer);
  }, [playing, current, autoplayMs, slider]);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'ArrowRight') slider.current?.next();
    else if (event.key === 'ArrowLeft') slider.current?.prev();
    else return;
    event.preventDefault();
  };

  const toggleLabel = autoplayOn ? 'Pause testimonials' : 'Play testimonials';

  return (
    <section
      aria-roledescription="carousel"
      aria-label={label}
      className="relative"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
      // Capture: arrow keys work wherever focus is inside the carousel (as shadcn's carousel).
      onKeyDownCapture={onKeyDown}
      data-playing={playing ? 'true' : 'false'}
      data-current={current}
    >
      <div
        ref={sliderRef}
        // Announce slide changes only while it is not moving by itself.
        aria-live={playing ? 'off' : 'polite'}
        className="keen-slider relative flex touch-pan-y overflow-hidden rounded-lg select-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {children}
      </div>

      {count > 1 && (
        <div className="mt-6 flex items-center justify-center gap-3">
          <CarouselButton label="Previous testimonial" onClick={() => slider.current?.prev()}>
            <Icon name="previous" />
          </CarouselButton>
          <CarouselButton
            label={toggleLabel}
            onClick={() => setPreference(autoplayOn ? 'paused' : 'playing')}
          >
            <Icon name={autoplayOn ? 'pause' : 'play'} />
          </CarouselButton>
          <CarouselButton label="Next testimonial" onClick={() => slider.current?.next()}>
            <Icon name="next" />
          </CarouselButton>
        </div>
      )}
    </section>
  );
}

export function TestimonialCarouselFallback() {
  return (
    <IslandMessage>The testimonials could not be shown. Please reload the page.</IslandMessage>
  );
}

export default function TestimonialCarousel(props: Props) {
  return (
    <ErrorBoundary fallback={<TestimonialCarouselFallback />}>
      <Carousel {...props} />
    </ErrorBoundary>
  );
}

function CarouselButton({
  label,
  onClick,
  children,
}: {
  label: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      className="inline-flex h-10 w-10 items-center justify-center rounded-full border border-border bg-background text-foreground transition-colors hover:bg-muted"
    >
      {children}
    </button>
  );
}
