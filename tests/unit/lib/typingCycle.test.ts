import { describe, expect, it } from 'vitest';
import {
  getInitialTypingStep,
  getNextTypingStep,
  getTypedText,
  type TypingStep,
} from '@/lib/typingCycle';
import { HERO_PHRASES, TIMING } from '@/config/site';

/** Runs the machine and records each displayed text with the time it appears. */
function runTimeline(steps: number) {
  let step: TypingStep = getInitialTypingStep(HERO_PHRASES, TIMING.typing);
  let at = 0;
  const timeline: Array<{ at: number; text: string }> = [
    { at, text: getTypedText(step.state, HERO_PHRASES) },
  ];
  for (let i = 0; i < steps; i++) {
    at += step.delayMs;
    step = getNextTypingStep(step.state, HERO_PHRASES, TIMING.typing);
    timeline.push({ at, text: getTypedText(step.state, HERO_PHRASES) });
  }
  return timeline;
}

describe('typing cycle', () => {
  it('uses the set timings: 75 ms a character, 1,500 ms pause, deleting at half the delay', () => {
    expect(TIMING.typing).toEqual({ charDelayMs: 75, pauseMs: 1500, deleteFactor: 0.5 });
    expect(HERO_PHRASES).toEqual(['Accounting', 'Tax', 'Statutory', 'Audit']);
  });

  it('starts on the complete first phrase and pauses 1,500 ms', () => {
    const step = getInitialTypingStep(HERO_PHRASES, TIMING.typing);
    expect(getTypedText(step.state, HERO_PHRASES)).toBe('Accounting');
    expect(step.delayMs).toBe(1500);
  });

  it('deletes every 37.5 ms, then types the next phrase every 75 ms and pauses on it', () => {
    const timeline = runTimeline(10 + 3);
    // Ten deletions of "Accounting", from the end of the pause, 37.5 ms apart.
    expect(timeline.slice(1, 11)).toEqual(
      Array.from({ length: 10 }, (_, i) => ({
        at: 1500 + i * 37.5,
        text: 'Accounting'.slice(0, 9 - i),
      })),
    );
    // Then "Tax" at typing speed.
    expect(timeline.slice(11)).toEqual([
      { at: 1837.5 + 75, text: 'T' },
      { at: 1837.5 + 150, text: 'Ta' },
      { at: 1837.5 + 225, text: 'Tax' },
    ]);
    const afterTax = getNextTypingStep(
      { index: 1, length: 3, deleting: false },
      HERO_PHRASES,
      TIMING.typing,
    );
    expect(afterTax.state).toEqual({ index: 1, length: 2, deleting: true });
  });

  it('pauses 1,500 ms after the last character of a phrase', () => {
    const step = getNextTypingStep(
      { index: 2, length: 8, deleting: false },
      HERO_PHRASES,
      TIMING.typing,
    );
    expect(getTypedText(step.state, HERO_PHRASES)).toBe('Statutory');
    expect(step.delayMs).toBe(1500);
  });

  it('loops from the last phrase back to the first', () => {
    const step = getNextTypingStep(
      { index: 3, length: 0, deleting: true },
      HERO_PHRASES,
      TIMING.typing,
    );
    expect(step.state).toEqual({ index: 0, length: 1, deleting: false });
    expect(getTypedText(step.state, HERO_PHRASES)).toBe('A');
    expect(step.delayMs).toBe(75);
  });

  it('visits every phrase in order, complete, within one cycle', () => {
    const complete = runTimeline(200)
      .map((entry) => entry.text)
      .filter((text) => (HERO_PHRASES as readonly string[]).includes(text));
    expect([...new Set(complete)]).toEqual([...HERO_PHRASES]);
  });
});
