/**
 * An error whose message is safe to show to the user, with its HTTP status; `field` names the
 * form field the message is about (e.g. "giftCardCode"), so the page can show it next to that field
 * and keep the rest of the form as it is. It leaves as `{ message, field }`.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, field?: string) => new HttpError(400, message, field);
export const unauthorized = (message = "Kirjaudu sisään uudelleen.") => new HttpError(401, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

/**
 * An error as it may be logged or stored: name, SQLSTATE code, message and stack, without the
 * query parameters a database error carries (Drizzle puts them in its message: personal data,
 * tokens). Walks the cause chain, where the driver's own error sits.
 */
export function loggableError(error: unknown): {
  name: string;
  code?: string;
  message: string;
  stack?: string;
} {
  const e = error as Error & { code?: unknown; cause?: unknown };
  const strip = (text: string | undefined) => text?.replace(/\nparams:[\s\S]*$/, "\nparams: [poistettu]");
  const code = typeof e?.code === "string" ? e.code : undefined;
  const cause = e?.cause ? loggableError(e.cause) : undefined;
  return {
    name: e?.name ?? "Error",
    ...(code ? { code } : cause?.code ? { code: cause.code } : {}),
    message: strip(e?.message) ?? String(error),
    stack: strip(e?.stack),
  };
}
