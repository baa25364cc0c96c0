import * as z from "zod/mini";
import { isoDateTime, requestDateTime } from "../booking";

/** The park's lights on v2/toiminta (decision 035): their state, the override, the latest switches. */

export const lightSwitchSchema = z.object({
  at: isoDateTime,
  on: z.boolean(),
  reason: z.enum(["booking", "schedule", "manual"]),
  result: z.enum(["pending", "ok", "failed"]),
  error: z.nullable(z.string()),
  attempts: z.int(),
});

export const lightsOverrideSchema = z.object({
  mode: z.enum(["on", "off"]),
  /** null: until the automatic state next changes. */
  until: z.nullable(isoDateTime),
});

export const lightsOverviewSchema = z.object({
  provider: z.enum(["none", "shelly", "mqtt"]),
  target: z.nullable(z.string()),
  /** As last switched successfully; unknown before the first switch. */
  state: z.enum(["on", "off", "unknown"]),
  /** What the bookings in the dark ask for now, without the override. */
  automaticOn: z.boolean(),
  graceMinutes: z.int(),
  override: z.nullable(lightsOverrideSchema),
  switches: z.array(lightSwitchSchema),
});
export type LightsOverview = z.infer<typeof lightsOverviewSchema>;

/** POST /admin/operations/lights/override: on or off until a time (or the next change), or back to auto. */
export const lightsOverrideBodySchema = z.object({
  mode: z.enum(["on", "off", "auto"]),
  until: z._default(z.nullable(requestDateTime), null),
});
export type LightsOverrideBody = z.infer<typeof lightsOverrideBodySchema>;

export const lightsSettingsSchema = z.object({
  /** How long the lights stay on after a booking in the dark ends. */
  graceMinutes: z._default(z.int().check(z.minimum(0), z.maximum(120)), 10),
});

export const lightsStateText: Record<LightsOverview["state"], string> = {
  on: "Valot päällä",
  off: "Valot pois",
  unknown: "Valoja ei ole vielä ohjattu",
};

export const lightSwitchReasonText: Record<z.infer<typeof lightSwitchSchema>["reason"], string> = {
  booking: "varaus pimeällä",
  schedule: "ei varauksia",
  manual: "käsiohjaus",
};
