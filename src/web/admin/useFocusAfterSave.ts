import { useSelector } from "@xstate/react";
import { useEffect, useRef } from "react";
import type { AdminSectionActor } from "./useAdminSection";

/**
 * Where focus goes after a save. A section reloads after each write and draws its forms afresh
 * (their fields show what was saved), so the button the admin pressed is gone and focus would fall
 * to the page: the admin on a keyboard or a screen reader would start again from the top. Instead
 * the section names what it saved (`aim("rule/3/2026-06-15")`), and once the new data is drawn
 * focus goes to the element marked `data-focus-key` with that key (a form: its save button), or
 * to its nearest marked ancestor by key ("rule/3", then "rule"): a card's heading, when the row
 * itself is gone (a price ended today). The notice of what happened is read from its live region.
 */
export function useFocusAfterSave<Q, D, C>(actor: AdminSectionActor<Q, D, C>) {
  const target = useRef<string | null>(null);
  const data = useSelector(actor, (s) => s.context.data);
  const failed = useSelector(actor, (s) => s.matches({ ready: "writeFailed" }));

  // A refused save draws nothing new: focus stays where it is (on the button, by the error).
  useEffect(() => {
    if (failed) target.current = null;
  }, [failed]);

  useEffect(() => {
    const key = target.current;
    if (!key || !data) return;
    target.current = null;
    const marked = [...document.querySelectorAll<HTMLElement>("[data-focus-key]")];
    for (let parts = key.split("/"); parts.length > 0; parts = parts.slice(0, -1)) {
      const found = marked.find((e) => e.dataset.focusKey === parts.join("/"));
      if (!found) continue;
      const focusable = found instanceof HTMLFormElement ? found.querySelector("button[type=submit]") : found;
      (focusable as HTMLElement | null)?.focus();
      return;
    }
  }, [data]);

  return {
    /** Names what the coming save is about; a later `aim` (the server's answer) replaces it. */
    aim: (key: string) => void (target.current = key),
    /** Names the marked element the focus is in now: the form whose "Tallenna" was pressed. */
    aimAtFocus: () =>
      void (target.current =
        document.activeElement?.closest<HTMLElement>("[data-focus-key]")?.dataset.focusKey ?? null),
  };
}
