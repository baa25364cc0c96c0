/**
 * How every machine reads a failed call. The adapters at the edge (src/client, the providers in
 * src/web) reject with ONE shape, `RemoteFailure`: the HTTP status (null when no HTTP answer came)
 * and the answer's body, whose `message` holds the words to show (the server's `{ message }`, or
 * the Finnish text an adapter made of a service's error code). The http client's ApiError is one.
 * Spec §8 shows those words when there are some and the machine's own fallback otherwise (a
 * network error, a server without words, an answer that broke the contract, a thrown bug).
 */

export type RemoteFailure = { status: number | null; data?: unknown };

export function failureStatus(error: unknown): number | null {
  const status = (error as Partial<RemoteFailure> | null | undefined)?.status;
  return typeof status === "number" ? status : null;
}

/** The answer's body beyond its message (a 409's conflicts), or null without an answer. */
export function failureData(error: unknown): unknown {
  return (error as Partial<RemoteFailure> | null | undefined)?.data ?? null;
}

export function serverMessageOr(error: unknown, fallback: string): string {
  const data = (error as Partial<RemoteFailure> | null | undefined)?.data;
  const message = (data as { message?: unknown } | null | undefined)?.message;
  return typeof message === "string" && message.trim() ? message : fallback;
}

/** The form field a refusal is about (the server's `field`, e.g. "giftCardCode"), or null. */
export function failureField(error: unknown): string | null {
  const field = (failureData(error) as { field?: unknown } | null)?.field;
  return typeof field === "string" && field ? field : null;
}

/**
 * A payment that could not be started, as the form shows it next to its button: the words (the
 * server's, or the spec's fallback) and whether no answer came at all (offline: the page then says
 * in Finnish to check the connection and press the button again).
 */
export type SubmitFailure = { message: string; offline: boolean };

export function submitFailure(error: unknown, fallback: string): SubmitFailure {
  return { message: serverMessageOr(error, fallback), offline: failureStatus(error) === null };
}
