import { useEffect, useRef } from "react";

/**
 * Where focus goes when the button pressed is gone (the part redrawn): to what the new phase
 * marks. Focus the member moved elsewhere, and the page's first drawing, are left alone.
 */
export function useFocusWhenLost(phase: string) {
  const target = useRef<HTMLElement | null>(null);
  const previous = useRef(phase);
  useEffect(() => {
    if (previous.current === phase) return;
    previous.current = phase;
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    target.current?.focus();
  }, [phase]);
  return (element: HTMLElement | null) => void (target.current = element);
}

export type FocusTarget = ReturnType<typeof useFocusWhenLost>;
