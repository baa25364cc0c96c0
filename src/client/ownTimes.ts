import { RESERVATIONS_CHANGED_EVENT, storageKeys } from "./storage";

/*
 * The times this browser knows are the visitor's own, so the calendar can say "Oma varauksesi"
 * where it would otherwise say "Varattu jollakulla muulla" and offer the waitlist: the bookings
 * kept in local storage `reservations` (spec §9) that are not known cancelled, and the hold a
 * checkout handed to the payment page, this tab's or another tab's, through a session cookie that
 * names only the time (the hold's access token stays with the checkout's pages). No schema
 * library: a stored value that does not read as times is left out.
 */

export type OwnTime = { start: string; end: string; kind: "booking" | "hold" };

const HOLD_TIME_COOKIE = "checkout_hold_time";
const HOLD_TIME_COOKIE_PATH = "/varauskalenteri";

/** Names the held time for the calendar of every tab (null forgets it); the cookie lives as the hold's. */
export function writeHeldTime(time: { start: string; end: string } | null, maxAgeSeconds: number): void {
  if (typeof document === "undefined") return;
  const secure = typeof location !== "undefined" && location.protocol === "https:" ? "; Secure" : "";
  const value = time ? encodeURIComponent(JSON.stringify({ start: time.start, end: time.end })) : "";
  document.cookie = `${HOLD_TIME_COOKIE}=${value}; Path=${HOLD_TIME_COOKIE_PATH}; Max-Age=${time ? maxAgeSeconds : 0}; SameSite=Strict${secure}`;
}

const isTime = (value: unknown): value is string =>
  typeof value === "string" && !Number.isNaN(Date.parse(value));

function parseJson(raw: string | null | undefined): unknown {
  try {
    return raw ? JSON.parse(raw) : null;
  } catch {
    return null;
  }
}

function heldTime(): OwnTime | null {
  const raw = document.cookie
    .split("; ")
    .find((c) => c.startsWith(`${HOLD_TIME_COOKIE}=`))
    ?.slice(HOLD_TIME_COOKIE.length + 1);
  const held = parseJson(raw ? decodeURIComponent(raw) : null) as { start?: unknown; end?: unknown } | null;
  return held && isTime(held.start) && isTime(held.end)
    ? { start: held.start, end: held.end, kind: "hold" }
    : null;
}

function keptBookings(): OwnTime[] {
  const kept = parseJson(localStorage.getItem(storageKeys.reservations));
  if (!Array.isArray(kept)) return [];
  return kept.flatMap((entry: { start?: unknown; endTime?: unknown; cancelled?: unknown }) =>
    entry && isTime(entry.start) && isTime(entry.endTime) && entry.cancelled !== true
      ? [{ start: entry.start, end: entry.endTime, kind: "booking" as const }]
      : [],
  );
}

/** The visitor's own times as this browser knows them now (none where there is no browser). */
export function readOwnTimes(): OwnTime[] {
  if (typeof document === "undefined" || typeof localStorage === "undefined") return [];
  const hold = heldTime();
  return [...keptBookings(), ...(hold ? [hold] : [])];
}

/** Calls back when the kept bookings change (in this tab or another) or the visitor comes back to the tab. */
export function watchOwnTimes(onChange: () => void): () => void {
  const onVisible = () => {
    if (document.visibilityState === "visible") onChange();
  };
  window.addEventListener("storage", onChange);
  window.addEventListener(RESERVATIONS_CHANGED_EVENT, onChange);
  document.addEventListener("visibilitychange", onVisible);
  return () => {
    window.removeEventListener("storage", onChange);
    window.removeEventListener(RESERVATIONS_CHANGED_EVENT, onChange);
    document.removeEventListener("visibilitychange", onVisible);
  };
}

/**
 * The own time a taken cell belongs to. A cell held only by unpaid checkouts (it says when it may
 * free) is the visitor's when their hold covers it; a paid one when a kept booking covers it.
 */
export function ownTimeOf(
  cell: { start: string; end: string; freesAt?: string },
  own: readonly OwnTime[],
): OwnTime | undefined {
  const start = Date.parse(cell.start);
  const end = Date.parse(cell.end);
  const kind = cell.freesAt ? "hold" : "booking";
  return own.find((t) => t.kind === kind && Date.parse(t.start) < end && start < Date.parse(t.end));
}

/** What a taken cell that is the visitor's own says, and where its link goes. */
export type OwnCell = { label: string; to: string; linkText: string };

/**
 * The visitor's own booking leads to /oma-varaus; their own unpaid hold back to its checkout
 * (`holdPath`), which offers "Jatka maksamaan".
 */
export function ownCellOf(
  cell: { start: string; end: string; freesAt?: string },
  times: readonly OwnTime[],
  holdPath: (time: OwnTime) => string,
): OwnCell | undefined {
  const own = ownTimeOf(cell, times);
  if (!own) return undefined;
  return own.kind === "hold"
    ? { label: "Oma varauksesi, maksamatta", to: holdPath(own), linkText: "Jatka maksamaan" }
    : { label: "Oma varauksesi", to: "/oma-varaus", linkText: "Näytä varaus" };
}
