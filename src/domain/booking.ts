import * as z from "zod/mini";
import { isoDate, isoDateTime, paymentMethodSchema, requestDate, requestDateTime } from "./formats.js";

/**
 * The booking API's payloads (issue 4), shared by the server's route schemas and the SPA.
 * Times are ISO 8601 strings with an offset; money is integer cents, VAT included. Written with
 * zod/mini, as the calendar and checkout parse them (decision 019).
 */

export {
  isoDate,
  isoDateTime,
  paymentMethodSchema,
  REQUEST_YEARS,
  requestDate,
  requestDateTime,
  type PaymentMethod,
} from "./formats.js";

/** A yes/no of a query string ("true"/"1"; anything else, or none, is no). */
const queryFlag = z.pipe(
  z.optional(z.union([z.boolean(), z.string()])),
  z.transform((v: boolean | string | undefined) => v === true || v === "true" || v === "1"),
);

// GET /api/v2/availability?from=YYYY-MM-DD&to=YYYY-MM-DD (inclusive, at most 62 days)
// &reactiveDog=true&inHeat=true: only the starts a booking with those options fits (decision 036).
export const availabilityQuerySchema = z.object({
  from: requestDate,
  to: requestDate,
  reactiveDog: queryFlag,
  inHeat: queryFlag,
});

/**
 * A cell's state. "closed": outside opening hours or under an admin block. Time that cannot be
 * booked for another reason says which: "past" has ended, "started" is under way (a booking starts
 * no earlier than now), "beyondWindow" ends past the booking window and opens for booking later.
 */
export const slotStatusSchema = z.enum(["free", "taken", "closed", "past", "started", "beyondWindow"]);
export type SlotStatus = z.infer<typeof slotStatusSchema>;

/** One booking length that can start at a free slot, with its price. */
export const slotOptionSchema = z.object({
  lengthMinutes: z.int(),
  end: isoDateTime,
  priceCents: z.int(),
});

/** A cell of the slot grid (gridMinutes long). Only free cells carry options. */
export const slotSchema = z.object({
  start: isoDateTime,
  end: isoDateTime,
  status: slotStatusSchema,
  options: z.array(slotOptionSchema),
  /** A taken cell held only by unpaid checkouts: when it frees if they are not paid. */
  freesAt: z.optional(isoDateTime),
});

export const availabilityDaySchema = z.object({
  date: isoDate,
  /** Opening time that day, null when closed all day. */
  opensAt: z.nullable(isoDateTime),
  closesAt: z.nullable(isoDateTime),
  slots: z.array(slotSchema),
});

export const availabilityResponseSchema = z.object({
  timeZone: z.literal("Europe/Helsinki"),
  gridMinutes: z.int(),
  lengthsMinutes: z.array(z.int()),
  days: z.array(availabilityDaySchema),
});
export type AvailabilityResponse = z.infer<typeof availabilityResponseSchema>;

/**
 * What GET /api/v2/availability sends: the grid above in a compact form (decision 016), a few
 * hundred bytes a day. `expandAvailability` (availabilityWire.ts) turns it back into the grid.
 * Cell i of a day starts i × gridMinutes real minutes after `firstStart` and is gridMinutes long.
 */
export const availabilityWireDaySchema = z.object({
  date: isoDate,
  opensAt: z.nullable(isoDateTime),
  closesAt: z.nullable(isoDateTime),
  /** The first cell's start; null when the day has no cells. */
  firstStart: z.nullable(isoDateTime),
  /** One letter per cell, its status (SLOT_STATUS_CODES). */
  cells: z.string(),
  /**
   * Per cell, the booking lengths that can start there: hexadecimal digits (the same number for every
   * cell) of a bit mask whose bit k stands for lengthsMinutes[k].
   */
  fits: z.string(),
  /**
   * Per length (in lengthsMinutes order), its price from each cell on: flat pairs
   * [firstCell, priceCents, firstCell, priceCents, ...]; a pair holds until the next one.
   */
  prices: z.array(z.array(z.int())),
  /** Cells taken only by unpaid holds, with when each may free: [cell, freesAt] pairs; absent when none. */
  frees: z.optional(z.array(z.tuple([z.int(), isoDateTime]))),
});
export const availabilityWireSchema = z.object({
  timeZone: z.literal("Europe/Helsinki"),
  gridMinutes: z.int(),
  lengthsMinutes: z.array(z.int()),
  days: z.array(availabilityWireDaySchema),
});
export type AvailabilityWire = z.infer<typeof availabilityWireSchema>;
export type AvailabilityWireDay = z.infer<typeof availabilityWireDaySchema>;
export type AvailabilityDay = z.infer<typeof availabilityDaySchema>;
export type Slot = z.infer<typeof slotSchema>;

