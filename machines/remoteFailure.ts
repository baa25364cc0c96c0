/**
 * How every machine reads a failed call. The actors the app provides reject with the http
 * client's ApiError: the HTTP status (null when no response came) and the server's body. Spec §8
 * shows the server's `{ message }` when there is one and the machine's own fallback otherwise
 * (a network error, a server without words, an answer that broke the contract).
 */

export type RemoteFailure = { status?: number | null; data?: unknown };

export function failureStatus(error: unknown): number | null {
  const status = (error as RemoteFailure | null | undefined)?.status;
  return typeof status === "number" ? status : null;
}

export function serverMessageOr(error: unknown, fallback: string): string {
  if (failureStatus(error) === null) return fallback;
  const message = ((error as RemoteFailure).data as { message?: unknown } | null | undefined)?.message;
  return typeof message === "string" && message.trim() ? message : fallback;
}
