import type { GateOverview } from "../../domain/admin/gate.js";
import { helsinkiDate, toHelsinkiIso, wallClock } from "../../domain/helsinkiTime.js";
import type { AppContext } from "../context.js";
import { getSetting } from "../settings/index.js";
import { attendanceBetween } from "./attendance.js";
import { gateHistory } from "./gateOutages.js";
import { gateRepository } from "./gateRepository.js";

const iso = (d: Date | null) => (d ? toHelsinkiIso(d) : null);

/** The gate's state and recent history, and a Helsinki day's attendance (today by default). */
export async function gateOverview(ctx: AppContext, date?: string): Promise<GateOverview> {
  const now = ctx.now();
  const day = date ?? helsinkiDate(now);
  const [{ checks, outages }, door, attendance] = await Promise.all([
    gateHistory(ctx.db),
    getSetting(ctx.db, "door"),
    attendanceBetween(ctx.db, wallClock(day, "00:00").toJSDate(), wallClock(day, "24:00").toJSDate(), now),
  ]);
  const notified = await gateRepository(ctx.db).fallbackNoticeCounts(outages.map((o) => o.id));
  const lastDone = checks.find((c) => c.ok !== null);
  return {
    provider: ctx.door.name,
    state: outages.some((o) => !o.endedAt) ? "down" : lastDone ? "ok" : "unknown",
    healthCheckMinutesBefore: door.healthCheckMinutesBefore,
    checks: checks.map((c) => ({
      windowStart: toHelsinkiIso(c.windowStart),
      provider: c.provider,
      ok: c.ok,
      detail: c.detail,
      checkedAt: iso(c.checkedAt),
    })),
    outages: outages.map((o) => ({
      startedAt: toHelsinkiIso(o.startedAt),
      endedAt: iso(o.endedAt),
      detail: o.detail,
      ownerNotifiedAt: iso(o.ownerDownMailedAt),
      visitorsNotified: notified.find((n) => n.outageId === o.id)?.n ?? 0,
    })),
    attendance: {
      date: day,
      attended: attendance.attended,
      noShows: attendance.noShows,
      pending: attendance.pending,
      noShowList: attendance.noShowList.map((r) => ({
        id: r.id,
        name: r.name,
        areaName: r.areaName,
        start: toHelsinkiIso(r.startsAt),
        end: toHelsinkiIso(r.endsAt),
      })),
    },
  };
}
