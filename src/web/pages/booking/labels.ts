import type { PublicReservation } from "../../../domain/booking";

export { formatLength } from "../../../domain/duration";

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
