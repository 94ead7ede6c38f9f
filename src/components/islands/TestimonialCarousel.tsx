import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useKeenSlider } from 'keen-slider/react';
import { ChevronLeft, ChevronRight, Pause, Play } from 'lucide-react';
import { TIMING } from '@/site.config';

export interface CarouselImage {
  src: string;
  srcSet?: string;
  width: number;
  height: number;
}

export interface CarouselTestimonial {
  id: string;
  quote: string;
  author: string;
  position?: string;
  company?: string;
  avatar?: CarouselImage;
  /** Entrance animation delay in ms (spec §3); slides move instead, so it is kept as data only. */
  delay: number;
}

interface Props {
  testimonials: CarouselTestimonial[];
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

/** The author's first letter (a whole character, even an emoji), or "?" without an author. */
export function avatarInitial(author: string): string {
  const [first] = Array.from(author.trim());
  return first ? first.toLocaleUpperCase() : '?';
}

function Avatar({ author, image }: { author: string; image?: CarouselImage }) {
  const [failed, setFailed] = useState(false);
  const imgRef = useRef<HTMLImageElement>(null);
  useEffect(() => {
    // An error before hydration fired no React handler: read the result from the element.
    const img = imgRef.current;
    if (img?.complete && img.naturalWidth === 0) setFailed(true);
  }, []);
  if (image && !failed) {
    return (
      <img
        ref={imgRef}
        src={image.src}
        srcSet={image.srcSet}
        width={image.width}
        height={image.height}
        alt=""
        loading="lazy"
        decoding="async"
        onError={() => setFailed(true)}
        className="h-12 w-12 shrink-0 rounded-full object-cover"
      />
    );
  }
  // The default user image: a gradient disc with the author's initial.
  return (
    <span
      aria-hidden="true"
      data-avatar-fallback=""
      className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-sky-500 to-indigo-600 text-lg font-semibold text-white"
    >
      {avatarInitial(author)}
    </span>
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

export default function TestimonialCarousel({
  testimonials,
  label = 'Testimonials',
  autoplayMs = TIMING.carousel.autoplayMs,
}: Props) {
  const count = testimonials.length;
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

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'ArrowRight') slider.current?.next();
    else if (event.key === 'ArrowLeft') slider.current?.prev();
    else return;
    event.preventDefault();
  };

  const toggleLabel = autoplayOn ? 'Pause testimonials' : 'Play testimonials';

  return (
    <div
      role="region"
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
        className="keen-slider relative flex touch-pan-y select-none overflow-hidden rounded-lg focus-visible:ring-2 focus-visible:ring-ring"
      >
        {testimonials.map((testimonial, index) => (
          <div
            key={testimonial.id}
            role="group"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${count}`}
            className="keen-slider__slide relative shrink-0 basis-full overflow-hidden px-3 md:basis-1/2 lg:basis-1/3"
          >
            {/* h-[420px]: TIMING.carousel.heightPx, as a class so no inline style needs a CSP hash. */}
            <figure className="flex h-[420px] flex-col rounded-lg border border-border bg-card p-6 text-card-foreground shadow-sm">
              <blockquote className="flex-1 overflow-y-auto text-base leading-relaxed text-foreground">
                <p>“{testimonial.quote}”</p>
              </blockquote>
              <figcaption className="mt-6 flex items-center gap-4">
                <Avatar author={testimonial.author} image={testimonial.avatar} />
                <div className="min-w-0">
                  <p className="font-semibold text-foreground">{testimonial.author}</p>
                  {(testimonial.position || testimonial.company) && (
                    <p className="text-sm text-muted-foreground">
                      {[testimonial.position, testimonial.company].filter(Boolean).join(', ')}
                    </p>
                  )}
                </div>
              </figcaption>
            </figure>
          </div>
        ))}
      </div>

      {count > 1 && (
        <div className="mt-6 flex items-center justify-center gap-3">
          <CarouselButton label="Previous testimonial" onClick={() => slider.current?.prev()}>
            <ChevronLeft className="h-5 w-5" aria-hidden="true" />
          </CarouselButton>
          <CarouselButton
            label={toggleLabel}
            onClick={() => setPreference(autoplayOn ? 'paused' : 'playing')}
          >
            {autoplayOn ? (
              <Pause className="h-5 w-5" aria-hidden="true" />
            ) : (
              <Play className="h-5 w-5" aria-hidden="true" />
            )}
          </CarouselButton>
          <CarouselButton label="Next testimonial" onClick={() => slider.current?.next()}>
            <ChevronRight className="h-5 w-5" aria-hidden="true" />
          </CarouselButton>
        </div>
      )}
    </div>
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