/** An optional code typed by a person: blank means none. */
const optionalCode = z.pipe(
  z.optional(z.string().check(z.trim(), z.maxLength(64, "Koodi on liian pitkä"))),
  z.transform((v: string | undefined) => (v ? v : undefined)),
);

/** The dogs' options of a booking (decision 036): both false unless given. */
const dogOptionFields = {
  reactiveDog: z._default(z.boolean(), false),
  inHeat: z._default(z.boolean(), false),
};

// GET /api/v2/reservations/quote?start=&end=&dogs=&reactiveDog=&inHeat=&discountCode=&giftCardCode=
export const quoteQuerySchema = z.object({
  start: requestDateTime,
  end: requestDateTime,
  /** How many dogs (each after the first may cost extra); 1 when not given. */
  dogs: z._default(
    z.coerce.number().check(z.int(), z.minimum(1, "Koiria on oltava vähintään yksi"), z.maximum(20)),
    1,
  ),
  reactiveDog: queryFlag,
  inHeat: queryFlag,
  discountCode: optionalCode,
  giftCardCode: optionalCode,
  /** A waitlist offer's token: the slot held for it counts as free for its owner (decision 033). */
  waitlistToken: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
});

export const quoteResponseSchema = z.object({
  start: isoDateTime,
  end: isoDateTime,
  lengthMinutes: z.int(),
  /** The list price of the slot, extra dogs included. */
  priceCents: z.int(),
  /** The part of the list price the dogs after the first add (the server always sends it). */
  extraDogsCents: z.optional(z.int()),
  /** What a discount code takes off (0 without one), and the price after it. */
  discountCents: z.int(),
  totalCents: z.int(),
  /** The VAT contained in the total (a discount lowers it; a gift card does not). */
  vatCents: z.int(),
  vatRateBasisPoints: z.int(),
  /** What a gift card would pay of the total, and what is left to pay through the provider. */
  giftCardCents: z.int(),
  payableCents: z.int(),
  /** The gift card's balance before this booking, when a usable card was given. */
  giftCardBalanceCents: z.nullable(z.int()),
  /** Why a given code does not apply (Finnish), null when it does or none was given. */
  discountMessage: z.nullable(z.string()),
  giftCardMessage: z.nullable(z.string()),
  available: z.boolean(),
  /** Why the slot cannot be booked, when it cannot (Finnish). */
  reason: z.nullable(z.string()),
  /**
   * Until when a booking of this slot may be cancelled or moved (the cancellation window before its
   * start), and whether a booking made now could be at all: false inside the window, where the
   * checkout says so before the visitor pays (the server always sends both).
   */
  cancellableUntil: z.optional(isoDateTime),
  cancellable: z.optional(z.boolean()),
});
export type Quote = z.infer<typeof quoteResponseSchema>;

// POST /api/v2/reservations
export const createReservationSchema = z.object({
  start: requestDateTime,
  end: requestDateTime,
  name: z.string().check(z.trim(), z.minLength(2, "Anna nimesi"), z.maxLength(100)),
  email: z.email("Anna toimiva sähköpostiosoite").check(z.maxLength(200)),
  phone: z.optional(
    z
      .string()
      .check(
        z.trim(),
        z.maxLength(30),
        z.regex(/^[+0-9 ()-]*$/, "Puhelinnumerossa voi olla vain numeroita, välilyöntejä ja +-merkki"),
      ),
  ),
  dogs: z.int().check(z.minimum(1, "Koiria on oltava vähintään yksi"), z.maximum(20)),
  ...dogOptionFields,
  paymentMethod: paymentMethodSchema,
  acceptTerms: z.literal(true, "Hyväksy maksuehdot jatkaaksesi"),
  discountCode: optionalCode,
  giftCardCode: optionalCode,
  /** The waitlist entry's token when booking a slot offered to it (decision 033). */
  waitlistToken: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
});
/** What the SPA sends, and what the server has after parsing it (blank codes dropped). */
export type CreateReservationInput = z.input<typeof createReservationSchema>;
export type CreateReservationRequest = z.output<typeof createReservationSchema>;

