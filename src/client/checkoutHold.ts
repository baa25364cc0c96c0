import * as z from "zod/mini";
import type { OwnHold } from "../../machines/checkoutTypes";
import { isLiveHold, type PublicReservation } from "../domain/booking";

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
    paymentMethod: z.enum(["mobilepay", "card"]),
    acceptTerms: z.boolean(),
    discountCode: z._default(z.string(), ""),
    giftCardCode: z._default(z.string(), ""),
  }),
});
export type HeldCheckout = z.infer<typeof heldCheckoutSchema>;

export function rememberHeldCheckout(held: HeldCheckout, storage: Storage = sessionStorage): void {
  storage.setItem(KEY, JSON.stringify(held));
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
  storage.removeItem(KEY);
}

/** Whether two ISO times name the same instant (offsets may be written differently). */
export const sameInstant = (a: string, b: string) => Date.parse(a) === Date.parse(b);

/**
 * The visitor's own live hold of this slot, if this tab handed it to the payment page: the hold is
 * asked for by its access token (`byToken`), and counts only while it is live (isLiveHold).
 */
export async function findOwnHold(
  slot: { start: string; end: string },
  byToken: (accessToken: string) => Promise<Pick<PublicReservation, "status" | "holdExpiresAt">>,
  now: Date,
  storage: Storage = sessionStorage,
): Promise<OwnHold | null> {
  const held = heldCheckout(storage);
  if (!held || !sameInstant(held.start, slot.start) || !sameInstant(held.end, slot.end)) return null;
  const reservation = await byToken(held.accessToken);
  if (!isLiveHold(reservation, now)) return null;
  return {
    accessToken: held.accessToken,
    redirectUrl: held.redirectUrl,
    holdExpiresAt: reservation.holdExpiresAt ?? null,
  };
}
