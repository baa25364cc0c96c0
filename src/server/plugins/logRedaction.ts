import type { FastifyRequest, FastifyServerOptions } from "fastify";

/**
 * URLs in the log with their secrets masked. Some addresses are capabilities: whoever holds one
 * can cancel a booking (/reservations/by-token/…, /oma-varaus?varaus=…), open the gate
 * (/door/…, /avaa/…), sign in (/auth/callback?token=…) or see a payment's return
 * (session_id). Logs are kept and shared more widely than the database, so these never reach
 * them, at whatever level.
 */
const SECRET_PATH = /(\/(?:by-token|door|avaa)\/)[^/?#]+/g;
const SECRET_QUERY = /([?&](?:token|varaus|session_id|accessToken|doorToken)=)[^&#]*/gi;
export const MASK = "***";

export function maskUrl(url: string): string {
  return url.replace(SECRET_PATH, `$1${MASK}`).replace(SECRET_QUERY, `$1${MASK}`);
}

/** Fastify's request serializer, with the URL masked (the rest as Fastify's default has it). */
export function serializeRequest(request: FastifyRequest) {
  const version = request.headers["accept-version"];
  return {
    method: request.method,
    url: maskUrl(request.url),
    version: typeof version === "string" ? version : undefined,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

type LoggerOption = FastifyServerOptions["logger"];

/** The app's logger options with the masking request serializer (a logger given off stays off). */
export function withMaskedUrls(logger: LoggerOption): LoggerOption {
  if (!logger) return logger;
  const options = logger === true ? {} : logger;
  return { ...options, serializers: { ...options.serializers, req: serializeRequest } };
}
