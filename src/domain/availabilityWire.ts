import type {
  AvailabilityDay,
  AvailabilityResponse,
  AvailabilityWire,
  AvailabilityWireDay,
  Slot,
  SlotStatus,
} from "./booking.js";
import { helsinkiOffset, isoAtOffset } from "./helsinkiClock.js";

/**
 * The compact wire form of the availability grid (decision 016) and back. The server computes the
 * grid (availability.ts) and sends it compacted; the SPA expands it to the same grid, so its views
 * never see the wire form. `expandAvailability(compactAvailability(x))` equals x.
 */

/** One letter per status; a new status needs a letter here (the type says so). */
export const SLOT_STATUS_CODES: Record<SlotStatus, string> = {
  free: "f",
  taken: "t",
  closed: "c",
  past: "p",
  started: "s",
  beyondWindow: "w",
};
const STATUS_OF_CODE = new Map(Object.entries(SLOT_STATUS_CODES).map(([s, c]) => [c, s as SlotStatus]));

const MINUTE = 60_000;
/** Hex digits per cell in `fits`: four lengths to a digit. */
const digitsFor = (lengthCount: number) => Math.max(1, Math.ceil(lengthCount / 4));

export function compactDay(day: AvailabilityDay, lengthsMinutes: readonly number[]): AvailabilityWireDay {
  const digits = digitsFor(lengthsMinutes.length);
  let cells = "";
  let fits = "";
  const prices: number[][] = lengthsMinutes.map(() => []);
  const frees: Array<[number, string]> = [];
  day.slots.forEach((slot, i) => {
    cells += SLOT_STATUS_CODES[slot.status];
    if (slot.freesAt) frees.push([i, slot.freesAt]);
    let mask = 0;
    for (const option of slot.options) {
      const k = lengthsMinutes.indexOf(option.lengthMinutes);
      if (k < 0) continue;
      mask |= 1 << k;
      const runs = prices[k]!;
      if (runs.length === 0 || runs[runs.length - 1] !== option.priceCents) runs.push(i, option.priceCents);
    }
    fits += mask.toString(16).padStart(digits, "0");
  });
  return {
    date: day.date,
    opensAt: day.opensAt,
    closesAt: day.closesAt,
    firstStart: day.slots[0]?.start ?? null,
    cells,
    fits,
    prices,
    ...(frees.length > 0 && { frees }),
  };
}

/** The ISO time of an instant in Helsinki, as the server writes it. */
const helsinkiIso = (ms: number) => isoAtOffset(ms, helsinkiOffset(ms));

export function expandDay(
  day: AvailabilityWireDay,
  gridMinutes: number,
  lengthsMinutes: readonly number[],
): AvailabilityDay {
  const digits = digitsFor(lengthsMinutes.length);
  const first = day.firstStart ? Date.parse(day.firstStart) : 0;
  const slots: Slot[] = [];
  const frees = new Map(day.frees ?? []);
  for (let i = 0; i < day.cells.length; i++) {
    const start = first + i * gridMinutes * MINUTE;
    const mask = parseInt(day.fits.slice(i * digits, (i + 1) * digits) || "0", 16);
    const options: Slot["options"] = [];
    lengthsMinutes.forEach((lengthMinutes, k) => {
      if (!(mask & (1 << k))) return;
      options.push({
        lengthMinutes,
        end: helsinkiIso(start + lengthMinutes * MINUTE),
        priceCents: priceAtCell(day.prices[k] ?? [], i),
      });
    });
    slots.push({
      start: helsinkiIso(start),
      end: helsinkiIso(start + gridMinutes * MINUTE),
      status: STATUS_OF_CODE.get(day.cells[i]!) ?? "closed",
      options,
      ...(frees.has(i) && { freesAt: frees.get(i)! }),
    });
  }
  return { date: day.date, opensAt: day.opensAt, closesAt: day.closesAt, slots };
}

/** The price of the run that covers cell i ([firstCell, price] pairs in cell order). */
function priceAtCell(runs: readonly number[], i: number): number {
  let price = runs[1] ?? 0;
  for (let r = 0; r + 1 < runs.length && runs[r]! <= i; r += 2) price = runs[r + 1]!;
  return price;
}

export function compactAvailability(response: AvailabilityResponse): AvailabilityWire {
  return { ...response, days: response.days.map((day) => compactDay(day, response.lengthsMinutes)) };
}

export function expandAvailability(wire: AvailabilityWire): AvailabilityResponse {
  return {
    ...wire,
    days: wire.days.map((day) => expandDay(day, wire.gridMinutes, wire.lengthsMinutes)),
  };
}
