import type { PublicReservation } from "../src/domain/booking";

/** A booking as the machines see it: the API's public reservation without the visitor's contact details. */
export type BookingSummary = Pick<
  PublicReservation,
  "id" | "accessToken" | "areaName" | "start" | "end" | "status" | "priceCents" | "vatCents" | "doorUrl"
> &
  Partial<Pick<PublicReservation, "dogs" | "reactiveDog" | "inHeat" | "extraDogsCents">>;
