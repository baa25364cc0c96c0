/** Where the calendar's taken cell links: "Ilmoita, jos aika vapautuu" for that slot (decision 033). */
export const waitlistPathFor = (start: string, end: string) =>
  `/varauskalenteri/jono/${encodeURIComponent(start)}/${encodeURIComponent(end)}`;
