import { useSyncExternalStore } from "react";

/** Spec §1 threshold: from 1024 px up the calendar shows a week, below it one day. */
const WIDE_QUERY = "(min-width: 1024px)";

const mediaQuery = () => (typeof window.matchMedia === "function" ? window.matchMedia(WIDE_QUERY) : null);

function subscribe(onChange: () => void) {
  const query = mediaQuery();
  query?.addEventListener("change", onChange);
  return () => query?.removeEventListener("change", onChange);
}

/** Whether the screen is wide; false where matchMedia is missing (jsdom), i.e. the phone layout. */
export function useWideScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => mediaQuery()?.matches ?? false,
    () => false,
  );
}
