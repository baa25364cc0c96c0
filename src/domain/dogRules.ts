/**
 * Rules per dog (decision 036): a price for each dog after the first, a buffer around a reactive
 * dog's booking and a cleaning gap after a female in heat. Pure: the server and the SPA share it.
 *
 * Every booking stores the period it blocks (reservations.blocked_from .. blocked_until): its own
 * time, less `before` minutes and plus `after` minutes. The exclusion constraint compares blocked
 * periods, so two bookings are far enough apart exactly when their blocked periods do not overlap.
 * The changeover gap is the `after` of every booking (each booking's gap before the next one), so a
 * normal booking next to a normal one stays edge-to-edge when the changeover is 0.
 */

export type DogRules = {
  /** Each dog after the first adds this to the price (0: no extra). */
  extraDogPriceCents: number;
  /** A reactive dog's booking blocks this long before and after it (0: off). */
  reactiveDogBufferMinutes: number;
  /** A booking with a female in heat blocks this long after it, for cleaning (0: off). */
  inHeatGapMinutes: number;
};

/** How many dogs one booking may bring, until the owner sets another (settings' slotRules.maxDogs). */
export const DEFAULT_MAX_DOGS = 4;

/**
 * A new park asks nothing about dogs (product.md): every rule is off until the owner turns it on in
 * hallintapaneeli. Migration 0025 turned off the rules an earlier release had seeded on (15 and 30
 * minutes) where no admin had ever saved them.
 */
export const defaultDogRules: DogRules = {
  extraDogPriceCents: 0,
  reactiveDogBufferMinutes: 0,
  inHeatGapMinutes: 0,
};

/** What the visitor tells about the dogs (both false by default). */
export type DogOptions = { reactiveDog: boolean; inHeat: boolean };
export const NO_DOG_OPTIONS: DogOptions = { reactiveDog: false, inHeat: false };

/** Minutes a booking blocks before its start and after its end. */
export type Buffers = { before: number; after: number };

/** The buffers of a booking with these options under these rules and the changeover gap. */
export function buffersFor(
  rules: Pick<DogRules, "reactiveDogBufferMinutes" | "inHeatGapMinutes">,
  changeoverMinutes: number,
  options: DogOptions,
): Buffers {
  const reactive = options.reactiveDog ? rules.reactiveDogBufferMinutes : 0;
  const heat = options.inHeat ? rules.inHeatGapMinutes : 0;
  return { before: reactive, after: Math.max(changeoverMinutes, reactive, heat) };
}

const MINUTE = 60_000;

/** The period a booking of start..end with these buffers blocks. */
export function blockedPeriod(
  start: Date,
  end: Date,
  buffers: Buffers,
): { blockedFrom: Date; blockedUntil: Date } {
  return {
    blockedFrom: new Date(start.getTime() - buffers.before * MINUTE),
    blockedUntil: new Date(end.getTime() + buffers.after * MINUTE),
  };
}

/** What the dogs after the first add to the price (integer cents). */
export function extraDogsCents(rules: Pick<DogRules, "extraDogPriceCents">, dogs: number): number {
  return Math.max(0, Math.floor(dogs) - 1) * rules.extraDogPriceCents;
}

/** The options in Finnish, for the admin, the owner's e-mail and the visitor's confirmation. */
export function dogOptionsText(options: Partial<DogOptions>): string | null {
  const parts = [
    options.reactiveDog ? "reaktiivinen koira" : "",
    options.inHeat ? "juoksuinen narttu" : "",
  ].filter(Boolean);
  if (parts.length === 0) return null;
  const text = parts.join(", ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}
