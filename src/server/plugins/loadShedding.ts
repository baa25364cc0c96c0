import type { FastifyInstance } from "fastify";
import { HttpError } from "../errors.js";

export const OVERLOADED_MESSAGE = "Palvelu on juuri nyt ruuhkainen. Yritä hetken kuluttua uudelleen.";
const RETRY_AFTER_SECONDS = "2";

/**
 * Sheds load instead of queueing it: beyond `max` API requests in flight, a new one answers 503
 * with Retry-After at once, rather than waiting for a database connection until the pool gives up
 * (which answered 500s). Static files and the SPA are not counted: they need no database.
 */
export function registerLoadShedding(app: FastifyInstance, max: number) {
  let inFlight = 0;
  // A callback hook: every request passes here, and an async one costs each a promise.
  app.addHook("onRequest", (request, reply, done) => {
    if (!request.url.startsWith("/api/")) return done();
    if (inFlight >= max) {
      reply.header("retry-after", RETRY_AFTER_SECONDS);
      return done(new HttpError(503, OVERLOADED_MESSAGE));
    }
    inFlight++;
    // A response emits "close" once, however it ends (answered, failed, or the client went away).
    reply.raw.once("close", () => inFlight--);
    done();
  });
}

/** A database that could not give a connection in time (pool exhausted, server unreachable). */
export function isOverload(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const message = (e as { message?: unknown }).message;
    if (
      typeof message === "string" &&
      /timeout exceeded when trying to connect|too many clients/i.test(message)
    )
      return true;
    if ((e as { code?: unknown }).code === "53300") return true; // too_many_connections
  }
  return false;
}

export function overloadRetryAfter(): string {
  return RETRY_AFTER_SECONDS;
}
