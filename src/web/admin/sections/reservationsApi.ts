import type { HttpClient } from "../../../client/http";
import {
  reservationDetailsSchema,
  reservationListSchema,
  type CreateBlockInput,
  type ManualReservationInput,
  type ReservationList,
} from "../../../domain/admin/reservations";

/** Varaukset's calls; answers are checked against the API's own schemas. */

/** The day and week calendars, or the list (the week's bookings, or a search's). */
export type ReservationView = "day" | "week" | "list";
/** `page`: a search's page (from 1), newest bookings first; a date range has none. */
export type ReservationQuery = { view: ReservationView; date: string; q: string; page?: number };

export type ReservationCommand =
  | { kind: "cancel"; id: string; refund: boolean }
  | { kind: "move"; id: string; start: string; end: string }
  | { kind: "manual"; input: ManualReservationInput }
  | { kind: "block"; input: CreateBlockInput }
  | { kind: "deleteBlock"; id: number };

export function reservationsApi(http: HttpClient) {
  return {
    async list(range: { from?: string; to?: string; q?: string; page?: number }): Promise<ReservationList> {
      return reservationListSchema.parse(await http.get("/api/v2/admin/reservations", { params: range }));
    },
    async details(id: string) {
      return reservationDetailsSchema.parse(await http.get(`/api/v2/admin/reservations/${id}`));
    },
    async write(command: ReservationCommand): Promise<string> {
      switch (command.kind) {
        case "cancel":
          return (
            await http.post<{ message: string }>(`/api/v2/admin/reservations/${command.id}/cancel`, {
              refund: command.refund,
            })
          ).message;
        case "move":
          return (
            await http.post<{ message: string }>(`/api/v2/admin/reservations/${command.id}/move`, {
              start: command.start,
              end: command.end,
            })
          ).message;
        case "manual":
          await http.post("/api/v2/admin/reservations", command.input);
          return "Varaus lisätty.";
        case "block": {
          const { cancelledReservations } = await http.post<{ cancelledReservations: number }>(
            "/api/v2/admin/blocks",
            command.input,
          );
          return cancelledReservations
            ? `Sulku lisätty ja ${cancelledReservations} varaus${cancelledReservations > 1 ? "ta" : ""} peruttu.`
            : "Sulku lisätty.";
        }
        case "deleteBlock":
          return (await http.delete<{ message: string }>(`/api/v2/admin/blocks/${command.id}`)).message;
      }
    },
  };
}
