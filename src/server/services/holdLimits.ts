import { and, count, eq, gt, min, sql, type SQL } from "drizzle-orm";
import type { Tx } from "../db/index.js";
import { reservations } from "../db/schema.js";
import { HttpError } from "../errors.js";
import type { Settings } from "./settings.js";

/**
 * Holding without paying is limited: an e-mail address and an IP address may have only a few live
 * holds at once (setting holdLimits), so nobody can take a day's slots by starting checkouts and
 * never paying. Counted in the checkout's transaction, after the area's lock, so simultaneous
 * checkouts of one visitor take turns and the limit holds.
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

export async function enforceHoldLimits(
  tx: Tx,
  options: { email: string; ip: string | null; now: Date; limits: Settings["holdLimits"] },
): Promise<void> {
  const { now, limits } = options;
  const live = and(eq(reservations.status, "pending"), gt(reservations.holdExpiresAt, now));
  const liveHolds = async (whose: SQL) => {
    const [row] = await tx
      .select({ n: count(), firstEnds: min(reservations.holdExpiresAt) })
      .from(reservations)
      .where(and(live, whose));
    const seconds = row?.firstEnds
      ? Math.ceil((new Date(row.firstEnds).getTime() - now.getTime()) / 1000)
      : 60;
    return { n: Number(row?.n ?? 0), retryAfter: Math.max(1, seconds) };
  };
  const byEmail = await liveHolds(sql`lower(${reservations.email}) = ${options.email.trim().toLowerCase()}`);
  if (byEmail.n >= limits.perEmail)
    throw new TooManyHoldsError(
      `Sähköpostiosoitteellasi on jo ${byEmail.n} maksamatonta varausta kesken. Maksa ne tai vapauta ne, tai yritä uudelleen ${minutesText(byEmail.retryAfter)} kuluttua.`,
      byEmail.retryAfter,
    );
  if (!options.ip) return;
  const byIp = await liveHolds(eq(reservations.holdIp, options.ip));
  if (byIp.n >= limits.perIp)
    throw new TooManyHoldsError(
      `Tästä verkosta on liian monta maksamatonta varausta kesken. Yritä uudelleen ${minutesText(byIp.retryAfter)} kuluttua.`,
      byIp.retryAfter,
    );
}
