import * as z from "zod/mini";
import type { OwnHold } from "../../machines/checkoutTypes";
import { isLiveHold, type PublicReservation } from "../domain/booking";
import { ONLINE_PAYMENT_METHODS } from "../domain/paymentMethods";
import { writeHeldTime } from "./ownTimes";

/*
 * The checkout this tab last handed to the payment page: the slot, the hold's access token, the
 * payment page's address and the details as the visitor filled them in. With it the checkout
 * recognises the visitor's own hold when they come back with the browser's Back button (instead
 * of calling the slot taken), and "Yritä uudelleen" after a cancelled payment keeps the form's
 * values. Session storage, like the return path after login: it belongs to this tab's errand,
 * disappears with the tab, and spec §9's local storage keys stay as they are.
 */

const KEY = "checkout_hold";

const heldCheckoutSchema = z.object({
  start: z.string(),
  end: z.string(),
  accessToken: z.string(),
  redirectUrl: z.string(),
  details: z.object({
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    dogs: z.int(),
    reactiveDog: z.optional(z.boolean()),
    inHeat: z.optional(z.boolean()),
    paymentMethod: z.enum(ONLINE_PAYMENT_METHODS),
    acceptTerms: z.boolean(),
    discountCode: z._default(z.string(), ""),
    giftCardCode: z._default(z.string(), ""),
  }),
});
export type HeldCheckout = z.infer<typeof heldCheckoutSchema>;

/*
 * The hold itself (slot, access token, payment page; none of the visitor's details) is also kept for
 * the browser's other tabs: the visitor who opens the same slot in a second tab meets their own
 * hold there too and is offered "Jatka maksamaan". A session cookie, readable only by the checkout's
 * pages and gone with the browser session, so spec §9's local storage keys stay as they are. The
 * last hold handed to payment is the one kept (one checkout at a time per visitor).
 */
const COOKIE = "checkout_hold";
const COOKIE_PATH = "/checkout";
const HOLD_COOKIE_SECONDS = 60 * 60;
const sharedHoldSchema = z.object({
  start: z.string(),
  end: z.string(),
  accessToken: z.string(),
  redirectUrl: z.string(),
});
type SharedHold = z.infer<typeof sharedHoldSchema>;

function writeSharedHold(hold: SharedHold | null): void {
  if (typeof document === "undefined") return;
  const secure = typeof location !== "undefined" && location.protocol === "https:" ? "; Secure" : "";
  document.cookie = hold
    ? `${COOKIE}=${encodeURIComponent(JSON.stringify(hold))}; Path=${COOKIE_PATH}; Max-Age=${HOLD_COOKIE_SECONDS}; SameSite=Strict${secure}`
    : `${COOKIE}=; Path=${COOKIE_PATH}; Max-Age=0; SameSite=Strict${secure}`;
  writeHeldTime(hold, HOLD_COOKIE_SECONDS);
}

function sharedHold(): SharedHold | null {
  if (typeof document === "undefined") return null;
  const raw = document.cookie
    .split("; ")
    .find((c) => c.startsWith(`${COOKIE}=`))
    ?.slice(COOKIE.length + 1);
  if (!raw) return null;
  try {
    const parsed = sharedHoldSchema.safeParse(JSON.parse(decodeURIComponent(raw)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function rememberHeldCheckout(held: HeldCheckout, storage: Storage = sessionStorage): void {
  storage.setItem(KEY, JSON.stringify(held));
  const { start, end, accessToken, redirectUrl } = held;
  writeSharedHold({ start, end, accessToken, redirectUrl });
}

/** The remembered checkout, or null when there is none (or it is not readable). */
export function heldCheckout(storage: Storage = sessionStorage): HeldCheckout | null {
  try {
    const parsed = heldCheckoutSchema.safeParse(JSON.parse(storage.getItem(KEY) ?? "null"));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function forgetHeldCheckout(storage: Storage = sessionStorage): void {
  const held = heldCheckout(storage);
  storage.removeItem(KEY);
  // Another tab's hold (of another slot) stays for that tab.
  const shared = sharedHold();
  if (!shared || !held || shared.accessToken === held.accessToken) writeSharedHold(null);
}

/*
 * The form's values as the visitor typed them, for this tab only: a reload of the checkout starts
 * from them (the held checkout's, when there is one, come first). Forgotten once the booking is made.
 */
const DRAFT_KEY = "checkout_draft";
const draftSchema = heldCheckoutSchema.shape.details;
export type CheckoutDraft = z.infer<typeof draftSchema>;

export function rememberCheckoutDraft(details: CheckoutDraft, storage: Storage = sessionStorage): void {
  storage.setItem(DRAFT_KEY, JSON.stringify(details));
}

export function checkoutDraft(storage: Storage = sessionStorage): CheckoutDraft | null {
  try {
    const parsed = draftSchema.safeParse(JSON.parse(storage.getItem(DRAFT_KEY) ?? "null"));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function forgetCheckoutDraft(storage: Storage = sessionStorage): void {
  storage.removeItem(DRAFT_KEY);
}

/** Whether two ISO times name the same instant (offsets may be written differently). */
export const sameInstant = (a: string, b: string) => Date.parse(a) === Date.parse(b);

/**
 * The visitor's own live hold of this slot, if this tab (or another of this browser) handed it to the
 * payment page: the hold is
 * asked for by its access token (`byToken`), and counts only while it is live (isLiveHold).
 */
export async function findOwnHold(
  slot: { start: string; end: string },
  byToken: (accessToken: string) => Promise<Pick<PublicReservation, "status" | "holdExpiresAt">>,
  now: Date,
  storage: Storage = sessionStorage,
): Promise<OwnHold | null> {
  const forSlot = (h: SharedHold | null) =>
    h && sameInstant(h.start, slot.start) && sameInstant(h.end, slot.end) ? h : null;
  // This tab's own hand-over first, else the one another tab of this browser made.
  const held = forSlot(heldCheckout(storage)) ?? forSlot(sharedHold());
  if (!held) return null;
  const reservation = await byToken(held.accessToken);
  if (!isLiveHold(reservation, now)) return null;
  return {
    accessToken: held.accessToken,
    redirectUrl: held.redirectUrl,
    holdExpiresAt: reservation.holdExpiresAt ?? null,
  };
}
