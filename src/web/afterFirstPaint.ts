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

/** Starts the preloads the page's <head> kept back for after its first paint. */
export function startDeferredPreloads() {
  const held = document.getElementById(AFTER_FIRST_PAINT);
  if (held instanceof HTMLTemplateElement) document.head.append(held.content);
}
