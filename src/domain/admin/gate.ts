import * as z from "zod/mini";
import { isoDate, isoDateTime, requestDate } from "../booking";

/** The gate's health and the day's attendance (v2/toiminta and v2/jarjestelma; decision 029). */

export const gateOverviewQuerySchema = z.object({ date: z.optional(requestDate) });

export const gateCheckSchema = z.object({
  windowStart: isoDateTime,
  provider: z.string(),
  /** null: the device was being asked (or the server stopped while asking). */
  ok: z.nullable(z.boolean()),
  detail: z.nullable(z.string()),
  checkedAt: z.nullable(isoDateTime),
});

export const gateOutageSchema = z.object({
  startedAt: isoDateTime,
  endedAt: z.nullable(isoDateTime),
  detail: z.nullable(z.string()),
  ownerNotifiedAt: z.nullable(isoDateTime),
  visitorsNotified: z.int(),
});

export const gateOverviewSchema = z.object({
  provider: z.string(),
  /** down: an outage is open; ok: the last check answered; unknown: not checked yet. */
  state: z.enum(["ok", "down", "unknown"]),
  healthCheckMinutesBefore: z.int(),
  checks: z.array(gateCheckSchema),
  outages: z.array(gateOutageSchema),
  attendance: z.object({
    date: isoDate,
    attended: z.int(),
    noShows: z.int(),
    /** Confirmed bookings of the day not yet attended that have not ended. */
    pending: z.int(),
    noShowList: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        areaName: z.string(),
        start: isoDateTime,
        end: isoDateTime,
      }),
    ),
  }),
});
export type GateOverview = z.infer<typeof gateOverviewSchema>;

export const gateStateText: Record<GateOverview["state"], string> = {
  ok: "Portti vastaa",
  down: "Portti ei vastaa",
  unknown: "Ei tarkistettu",
};
