/**
 * A page painted from its HTML (prerendered, or a page shell) is on screen before any of its
 * scripts but the small entry has been asked for (decision 046). Its preloads (react-dom, the app,
 * the page's chunks) wait in an inert <template> of this id, written by the build
 * (vite.prerender.ts), until the page has painted.
 */
export const AFTER_FIRST_PAINT = "after-first-paint";

/** The longest the wait lasts: a tab opened in the background paints only when it is shown. */
const LONGEST_WAIT_MS = 1000;

/**
 * Resolves once the browser has shown the page's first text (its first contentful paint), at once
 * when the page has nothing to paint before React renders (an empty root).
 */
export function afterFirstPaint(root: HTMLElement): Promise<void> {
  if (!root.firstElementChild || performance.getEntriesByName("first-contentful-paint").length > 0)
    return Promise.resolve();
  return new Promise((resolve) => {
    const painted = PerformanceObserver.supportedEntryTypes?.includes("paint")
      ? new PerformanceObserver((list) => {
          if (list.getEntriesByName("first-contentful-paint").length > 0) done();
        })
      : null;
    const timer = setTimeout(done, LONGEST_WAIT_MS);
    function done() {
      painted?.disconnect();
      clearTimeout(timer);
      resolve();
    }
    if (painted) painted.observe({ type: "paint", buffered: true });
    // No paint timing: the task after the next frame's, which has been painted by then.
    else requestAnimationFrame(() => setTimeout(done, 0));
  });
}

/**
 * Gives the browser its turn: the rest runs in a task of its own, so that no task of a page's start
 * grows long enough to hold up a tap (Lighthouse counts the part of a task beyond 50 ms, on its
 * phone, as blocking time; decision 019).
 */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** How long one task puts preloads into the <head> before giving the browser its turn. */
const SLICE_MS = 4;

/**
 * Starts the preloads the page's <head> kept back for after its first paint, in their order
 * (react-dom and the app first), a few milliseconds' worth per task: each <link> inserted costs the
 * main thread its request's set-up, 5-17 ms for a page's dozen on a desktop (decision 046).
 */
export async function startDeferredPreloads(): Promise<void> {
  const held = document.getElementById(AFTER_FIRST_PAINT);
  if (!(held instanceof HTMLTemplateElement)) return;
  held.remove();
  let sliceStart = performance.now();
  for (const link of [...held.content.children]) {
    if (performance.now() - sliceStart > SLICE_MS) {
      await nextTask();
      sliceStart = performance.now();
    }
    document.head.append(link);
  }
}
