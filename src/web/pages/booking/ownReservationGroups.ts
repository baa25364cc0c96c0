import type { OwnReservationItem } from "../../../../machines/myReservationsMachine";
import { helsinkiDate } from "../../../domain/helsinkiClock";

/*
 * How /oma-varaus orders the kept bookings: the one under way or later today first, then those to
 * come, soonest first; then, under their own heading, those that have ended or were cancelled,
 * newest first.
 */

const startOf = (item: OwnReservationItem) => item.reservation?.start ?? item.entry.start;
const endOf = (item: OwnReservationItem) => item.reservation?.end ?? item.entry.endTime;
const isOff = (item: OwnReservationItem) =>
  item.reservation?.status === "cancelled" || item.reservation?.status === "expired";

export type OwnReservationGroups = {
  today: OwnReservationItem[];
  upcoming: OwnReservationItem[];
  pastOrCancelled: OwnReservationItem[];
};

export function groupOwnReservations(items: OwnReservationItem[], now: string | null): OwnReservationGroups {
  const nowMs = now ? Date.parse(now) : Date.now();
  const today = helsinkiDate(nowMs);
  const soonestFirst = (list: OwnReservationItem[]) =>
    [...list].sort((a, b) => Date.parse(startOf(a)) - Date.parse(startOf(b)));
  const live = items.filter((item) => !isOff(item) && Date.parse(endOf(item)) > nowMs);
  const isToday = (item: OwnReservationItem) =>
    Date.parse(startOf(item)) <= nowMs || helsinkiDate(startOf(item)) === today;
  return {
    today: soonestFirst(live.filter(isToday)),
    upcoming: soonestFirst(live.filter((item) => !isToday(item))),
    pastOrCancelled: [...items.filter((item) => !live.includes(item))].sort(
      (a, b) => Date.parse(startOf(b)) - Date.parse(startOf(a)),
    ),
  };
}
