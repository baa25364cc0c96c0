import type { PublicReservation } from "../../../domain/booking";

/** "30 min", "1 h", "1,5 h", "2 h" — a booking's length the way people say it. */
export function formatLength(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const hours = minutes / 60;
  return `${String(hours).replace(".", ",")} h`;
}

export const reservationStatusLabels: Record<PublicReservation["status"], string> = {
  confirmed: "Vahvistettu",
  pending: "Odottaa maksua",
  cancelled: "Peruttu",
  expired: "Vanhentunut",
};

/** The SPA path of an absolute door link (`doorUrl` names the site's public address). */
export function doorPath(doorUrl: string): string {
  try {
    return new URL(doorUrl, window.location.origin).pathname;
  } catch {
    return doorUrl;
  }
}