export const reservationRefSchema = z.object({
  id: z.uuid(),
  accessToken: z.string(),
  start: isoDateTime,
  end: isoDateTime,
});

export const createReservationResponseSchema = z.object({
  success: z.boolean(),
  /** The payment page; "" when nothing is left to pay (a gift card covered it): already confirmed. */
  redirectUrl: z.string(),
  message: z.string(),
  reservation: reservationRefSchema,
});
export type CreateReservationResponse = z.infer<typeof createReservationResponseSchema>;

// GET and DELETE /api/v2/reservations/by-token/{accessToken}
export const reservationStatusSchema = z.enum(["pending", "confirmed", "cancelled", "expired"]);

/** A booking's ledger sums on the wire (src/domain/ledger.ts's Balance, decision 038). */
export const ledgerBalanceSchema = z.object({
  chargedCents: z.int(),
  paidCents: z.int(),
  giftCardPaidCents: z.int(),
  refundedCents: z.int(),
  giftCardReturnedCents: z.int(),
  refundPendingCents: z.int(),
  dueCents: z.int(),
});

export const publicReservationSchema = z.object({
  id: z.uuid(),
  accessToken: z.string(),
  areaName: z.string(),
  start: isoDateTime,
  end: isoDateTime,
  status: reservationStatusSchema,
  name: z.string(),
  email: z.string(),
  phone: z.nullable(z.string()),
  dogs: z.int(),
  /** The dogs' options (decision 036; the server always sends them). */
  reactiveDog: z.optional(z.boolean()),
  inHeat: z.optional(z.boolean()),
  /** The part of the list price the extra dogs added (the server always sends it). */
  extraDogsCents: z.optional(z.int()),
  /** The price after any discount, and the VAT it contains. */
  priceCents: z.int(),
  vatCents: z.int(),
  /** What a discount code took off the list price (the server always sends it). */
  discountCents: z.optional(z.int()),
  /** The gate link; only on a confirmed booking. */
  doorUrl: z.nullable(z.string()),
  /** Until when a pending booking is held for its payment (the server always sends it). */
  holdExpiresAt: z.optional(z.nullable(isoDateTime)),
  /** Whether the visitor may still cancel it, and until when. */
  cancellable: z.boolean(),
  cancellableUntil: isoDateTime,
  /**
   * When it was paid and confirmed, null before (the server always sends it): a booking confirmed
   * after `cancellableUntil` was made inside the cancellation window, never cancellable.
   */
  confirmedAt: z.optional(z.nullable(isoDateTime)),
  /** Whether it may be moved to another time (confirmed, until the same deadline; the server sends it). */
  movable: z.optional(z.boolean()),
  payment: z.nullable(
    z.object({
      method: paymentMethodSchema,
      status: z.string(),
      /** Paid (or to pay) through the provider, and by a gift card (the server always sends both). */
      amountCents: z.optional(z.int()),
      giftCardCents: z.optional(z.int()),
      refundedCents: z.int(),
      /** Being returned: recorded, not yet confirmed by the provider (the server always sends it). */
      refundPendingCents: z.optional(z.int()),
    }),
  ),
  /**
   * The booking's money from its ledger (decision 038; the server always sends it): what it is
   * charged now, what came in (all payments and gift card shares), what went back and is on its
   * way, and what is still owed either way (dueCents below 0: coming back to the customer).
   */
  money: z.optional(ledgerBalanceSchema),
});
export type PublicReservation = z.infer<typeof publicReservationSchema>;

/**
 * A booking still held for its payment: pending, and its hold has no end or ends after `now`. Only
 * such a hold can be taken up again ("Jatka maksamaan") after Back from the payment page.
 */
