/**
 * The time one build may spend downloading pictures from hosts other than PocketBase. The clock
 * runs while at least one such download is under way (downloads at once share it), so a slow or
 * silent host costs the build at most the budget however many pictures it serves. Once it is
 * used up, the remaining pictures are left out without being fetched, and a download under way
 * when it runs out is stopped.
 */

/** Not worth starting a download with less time than this left. */
const SMALLEST_USEFUL_MS = 50;

export interface RemoteBudget {
  /**
   * Runs `download` with a signal that ends at `timeoutMs` or when the budget runs out, whichever
   * comes first, and a `timedOut(stage)` that words the end; rejects without running it when the
   * budget is used up.
   */
  run<T>(
    timeoutMs: number,
    download: (signal: AbortSignal, timedOut: (stage: string) => string) => Promise<T>,
  ): Promise<T>;
}

export function createRemoteBudget(budgetMs: number): RemoteBudget {
  const usedUp = `the build's ${budgetMs / 1000} s for remote pictures was used up`;
  let spent = 0;
  let running = 0;
  let since = 0;
  const left = () => budgetMs - spent - (running > 0 ? performance.now() - since : 0);
  return {
    async run(timeoutMs, download) {
      const remaining = left();
      if (remaining < SMALLEST_USEFUL_MS) throw new Error(usedUp);
      if (running++ === 0) since = performance.now();
      const budgetEnds = remaining < timeoutMs;
      const signal = AbortSignal.timeout(Math.ceil(Math.min(remaining, timeoutMs)));
      try {
        return await download(signal, (stage) =>
          budgetEnds ? usedUp : `${stage} within ${timeoutMs / 1000} s`,
        );
      } finally {
        if (--running === 0) spent += performance.now() - since;
      }
    },
  };
}
