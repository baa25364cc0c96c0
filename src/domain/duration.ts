/**
 * "30 min", "1 h", "1,5 h", "2 h": a booking's length the way people say it. One formatter for the
 * public slot chooser, checkout and the member's picker, so the same slot reads the same everywhere.
 */
export function formatLength(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.round((minutes / 60) * 100) / 100;
  return `${String(hours).replace(".", ",")} h`;
}
