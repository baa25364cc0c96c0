import { openingOn, type BookingRules } from "../../domain/availability.js";
import { helsinkiDate } from "../../domain/helsinkiTime.js";
import { type Tx, LIMIT_LOCK, lockLimits } from "../db/index.js";
import { HttpError } from "../errors.js";
import { holdRepository, type LiveHolds } from "./holdRepository.js";
import type { Settings } from "../settings/index.js";

/**
 * Holding without paying is limited: an e-mail address and an IP address may have only a few live
 * holds at once (setting holdLimits), so nobody can take a day's slots by starting checkouts and
 * never paying, and all of them together only a share of a day. Only reservations/hold.ts
 * (`placeHold`, which makes every unpaid hold: a checkout's, a dearer move's, a waitlist offer's)
 * applies these, in the hold's transaction under its owner's locks, so the limits hold.
 */

/** Which rule refused a hold: the e-mail address's count, the IP address's, or the day's share. */
export type HoldRule = "email" | "ip" | "day";

/** A 429 that says when to try again: when the oldest of the holds in the way ends. */
export class TooManyHoldsError extends HttpError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
    readonly rule: HoldRule,
  ) {
    super(429, message);
  }
}

/** "N minuutin" (or "minuutin") for a wait in seconds, as the refusals say it. */
export const minutesText = (seconds: number) => {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1 ? "minuutin" : `${minutes} minuutin`;
};

/** Throws the 429 when the e-mail address or the IP address already has its limit of live holds. */
export function enforceHoldLimits(options: {
  byEmail: LiveHolds;
  byIp: LiveHolds | null;
  now: Date;
  limits: Settings["holdLimits"];
}): void {
  const { byEmail, byIp, now, limits } = options;
  const retryAfter = (holds: LiveHolds) =>
    Math.max(1, holds.firstEndsMs === null ? 60 : Math.ceil((holds.firstEndsMs - now.getTime()) / 1000));
  if (byEmail.n >= limits.perEmail) {
    const seconds = retryAfter(byEmail);
    throw new TooManyHoldsError(
      `Sähköpostiosoitteellasi on jo ${byEmail.n} maksamatonta varausta kesken. Maksa ne tai vapauta ne, tai yritä uudelleen ${minutesText(seconds)} kuluttua.`,
      seconds,
      "email",
    );
  }
  if (byIp && byIp.n >= limits.perIp) {
    const seconds = retryAfter(byIp);
    throw new TooManyHoldsError(
      `Tästä verkosta on liian monta maksamatonta varausta kesken. Yritä uudelleen ${minutesText(seconds)} kuluttua.`,
      seconds,
      "ip",
    );
  }
}

/**
 * Unpaid holds may cover only `dayPercent` of an area's open time on the slot's day, with the new
 * one counted: eight checkouts from two addresses could otherwise hold a whole day for a quarter
 * of an hour and renew it as the holds end. Beyond it the visitor is asked to wait until the first
 * of those holds ends (paid or freed) or to pick another day. Checkouts of one area and day take
 * turns for this count (a lock taken after the checkout's own, and by nothing else), so exactly the
 * share gets through; the live holds are found by the (status, hold end) index. At 100 % every hold
 * fits, and nothing is counted.
 */
export async function enforceDayShare(
  tx: Tx,
  o: {
    areaId: number;
    start: Date;
    end: Date;
    /** What the new hold blocks (its time with its buffers: decision 036); holds count by theirs. */
    blockedFrom?: Date;
    blockedUntil?: Date;
    now: Date;
    rules: Pick<BookingRules, "weeklyHours" | "exceptions">;
    dayPercent: number;
  },
): Promise<void> {
  const date = helsinkiDate(o.start);
  const open = openingOn(o.rules, date);
  if (!open || o.dayPercent >= 100) return;
  await lockLimits(tx, [[LIMIT_LOCK.holdsDay, `${o.areaId}:${date}`]]);
  const openMinutes = (open.closes.toMillis() - open.opens.toMillis()) / 60_000;
  const { minutes: held, firstEndsMs: firstEnds } = await holdRepository(tx).liveHoldsOfDay({
    areaId: o.areaId,
    opens: open.opens.toJSDate(),
    closes: open.closes.toJSDate(),
    now: o.now,
  });
  const from = Math.max((o.blockedFrom ?? o.start).getTime(), open.opens.toMillis());
  const until = Math.min((o.blockedUntil ?? o.end).getTime(), open.closes.toMillis());
  const wanted = Math.max(0, until - from) / 60_000;
  if (held + wanted <= (openMinutes * o.dayPercent) / 100) return;
  const seconds = Math.max(1, firstEnds === null ? 60 : Math.ceil((firstEnds - o.now.getTime()) / 1000));
  throw new TooManyHoldsError(
    `Tämän päivän ajoista moni odottaa juuri nyt maksua. Valitse toinen päivä tai yritä uudelleen ${minutesText(seconds)} kuluttua, kun keskeneräisiä varauksia on vapautunut.`,
    seconds,
    "day",
  );
}
