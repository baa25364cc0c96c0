import { formatTimeRange } from "../../domain/helsinkiTime.js";
import type { AppContext } from "../context.js";
import { type Tx, LIMIT_LOCK, lockLimits } from "../db/index.js";
import { doorUrlOf } from "../reservations/index.js";
import { getSettings, type Settings } from "../settings/index.js";
import { fallbackTextOf, openOutage } from "./gateOutages.js";
import { gateRepository, type BookingInPlay } from "./gateRepository.js";

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

export type GateCheckOutcome = "idle" | "claimed-elsewhere" | "ok" | "down";

export async function checkGate(ctx: AppContext): Promise<GateCheckOutcome> {
  const settings = await getSettings(ctx.db);
  const now = ctx.now();
  const horizon = new Date(now.getTime() + settings.door.healthCheckMinutesBefore * 60_000);
  const affected = await gateRepository(ctx.db).bookingsInPlay(now, horizon);
  if (affected.length === 0 && !(await openOutage(ctx.db))) return "idle";

  const windowStart = new Date(Math.floor(now.getTime() / WINDOW_MS) * WINDOW_MS);
  const claim = await gateRepository(ctx.db).claimCheck(windowStart, ctx.door.name, now);
  if (claim === undefined) return "claimed-elsewhere";

  // The device is asked with no transaction open; a provider's status never throws.
  const status = await ctx.door.status();
  const checkedAt = ctx.now();
  const mailIds = await ctx.db.transaction(async (tx) => {
    await gateRepository(tx).recordCheck(claim, { ok: status.ok, detail: status.detail, checkedAt });
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
  affected: BookingInPlay[],
): Promise<number[]> {
  const mailIds: number[] = [];
  const gate = gateRepository(tx);
  const outage = (await openOutage(tx)) ?? (await gate.startOutage(now, detail));
  if (!outage.ownerDownMailedAt) {
    await gate.markOwnerDownMailed(outage.id, now);
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
  const noticed = await gate.addFallbackNotices(
    outage.id,
    affected.map((r) => r.id),
    now,
  );
  const fresh = new Set(noticed);
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
  await gateRepository(tx).endOutage(outage.id, now);
  return [
    await ctx.mail.enqueue(tx, {
      to: settings.park.email,
      kind: "gate-up",
      subject: "Portti vastaa taas",
      text: `Portin laite vastasi taas tarkistukseen. Katko: ${formatTimeRange(outage.startedAt, now)}.`,
    }),
  ];
}
