import { useSyncExternalStore } from "react";

const nothingToWatch = () => () => {};

/**
 * False while a page is rendered at build time (src/web/prerender.tsx) and while the browser
 * hydrates it, true from then on (and at once in a page rendered in the browser). Content that
 * only the browser knows, such as today's date, is shown when this is true, so the hydrating
 * render matches the prerendered markup (decision 030).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    nothingToWatch,
    () => true,
    () => false,
  );
}
