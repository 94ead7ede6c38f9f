/** The typing headline's state machine: type forward, pause, delete at double speed, next phrase, loop. */

export interface TypingTiming {
  /** Delay between typed characters. */
  charDelayMs: number;
  /** Pause once a phrase is complete. */
  pauseMs: number;
  /** Deleting runs at this fraction of the typing delay (0.5: twice as fast). */
  deleteFactor: number;
}

export interface TypingState {
  /** Index into the phrases. */
  index: number;
  /** Characters of the phrase currently shown. */
  length: number;
  deleting: boolean;
}

export interface TypingStep {
  state: TypingState;
  /** Milliseconds until the next step. */
  delayMs: number;
}

/** The first phrase, complete: what the server renders, so the first step is the pause. */
export function getInitialTypingStep(phrases: readonly string[], timing: TypingTiming): TypingStep {
  return {
    state: { index: 0, length: phrases[0]?.length ?? 0, deleting: false },
    delayMs: timing.pauseMs,
  };
}

/** Advances one character (or to the next phrase) and says how long to wait before the next call. */
export function getNextTypingStep(
  { index, length, deleting }: TypingState,
  phrases: readonly string[],
  timing: TypingTiming,
): TypingStep {
  const deleteDelayMs = timing.charDelayMs * timing.deleteFactor;
  const phrase = phrases[index] ?? '';

  if (deleting && length === 0) {
    const nextIndex = (index + 1) % phrases.length;
    const nextPhrase = phrases[nextIndex] ?? '';
    const nextLength = Math.min(1, nextPhrase.length);
    return {
      state: { index: nextIndex, length: nextLength, deleting: false },
      delayMs: nextLength >= nextPhrase.length ? timing.pauseMs : timing.charDelayMs,
    };
  }
  if (deleting || length >= phrase.length) {
    const nextLength = Math.max(0, length - 1);
    return {
      state: { index, length: nextLength, deleting: true },
      // Once empty, the next phrase starts at typing speed.
      delayMs: nextLength === 0 ? timing.charDelayMs : deleteDelayMs,
    };
  }
  const nextLength = length + 1;
  return {
    state: { index, length: nextLength, deleting: false },
    delayMs: nextLength >= phrase.length ? timing.pauseMs : timing.charDelayMs,
  };
}

/** The text shown for a state. */
export function getTypedText({ index, length }: TypingState, phrases: readonly string[]): string {
  return (phrases[index] ?? '').slice(0, length);
}
