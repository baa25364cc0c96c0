/** The waitlist page's length parameter (domain/waitlist.ts); here, off the calendar's first load. */
export const WAITLIST_LENGTH_PARAM = "kesto";

/**
 * Where the calendar's taken cell links: "Ilmoita, jos aika vapautuu" for that slot (decision 033).
 * With `lengthMinutes` (the length the visitor wants, when the calendar knows it) the page asks for
 * start + that length; without it the visitor chooses the length there.
 */
export const waitlistPathFor = (start: string, end: string, lengthMinutes?: number) =>
  `/varauskalenteri/jono/${encodeURIComponent(start)}/${encodeURIComponent(end)}` +
  (lengthMinutes ? `?${WAITLIST_LENGTH_PARAM}=${lengthMinutes}` : "");
