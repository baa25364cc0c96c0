import { expandAvailability } from "../../src/domain/availabilityWire.js";
import type { AvailabilityWire } from "../../src/domain/booking.js";

/**
 * A slot that stays bookable while a page is audited: a checkout page for a slot that starts
 * during the runs shows "the time has begun" from then on.
 */
const SLOT_LEAD_MS = 2 * 3600_000;

/**
 * The first free slot from two hours on in the coming week, from a running server's availability
 * API, for a real checkout page.
 */
export async function freeSlot(base: string): Promise<{ start: string; end: string }> {
  const from = new Date();
  const earliest = from.getTime() + SLOT_LEAD_MS;
  const to = new Date(from.getTime() + 6 * 24 * 3600_000);
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const res = await fetch(`${base}/api/v2/availability?from=${day(from)}&to=${day(to)}`);
  if (!res.ok) throw new Error(`availability answered ${res.status}`);
  const body = expandAvailability((await res.json()) as AvailabilityWire);
  for (const d of body.days) {
    for (const slot of d.slots) {
      if (slot.status === "free" && slot.options[0] && Date.parse(slot.start) >= earliest)
        return { start: slot.start, end: slot.options[0].end };
    }
  }
  throw new Error("no free slot in the coming week");
}

/** The checkout page's address for a slot. */
export const checkoutPath = (slot: { start: string; end: string }) =>
  `/checkout/${encodeURIComponent(slot.start)}/${encodeURIComponent(slot.end)}`;