export function isLiveHold(
  reservation: Pick<PublicReservation, "status" | "holdExpiresAt">,
  now: Date,
): boolean {
  if (reservation.status !== "pending") return false;
  const expiresAt = reservation.holdExpiresAt ?? null;
  return expiresAt === null || Date.parse(expiresAt) > now.getTime();
}

export const reservationResponseSchema = z.object({ reservation: publicReservationSchema });
// POST /api/v2/reservations/by-token/{accessToken}/reschedule (and the member's by id): the new slot.
// A dearer time's difference is paid first, by paymentMethod (card unless said).
export const rescheduleRequestSchema = z.object({
  start: requestDateTime,
  end: requestDateTime,
  paymentMethod: z.optional(paymentMethodSchema),
  /**
   * The difference the picker showed (move-times' differenceCents): when the move's own differs
   * (a price or the ledger changed since), nothing happens and the answer is 409.
   */
  expectedDifferenceCents: z.optional(z.int()),
});
export type RescheduleRequest = z.infer<typeof rescheduleRequestSchema>;
/** A dearer move's next step: pay the difference at redirectUrl; the new slot is held until holdExpiresAt. */
export const movePaymentSchema = z.object({
  redirectUrl: z.string(),
  differenceCents: z.int(),
  holdExpiresAt: isoDateTime,
});
export const rescheduleResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  reservation: publicReservationSchema,
  /** Only by the access token: null when moved, the payment to make when the time is dearer (202). */
  payment: z.optional(z.nullable(movePaymentSchema)),
});
export type RescheduleResponse = z.infer<typeof rescheduleResponseSchema>;

// GET /api/v2/reservations/by-token/{accessToken}/move-times?date=YYYY-MM-DD (and the member's by id)
export const moveTimesQuerySchema = z.object({ date: requestDate });
/**
 * What moving a booking to a time settles (reservations/moveQuote.ts, the move's own figure):
 * `differenceCents` the new price less what the booking is charged now (> 0 paid first through the
 * provider), and what comes back, through the provider first, then to the gift card that paid part.
 */
export const moveQuoteSchema = z.object({
  differenceCents: z.int(),
  refundCents: z.int(),
  giftCardReturnCents: z.int(),
});
export type MoveQuote = z.infer<typeof moveQuoteSchema>;
/** A day's free times the booking can move to, each with what the move would settle. */
export const moveTimesResponseSchema = z.object({
  date: isoDate,
  slots: z.array(z.extend(moveQuoteSchema, { start: isoDateTime, end: isoDateTime })),
});
export type MoveTimesResponse = z.infer<typeof moveTimesResponseSchema>;

export const cancelReservationResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  reservation: publicReservationSchema,
});

// GET /api/v2/door/{doorToken} and POST /api/v2/door/{doorToken}/open
export const doorStatusSchema = z.enum(["early", "open", "ended", "cancelled"]);
export const doorInfoSchema = z.object({
  areaName: z.string(),
  start: isoDateTime,
  end: isoDateTime,
  /** The button works from opensFrom (5 min before the start) until opensUntil (the end). */
  opensFrom: isoDateTime,
  opensUntil: isoDateTime,
  status: doorStatusSchema,
  /** opensFrom is when another customer's booking ends (handover protection, decision 029). */
  waitsForPrevious: z.boolean(),
  /** The gate does not answer right now: what to do instead (door.fallbackText), else null. */
  fallbackText: z.nullable(z.string()),
  /** A member booking whose membership is suspended by an unpaid invoice: why it will not open (decision 054). */
  suspended: z.optional(z.nullable(z.string())),
});
export type DoorInfo = z.infer<typeof doorInfoSchema>;
export const doorOpenResponseSchema = z.object({ success: z.boolean(), message: z.string() });

/** What the SPA keeps in local storage `reservations` (spec §3: each entry has endTime). */
export const storedReservationSchema = z.object({
  id: z.string(),
  accessToken: z.string(),
  start: z.string(),
  endTime: z.string(),
  areaName: z.optional(z.string()),
  /** Known cancelled (by /oma-varaus): the calendar no longer calls its time the visitor's own. */
  cancelled: z.optional(z.boolean()),
});
export type StoredReservation = z.infer<typeof storedReservationSchema>;
