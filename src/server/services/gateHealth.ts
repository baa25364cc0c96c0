import { and, eq, gt, lt } from "drizzle-orm";
import { formatTimeRange } from "../../domain/helsinkiTime.js";
import type { AppContext } from "../context.js";
import type { Tx } from "../db/index.js";
import { LIMIT_LOCK, lockLimits } from "../db/limitLocks.js";
import { areas, gateChecks, gateFallbackNotices, gateOutages, reservations } from "../db/schema.js";
import { fallbackTextOf, openOutage } from "./gateOutages.js";
import { doorUrlOf } from "../reservations/receipt.js";
import { getSettings, type Settings } from "../settings/service.js";

/**
 * Gate health before every slot (issue 23, decision 029). The job runs every minute; it asks the
 * gate once per GATE_CHECK_MINUTES window while a confirmed booking starts within
 * door.healthCheckMinutesBefore or is running (or an outage is open, to see it end), and does
 * nothing otherwise. Exactly once with several servers: the window's gate_checks row is the
 * claim, the device is asked after that commit, and the outage is moved under an advisory lock in
 * one transaction with the e-mails it queues, whose flags and unique rows make each e-mail once.
 */

export const GATE_CHECK_MINUTES = 5;
const WINDOW_MS = GATE_CHECK_MINUTES * 60_000;
/** No booking is longer than a day, so a running one started within it (keeps the scan indexed). */
const LONGEST_BOOKING_MS = 24 * 3_600_000;

type Affected = {
  id: string;
  email: string;
  name: string;
  startsAt: Date;
  endsAt: Date;
  doorToken: string;
  areaName: string;
};

/** Confirmed bookings running now or starting before the horizon. */
async function bookingsInPlay(ctx: AppContext, now: Date, horizon: Date): Promise<Affected[]> {
  return ctx.db
    .select({
      id: reservations.id,
      email: reservations.email,
      name: reservations.name,
      startsAt: reservations.startsAt,
      endsAt: reservations.endsAt,
      doorToken: reservations.doorToken,
      areaName: areas.name,
    })
    .from(reservations)
    .innerJoin(areas, eq(areas.id, reservations.areaId))
    .where(
      and(
        eq(reservations.status, "confirmed"),
        gt(reservations.startsAt, new Date(now.getTime() - LONGEST_BOOKING_MS)),
        lt(reservations.startsAt, horizon),
        gt(reservations.endsAt, now),
      ),
    )
    .orderBy(reservations.startsAt);
}

export type GateCheckOutcome = "idle" | "claimed-elsewhere" | "ok" | "down";

export async function checkGate(ctx: AppContext): Promise<GateCheckOutcome> {
  const settings = await getSettings(ctx.db);
  const now = ctx.now();
  const horizon = new Date(now.getTime() + settings.door.healthCheckMinutesBefore * 60_000);
  const affected = await bookingsInPlay(ctx, now, horizon);
  if (affected.length === 0 && !(await openOutage(ctx.db))) return "idle";

  const windowStart = new Date(Math.floor(now.getTime() / WINDOW_MS) * WINDOW_MS);
  const [claim] = await ctx.db
    .insert(gateChecks)
    .values({ windowStart, provider: ctx.door.name, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: gateChecks.id });
  if (!claim) return "claimed-elsewhere";

  // The device is asked with no transaction open; a provider's status never throws.
  const status = await ctx.door.status();
  const checkedAt = ctx.now();
  const mailIds = await ctx.db.transaction(async (tx) => {
    await tx
      .update(gateChecks)
      .set({ ok: status.ok, detail: status.detail, checkedAt })
      .where(eq(gateChecks.id, claim.id));
    await lockLimits(tx, [[LIMIT_LOCK.gateOutage, "gate"]]);
    return status.ok
      ? endOutage(ctx, tx, settings, checkedAt)
      : recordOutage(ctx, tx, settings, checkedAt, status.detail, affected);
  });
  for (const id of mailIds) await ctx.mail.sendCommitted(ctx.db, id);
  return status.ok ? "ok" : "down";
}

/** A failed check: the outage (opened once), the owner's e-mail once, each booking's fallback once. */
async function recordOutage(
  ctx: AppContext,
  tx: Tx,
  settings: Settings,
  now: Date,
  detail: string,
  affected: Affected[],
): Promise<number[]> {
  const mailIds: number[] = [];
  const outage =
    (await openOutage(tx)) ??
    (await tx.insert(gateOutages).values({ startedAt: now, detail }).returning())[0]!;
  if (!outage.ownerDownMailedAt) {
    await tx.update(gateOutages).set({ ownerDownMailedAt: now }).where(eq(gateOutages.id, outage.id));
    mailIds.push(
      await ctx.mail.enqueue(tx, {
        to: settings.park.email,
        kind: "gate-down",
        subject: "Portti ei vastaa",
        text: [
          "Portin laite ei vastannut tarkistukseen, ja varauksia on alkamassa tai käynnissä.",
          `Virhe: ${detail}`,
          `Varaukset: ${affected.length} kpl. Asiakkaille lähetetään varaohje:`,
          fallbackTextOf(settings),
          "Saat viestin, kun portti vastaa taas.",
        ].join("\n\n"),
      }),
    );
  }
  if (affected.length === 0) return mailIds;
  const noticed = await tx
    .insert(gateFallbackNotices)
    .values(affected.map((r) => ({ outageId: outage.id, reservationId: r.id, createdAt: now })))
    .onConflictDoNothing()
    .returning({ reservationId: gateFallbackNotices.reservationId });
  const fresh = new Set(noticed.map((n) => n.reservationId));
  for (const r of affected.filter((a) => fresh.has(a.id)))
    mailIds.push(
      await ctx.mail.enqueue(tx, {
        to: r.email,
        kind: "gate-fallback",
        subject: "Portti ei juuri nyt vastaa: näin pääset sisään",
        text: [
          `Hei ${r.name},`,
          `varauksesi ${r.areaName} ${formatTimeRange(r.startsAt, r.endsAt)} on voimassa, mutta puiston portti ei juuri nyt vastaa.`,
          `Kokeile ensin avauslinkkiä: ${doorUrlOf(ctx.config.publicUrl, r.doorToken)}`,
          `Jos portti ei aukea: ${fallbackTextOf(settings)}`,
        ].join("\n\n"),
      }),
    );
  return mailIds;
}

/** A good check after an outage: it ends, and the owner hears so once. */
async function endOutage(ctx: AppContext, tx: Tx, settings: Settings, now: Date): Promise<number[]> {
  const outage = await openOutage(tx);
  if (!outage) return [];
  await tx
    .update(gateOutages)
    .set({ endedAt: now, ownerUpMailedAt: now })
    .where(eq(gateOutages.id, outage.id));
  return [
    await ctx.mail.enqueue(tx, {
      to: settings.park.email,
      kind: "gate-up",
      subject: "Portti vastaa taas",
      text: `Portin laite vastasi taas tarkistukseen. Katko: ${formatTimeRange(outage.startedAt, now)}.`,
    }),
  ];
}
