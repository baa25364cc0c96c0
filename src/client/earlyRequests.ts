/*
 * Answers the entry asks for before the app has loaded (decision 045): what a page shows first from
 * the API (the park's settings, the calendar's first week) is requested beside react-dom instead of
 * after the page has rendered, and the HTTP client (http.ts) takes each answer
 * once, for the same URL, instead of asking again.
 */

/** An answer older than this is not taken: the page has been open a while, and asks afresh. */
const FRESH_FOR_MS = 30_000;

const early = new Map<string, { answer: Promise<Response>; askedAt: number }>();

/** Starts a public GET now; `url` is the path and query exactly as the HTTP client will build it. */
export function requestEarly(url: string): void {
  const answer = fetch(url, { headers: { Accept: "application/json" } });
  answer.catch(() => {}); // not taken, or taken later: its failure is the taker's to handle
  early.set(url, { answer, askedAt: Date.now() });
}

/** The early answer for this URL, once, while it is fresh; undefined otherwise. */
export function takeEarly(url: string): Promise<Response> | undefined {
  const asked = early.get(url);
  early.delete(url);
  return asked && Date.now() - asked.askedAt < FRESH_FOR_MS ? asked.answer : undefined;
}
