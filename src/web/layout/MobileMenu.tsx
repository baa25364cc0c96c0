import { useEffect, useRef, useState, type RefObject } from "react";
import { useLocation } from "react-router-dom";

/**
 * Open state of the header's menu on narrow screens (below 1024 px; on wider screens CSS shows the
 * links and hides the button). The menu remembers which location it was opened at, so any
 * navigation closes it without an effect having to reset it. Escape closes it too, and gives the
 * focus back to the button (the link it was on is hidden with the menu).
 */
export function useMobileMenu() {
  const location = useLocation();
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === location.key;
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpenAt(null);
      buttonRef.current?.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [open]);

  return {
    open,
    buttonRef,
    toggle: () => setOpenAt(open ? null : location.key),
    close: () => setOpenAt(null),
  };
}

export function MobileMenuButton({
  open,
  onToggle,
  controls,
  buttonRef,
}: {
  open: boolean;
  buttonRef?: RefObject<HTMLButtonElement | null>;
  onToggle: () => void;
  /** id of the element the button shows and hides. */
  controls: string;
}) {
  return (
    <button
      ref={buttonRef}
      type="button"
      className="menu-button"
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
    >
      <span className={open ? "menu-button__icon is-open" : "menu-button__icon"} aria-hidden="true" />
      Valikko
    </button>
  );
}
