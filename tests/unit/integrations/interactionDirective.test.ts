// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import interactionDirective, { HYDRATION_TRIGGERS } from '@/integrations/interactionDirective';

/**
 * An island as Astro renders it (a custom element around the server-rendered button) with the
 * directive applied. `load` stays pending until `finishLoading()`, like a chunk on the network;
 * the hydrate step it returns then attaches the component's click handler to the island in the
 * capture phase, where React's root listener sits, so the holder has to beat a listener on the
 * same element.
 */
function setUp({ failWith, listenEarly }: { failWith?: Error; listenEarly?: Promise<void> } = {}) {
  const island = document.createElement('astro-island');
  island.setAttribute('component-url', '/_astro/ThemeToggle.js');
  island.innerHTML = '<button type="button" aria-label="Toggle theme"><svg></svg></button>';
  document.body.append(island);
  const button = island.querySelector('button')!;

  const handled: MouseEvent[] = [];
  const onPage: MouseEvent[] = [];
  document.addEventListener('click', (event) => onPage.push(event));

  let finishLoading!: () => void;
  const loaded = new Promise<void>((resolve) => (finishLoading = resolve));
  const load = vi.fn(async () => {
    await loaded;
    if (failWith) throw failWith;
    return async () => {
      island.addEventListener('click', (event) => handled.push(event), true);
      // A renderer may listen before its hydrate step has finished.
      await listenEarly;
    };
  });
  interactionDirective(load, { name: 'ThemeToggle', value: 'true' }, island);

  /** Resolves the load and lets every promise of hydration and replay settle. */
  const hydrate = async () => {
    finishLoading();
    // A macrotask runs only after every pending promise callback has.
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  /** A real-looking click; returns false when something prevented its default action. */
  const click = (detail = 1) =>
    button.dispatchEvent(
      new MouseEvent('click', { bubbles: true, cancelable: true, detail, clientX: 12, clientY: 7 }),
    );
  return { island, button, load, handled, onPage, hydrate, click };
}

afterEach(() => {
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

describe('client:interaction', () => {
  it('loads nothing while nobody reaches for the island', () => {
    const { button, island, load } = setUp();
    for (const type of ['mouseover', 'pointermove', 'scroll', 'keyup']) {
      button.dispatchEvent(new Event(type, { bubbles: true }));
    }
    island.dispatchEvent(new Event('focus'));
    expect(load).not.toHaveBeenCalled();
  });

  it.each(HYDRATION_TRIGGERS)(
    'starts hydration once on %s, even when it does not bubble',
    (type) => {
      const { button, load } = setUp();
      button.dispatchEvent(new Event(type, { bubbles: false }));
      for (const other of HYDRATION_TRIGGERS)
        button.dispatchEvent(new Event(other, { bubbles: true }));
      expect(load).toHaveBeenCalledTimes(1);
    },
  );

  it('holds a click that arrives while loading and replays it once after hydration', async () => {
    const { button, handled, onPage, hydrate, click } = setUp();
    button.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(click()).toBe(false);
    expect(handled).toHaveLength(0);
    expect(onPage).toHaveLength(0);

    await hydrate();
    expect(handled).toHaveLength(1);
    expect(handled[0].target).toBe(button);
    expect(handled[0]).toMatchObject({ detail: 1, clientX: 12, clientY: 7 });
    // The replay travels on like any click; the held original never did.
    expect(onPage).toHaveLength(1);
  });

  it('holds clicks until hydrate() has finished, even if the component already listens', async () => {
    let finishHydrating!: () => void;
    const listenEarly = new Promise<void>((resolve) => (finishHydrating = resolve));
    const { button, handled, hydrate, click } = setUp({ listenEarly });
    button.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    await hydrate();
    expect(click()).toBe(false);
    expect(handled).toHaveLength(0);
    finishHydrating();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(handled).toHaveLength(1);
  });

  it('lets a click after hydration through untouched, exactly once', async () => {
    const { button, handled, onPage, hydrate, click } = setUp();
    button.dispatchEvent(new Event('focusin', { bubbles: true }));
    await hydrate();
    expect(click()).toBe(true);
    expect(handled).toHaveLength(1);
    expect(onPage).toHaveLength(1);
  });

  it('counts every click of a double click, during or across hydration', async () => {
    const during = setUp();
    during.button.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    during.click(1);
    during.click(2);
    await during.hydrate();
    expect(during.handled.map((event) => event.detail)).toEqual([1, 2]);

    document.body.replaceChildren();
    const across = setUp();
    across.button.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    across.click(1);
    await across.hydrate();
    across.click(2);
    expect(across.handled.map((event) => event.detail)).toEqual([1, 2]);
  });

  it('hydrates on a click that came with no trigger before it, and replays that click', async () => {
    const { load, handled, hydrate, click } = setUp();
    expect(click()).toBe(false);
    expect(load).toHaveBeenCalledTimes(1);
    await hydrate();
    expect(handled).toHaveLength(1);
  });

  it('reports a failed load and stops holding clicks', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const failure = new Error('chunk failed to load');
    const { button, handled, onPage, hydrate, click } = setUp({ failWith: failure });
    button.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    click();
    await hydrate();
    await vi.waitFor(() =>
      expect(error).toHaveBeenCalledWith(
        '[astro-island] Error hydrating /_astro/ThemeToggle.js',
        failure,
      ),
    );
    expect(handled).toHaveLength(0);
    expect(onPage).toHaveLength(0);
    expect(click()).toBe(true);
    expect(onPage).toHaveLength(1);
  });
});
