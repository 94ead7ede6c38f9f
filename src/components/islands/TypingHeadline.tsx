import { useEffect, useState } from 'react';
import {
  getInitialTypingStep,
  getNextTypingStep,
  getTypedText,
  type TypingTiming,
} from '@/lib/typingCycle';
import { ErrorBoundary } from './ErrorBoundary';

interface Props {
  phrases: readonly string[];
  timing: TypingTiming;
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/**
 * The hero's cycling word. Purely visual: the heading around it carries the stable sentence for
 * screen readers and marks this part aria-hidden. The server renders the first phrase complete,
 * and every phrase sits invisibly in the same grid cell, so the width never changes.
 */
function TypingWord({ phrases, timing }: Props) {
  const [text, setText] = useState(phrases[0] ?? '');
  const [animating, setAnimating] = useState(false);

  useEffect(() => {
    const media = window.matchMedia(REDUCED_MOTION);
    let timer: number | undefined;

    // The timer chain drives itself (not React effects), so the schedule is exact.
    const start = () => {
      window.clearTimeout(timer);
      let step = getInitialTypingStep(phrases, timing);
      setText(getTypedText(step.state, phrases));
      setAnimating(!media.matches);
      if (media.matches) return;
      const tick = () => {
        step = getNextTypingStep(step.state, phrases, timing);
        setText(getTypedText(step.state, phrases));
        timer = window.setTimeout(tick, step.delayMs);
      };
      timer = window.setTimeout(tick, step.delayMs);
    };

    start();
    media.addEventListener('change', start);
    return () => {
      window.clearTimeout(timer);
      media.removeEventListener('change', start);
    };
  }, [phrases, timing]);

  return (
    <span className="inline-grid pr-2 text-left" data-typing={animating ? 'running' : 'static'}>
      {phrases.map((phrase) => (
        <span key={phrase} className="invisible col-start-1 row-start-1">
          {phrase}
        </span>
      ))}
      <span className="relative col-start-1 row-start-1 text-primary" data-typing-text>
        {text}
        {animating && (
          <span className="absolute top-[12%] -right-1.5 bottom-[12%] w-[3px] rounded-full bg-primary motion-safe:animate-pulse" />
        )}
      </span>
    </span>
  );
}

/** A broken headline still reads whole: the first phrase, standing still. */
export function TypingHeadlineFallback({ phrases }: Pick<Props, 'phrases'>) {
  return <span className="text-primary">{phrases[0]}</span>;
}

export default function TypingHeadline(props: Props) {
  return (
    <ErrorBoundary fallback={<TypingHeadlineFallback phrases={props.phrases} />}>
      <TypingWord {...props} />
    </ErrorBoundary>
  );
}
