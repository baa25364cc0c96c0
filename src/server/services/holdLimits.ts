import { HttpError } from "../errors.js";
import type { Settings } from "./settings.js";

/**
 * Holding without paying is limited: an e-mail address and an IP address may have only a few live
 * holds at once (setting holdLimits), so nobody can take a day's slots by starting checkouts and
 * never paying. Counted in the checkout's transaction, after the area's lock, so simultaneous
 * checkouts of one visitor take turns and the limit holds (the counts come with the slot's check
 * in one statement: services/checkoutHold.ts).
 */

/** A 429 that says when to try again: when the oldest of the visitor's holds ends. */
export class TooManyHoldsError extends HttpError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message);
  }
}

const minutesText = (seconds: number) => {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1 ? "minuutin" : `${minutes} minuutin`;
};

/** A visitor's live holds: how many, and (epoch ms) when the first of them ends. */
export type LiveHolds = { n: number; firstEndsMs: number | null };

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
    );
  }
  if (byIp && byIp.n >= limits.perIp) {
    const seconds = retryAfter(byIp);
    throw new TooManyHoldsError(
      `Tästä verkosta on liian monta maksamatonta varausta kesken. Yritä uudelleen ${minutesText(seconds)} kuluttua.`,
      seconds,
    );
  }
}
