import { helsinkiDate } from "../../domain/helsinkiTime.js";
import type { Tx } from "../db/index.js";
import { lockHoldOwner, openingRulesOf } from "../availability/index.js";
import { enforceDayShare, enforceHoldLimits } from "./holdLimits.js";
import { holdRepository } from "./holdRepository.js";
import type { NewReservation, ReservationRow } from "./repository.js";
import type { Settings } from "../settings/index.js";

/**
 * The one way an unpaid hold (a pending reservation) is made: a checkout's (checkoutHold.ts), a
 * dearer move's (moveHold.ts), a waitlist offer's (waitlistOffers/offers.ts), and any later one. Every
 * hold rule is applied here and nowhere else (decision 024, issue 31): the owner's e-mail address
 * and IP address may have only `holdLimits.perEmail` and `perIp` live holds, and live holds may
 * cover only `holdLimits.dayPercent` of the area's open time on the slot's day, the new one
 * counted. A refusal is a TooManyHoldsError (its `rule` says which), thrown before anything of the
 * hold is written; each path answers it in its own words. `tests/unit/holdInserts.test.ts` fails
 * when anything else in src/server inserts a pending reservation.
 *
 * Whose hold it is: the address and the IP address it counts against. A checkout's is the visitor's
 * (the form's address, the request's IP); a move's the booking's address and the IP that moved it;
 * a waitlist offer's the address in line and the IP it joined from. The hold row records both
 * (`email`, `hold_ip`), so the next hold of the same owner counts it.
 *
 * The caller holds the area's lock (shared for a checkout, exclusive otherwise) and has checked
 * the slot. The owner's locks are taken here, after the area's; a caller that writes anything
 * before this takes them first itself (availability/service.ts lockHoldOwner), so the order is
 * always area, e-mail, IP, then the day's share lock (holdLimits.ts).
 */

/** Where the hold is: the area, its time, and what it blocks (its time with its buffers). */
export type HoldPlace = {
  areaId: number;
  start: Date;
  end: Date;
  blockedFrom: Date;
  blockedUntil: Date;
};

/** Whose hold it is (see above); an IP address is counted only when known. */
export type HoldOwner = { email: string; ip: string | null };

/** The rest of the hold's row, which the caller prices once the rules have let the hold through. */
export type HoldRow = Omit<
  NewReservation,
  | "areaId"
  | "startsAt"
  | "endsAt"
  | "blockedFrom"
  | "blockedUntil"
  | "status"
  | "email"
  | "holdIp"
  | "holdExpiresAt"
>;

export async function placeHold(
  tx: Tx,
  o: {
    place: HoldPlace;
    owner: HoldOwner;
    /** When the hold ends unless it is paid (or used). */
    expiresAt: Date;
    now: Date;
    settings: Pick<Settings, "openingHours" | "holdLimits">;
    /**
     * The rest of the row; called only after the rules passed, so what it takes (a discount code's
     * use, a gift card's lock) is taken only for a hold that will be made.
     */
    row: () => HoldRow | Promise<HoldRow>;
  },
): Promise<ReservationRow> {
  const { place, owner, now, settings } = o;
  const email = owner.email.trim();
  await lockHoldOwner(tx, { email, ip: owner.ip });
  const holds = holdRepository(tx);
  const { byEmail, byIp } = await holds.liveHoldsOf({ email, ip: owner.ip, now });
  enforceHoldLimits({ byEmail, byIp, now, limits: settings.holdLimits });
  await enforceDayShare(tx, {
    areaId: place.areaId,
    start: place.start,
    end: place.end,
    blockedFrom: place.blockedFrom,
    blockedUntil: place.blockedUntil,
    now,
    rules: await openingRulesOf(tx, helsinkiDate(place.start), settings),
    dayPercent: settings.holdLimits.dayPercent,
  });
  const row = await o.row();
  return holds.insertHold({
    ...row,
    areaId: place.areaId,
    startsAt: place.start,
    endsAt: place.end,
    blockedFrom: place.blockedFrom,
    blockedUntil: place.blockedUntil,
    status: "pending",
    email,
    holdIp: owner.ip,
    holdExpiresAt: o.expiresAt,
  });
}
