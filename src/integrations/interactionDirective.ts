/**
 * `client:interaction`: hydrates an island when a visitor first reaches for it (a pointer or a
 * finger landing on it, focus moving into it, a key pressed in it), so a page whose only islands
 * use it loads no script until then. Astro inlines this file into the pages that use it: keep it
 * small and free of imports.
 *
 * No click is lost and none counts twice. From the moment the island is on the page until its
 * component has hydrated, a capture listener on the island holds every click inside it: the
 * click is stopped before anything else sees it (its default action too) and queued. Once
 * hydration is done, the queued clicks are dispatched again, in order, on the elements they hit,
 * where the component's own handlers now answer them; later clicks pass untouched. So each click
 * acts exactly once whatever the timing: a mouse's first click (its pointerdown starts hydration,
 * and the click may come before or after the code has arrived), a tap, Enter or Space on a
 * focused button (the browser turns them into clicks), each click of a double click. A click
 * with no trigger before it (assistive technology, a script) starts hydration itself.
 *
 * Replaying right after hydrate() is enough for React: hydrateRoot attaches its listeners there,
 * and from then on React handles a click even before its scheduled hydration has committed (it
 * hydrates the root at once for a discrete event). The replay relies on the hydrated elements
 * being the server-rendered ones, so a component using this directive must render the same
 * markup on the server and on its first client render.
 */
import type { ClientDirective } from 'astro';

/** The events that start hydration: the first sign a visitor is about to use the island. */
export const HYDRATION_TRIGGERS = ['pointerdown', 'touchstart', 'focusin', 'keydown'] as const;

const interactionDirective: ClientDirective = (load, _options, el) => {
  const held: MouseEvent[] = [];
  let started = false;

  const holdClick = (event: Event) => {
    event.preventDefault();
    event.stopImmediatePropagation();
    held.push(event as MouseEvent);
    start();
  };

  const hydrateThenReplay = async () => {
    try {
      const hydrate = await load();
      await hydrate();
    } finally {
      // Also on failure: clicks then reach the server-rendered markup as they would without JS.
      el.removeEventListener('click', holdClick, true);
    }
    // A copy of each held click: same target, position, button, modifiers and click count.
    for (const click of held.splice(0)) click.target?.dispatchEvent(new MouseEvent('click', click));
  };

  const start = () => {
    if (started) return;
    started = true;
    for (const type of HYDRATION_TRIGGERS) el.removeEventListener(type, start, true);
    hydrateThenReplay().catch((error: unknown) => {
      // Reported as Astro reports its own islands' failures; the server-rendered HTML stays.
      console.error(`[astro-island] Error hydrating ${el.getAttribute('component-url')}`, error);
    });
  };

  // Registered before the component's own listeners exist, so the holder always runs first.
  el.addEventListener('click', holdClick, true);
  for (const type of HYDRATION_TRIGGERS) {
    el.addEventListener(type, start, { capture: true, passive: true });
  }
};

export default interactionDirective;
