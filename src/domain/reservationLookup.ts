import * as z from "zod/mini";

/**
 * POST /api/v2/reservations/lookup ("Lähetä varaukseni sähköpostiini") and the customer's reminder
 * preference (GET/PUT /api/v2/customers/me/reminders). Shared by the routes and the SPA.
 */

// The address only has to be a string here; the route checks its format with one plain message.
export const reservationLookupRequestSchema = z.object({
  email: z.string().check(z.describe("Sähköpostiosoite, jolla varaukset tehtiin")),
});
export const reservationLookupResponseSchema = z.object({ success: z.boolean(), message: z.string() });
export type ReservationLookupResponse = z.infer<typeof reservationLookupResponseSchema>;

export const reminderPreferenceSchema = z.object({ enabled: z.boolean() });
export const reminderPreferenceResponseSchema = z.object({
  enabled: z.boolean(),
  message: z.optional(z.string()),
});
export type ReminderPreference = z.infer<typeof reminderPreferenceResponseSchema>;
