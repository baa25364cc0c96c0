import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { FastifyInstance } from "fastify";
import { HttpError } from "../errors.js";

/** URLs longer than this answer 414: no route of ours needs more, and logs stay readable. */
export const MAX_URL_LENGTH = 8192;

/**
 * Requests that fail before Fastify sees them (Node's HTTP parser: headers over 16 KB, a malformed
 * request line, a client that stalls) answer in Finnish as JSON too, like every other error.
 */
export function finnishClientErrorHandler(error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const [status, message] =
    error.code === "HPE_HEADER_OVERFLOW"
      ? [431, "Pyynnön otsaketiedot ovat liian suuret."]
      : error.code === "ERR_HTTP_REQUEST_TIMEOUT"
        ? [408, "Pyyntö aikakatkaistiin."]
        : [400, "Virheellinen pyyntö."];
  const body = JSON.stringify({ message });
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  socket.destroy(error);
}

export function registerUrlLengthLimit(app: FastifyInstance) {
  app.addHook("onRequest", (request, _reply, done) => {
    if (request.url.length > MAX_URL_LENGTH) return done(new HttpError(414, "Osoite on liian pitkä."));
    done();
  });
}

/** A UTF-16 surrogate without its pair: not a character, and PostgreSQL refuses it in JSON (500). */
const loneSurrogate = /\p{Surrogate}/u;

/** Whether any string (or key) in a parsed body, query or path holds a lone surrogate. */
function hasLoneSurrogate(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return loneSurrogate.test(value);
  if (depth > 32 || value === null || typeof value !== "object") return false;
  // An uploaded photo's bytes (routes/admin/photos.ts) are not text.
  if (ArrayBuffer.isView(value)) return false;
  return Object.entries(value).some(
    ([key, inner]) => loneSurrogate.test(key) || hasLoneSurrogate(inner, depth + 1),
  );
}

/**
 * Every free-text field of every route, public or admin, is refused with a 400 before validation
 * when it is not well-formed Unicode (JSON's "\ud800" escape parses into one), rather than each
 * schema having to remember it.
 */
export function registerWellFormedText(app: FastifyInstance) {
  app.addHook("preValidation", (request, _reply, done) => {
    if ([request.body, request.query, request.params].some((part) => hasLoneSurrogate(part)))
      return done(
        new HttpError(400, "Tekstissä on merkki, jota ei voi tallentaa. Kirjoita teksti uudelleen."),
      );
    done();
  });
}
