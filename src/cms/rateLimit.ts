/**
 * PocketBase's rate limiter answers a client over a limit HTTP 429. The build does not fail on
 * one: it waits as the answer's Retry-After says (without one, the longest window of the
 * project's rules: RATE_LIMIT_WAITS.windowMs) and asks again, each try with a whole deadline of
 * its own, so no wait counts against the time an answer may take. It gives up, with an error
 * that says what to change, once PocketBase has answered nothing but 429 for
 * RATE_LIMIT_WAITS.maxWaitMs: to one request, or to every request of the build since the first
 * refused one (so that after one request gives up, the next one refused gives up at once rather
 * than wait as long again, and a build of a thousand pictures still ends).
 *
 * Written here rather than with undici's RetryAgent (or its retry interceptor): those retry inside
 * one fetch, under the caller's one signal, so the waits would count against the deadline of the
 * whole answer (a 10 s wait inside a 10 s picture download would end it), and undici has no
 * deadline of its own for a whole answer, body included, to put on each try instead.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { RATE_LIMIT_WAITS } from '@/config/site';
import { parseRetryAfter } from '@/lib/retryAfter';
import { PocketBaseRateLimitError } from './errors';

export interface RateLimitWaits {
  windowMs: number;
  maxWaitMs: number;
}

/** A try answered 429: thrown by a try for the loop to wait; unwaited, it reads "HTTP 429". */
export class TooManyRequestsError extends Error {
  override name = 'TooManyRequestsError';
  readonly retryAfter: string | null;
  constructor(retryAfter: string | null) {
    super('HTTP 429');
    this.retryAfter = retryAfter;
  }
}

/** The 429 `response` as the error a try throws, its body let go. */
export async function tooManyRequests(response: Response): Promise<TooManyRequestsError> {
  await response.body?.cancel().catch(() => {});
  return new TooManyRequestsError(response.headers.get('retry-after'));
}

/** A Retry-After of 0 (or a date gone by) must not make a loop of requests. */
const SHORTEST_WAIT_MS = 1_000;

/** Per origin, while it answers the build's requests nothing but 429: since when, and last. */
const refusals = new Map<string, { since: number; last: number }>();

/**
 * Runs `attempt` (one try, with its own deadline, that throws `tooManyRequests(response)` on a
 * 429) until it does anything else, waiting between tries as above; `signal` ends a wait.
 */
export async function retryWhileRateLimited<T>(
  url: string,
  attempt: () => Promise<T>,
  { signal, waits = RATE_LIMIT_WAITS }: { signal?: AbortSignal; waits?: RateLimitWaits } = {},
): Promise<T> {
  const { origin, pathname } = new URL(url);
  let firstRefusal: number | undefined;
  for (;;) {
    try {
      const result = await attempt();
      refusals.delete(origin);
      return result;
    } catch (error) {
      if (!(error instanceof TooManyRequestsError)) {
        refusals.delete(origin);
        throw error;
      }
      const now = Date.now();
      firstRefusal ??= now;
      let refused = refusals.get(origin);
      // Refusals long past, with nothing asked since (a long `astro dev`), are no longer a run.
      if (!refused || now - refused.last > waits.maxWaitMs) refused = { since: now, last: now };
      refused.last = now;
      refusals.set(origin, refused);
      const left = Math.min(firstRefusal, refused.since) + waits.maxWaitMs - now;
      if (left <= 0) throw new PocketBaseRateLimitError(origin + pathname, waits.maxWaitMs);
      const asked = parseRetryAfter(error.retryAfter, now) ?? waits.windowMs;
      await sleep(Math.min(Math.max(asked, SHORTEST_WAIT_MS), left), undefined, { signal });
    }
  }
}
