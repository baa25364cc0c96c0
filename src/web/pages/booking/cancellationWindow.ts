import { formatDateTime } from "../../../domain/helsinkiClock";

/*
 * How the booking pages word the cancellation window (product.md: a booking may be cancelled or
 * moved until `cancellationHours` before its start). The server decides the deadline and whether it
 * has passed (`cancellableUntil`, `cancellable`: src/domain/changeWindow.ts, in the
 * quote and in the booking); these only say it, so the checkout and /oma-varaus agree.
 */

const HOUR_MS = 3_600_000;

/** The window's length in hours: the time between the deadline and the start. */
export const windowHours = (start: string, cancellableUntil: string) =>
  Math.round((Date.parse(start) - Date.parse(cancellableUntil)) / HOUR_MS);

/** "alle 24 tuntia ennen", "alle 24 tunnin kuluttua"; one hour is "alle tunnin" in both. */
const hoursText = (hours: number) => (hours === 1 ? "tunnin" : `${hours} tuntia`);
const underHoursText = (hours: number) => (hours === 1 ? "tunnin" : `${hours} tunnin`);

/**
 * The checkout's warning before paying for a slot that starts inside the window: once paid it
 * cannot be cancelled or moved. Null when it could be (or the server did not say).
 */
export function lateBookingWarning(quote: {
  start: string;
  cancellableUntil?: string;
  cancellable?: boolean;
}): string | null {
  if (quote.cancellable !== false || !quote.cancellableUntil) return null;
  const hours = windowHours(quote.start, quote.cancellableUntil);
  return (
    `Aika alkaa alle ${underHoursText(hours)} kuluttua. Varausta ei voi maksamisen jälkeen perua eikä ` +
    `siirtää, eikä maksua palauteta.`
  );
}

/**
 * Why a confirmed booking to come has no cancel button: made inside the window (it never had
 * one), or its window has ended (it had, until the deadline).
 */
export function closedWindowText(reservation: {
  start: string;
  cancellableUntil: string;
  confirmedAt?: string | null;
}): string {
  const { start, cancellableUntil, confirmedAt } = reservation;
  if (confirmedAt && Date.parse(confirmedAt) > Date.parse(cancellableUntil)) {
    const hours = windowHours(start, cancellableUntil);
    return `Varaus tehtiin alle ${hoursText(hours)} ennen alkua, joten sitä ei voi perua eikä siirtää.`;
  }
  return `Peruutus- ja siirtoaika päättyi ${formatDateTime(cancellableUntil)}.`;
}
