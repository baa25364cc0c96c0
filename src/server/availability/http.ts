import { createHash } from "node:crypto";
import { brotliCompressSync, constants as zlibConstants, gzipSync } from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";

/**
 * The availability answer over HTTP (decision 016): its ETag, made once with the answer; the
 * If-None-Match check; and its compressed forms, made once on first need and kept with it. Not
 * @fastify/etag: it compares If-None-Match as one whole string (a list or `*` would get no 304) in
 * an onSend hook every request would pass, after the body had been chosen.
 */

export type RangeAnswer = {
  /** The JSON text of the compact answer. */
  body: string;
  etag: string;
  /** Compressed forms, made on first use. */
  gzip?: Buffer;
  br?: Buffer;
};

/** An answer for its JSON text, with its strong ETag (SHA-1 of the text). */
export function rangeAnswer(body: string): RangeAnswer {
  return { body, etag: `"${createHash("sha1").update(body).digest("base64url")}"` };
}

/** Whether an If-None-Match header names this ETag (a list, weak or not, or *). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(",").some((tag) => {
    const t = tag.trim();
    return t === "*" || t === etag || t === `W/${etag}`;
  });
}

/** An Accept-Encoding header names the coding, without q=0. */
const acceptsCoding = (name: string) => new RegExp(`(^|[,\\s])${name}(?![^,]*;\\s*q=0(\\.0*)?\\s*(,|$))`);
const ACCEPTS_BR = acceptsCoding("br");
const ACCEPTS_GZIP = acceptsCoding("gzip");

/** The answer's bytes for an Accept-Encoding: brotli, gzip or none (compressed once, then kept). */
export function encodedAnswer(
  answer: RangeAnswer,
  acceptEncoding: string | undefined,
): { encoding: "br" | "gzip" | null; payload: string | Buffer } {
  if (answer.body.length < 1024 || !acceptEncoding) return { encoding: null, payload: answer.body };
  if (ACCEPTS_BR.test(acceptEncoding)) {
    answer.br ??= brotliCompressSync(answer.body, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: 6,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: answer.body.length,
      },
    });
    return { encoding: "br", payload: answer.br };
  }
  if (ACCEPTS_GZIP.test(acceptEncoding)) {
    answer.gzip ??= gzipSync(answer.body, { level: 6 });
    return { encoding: "gzip", payload: answer.gzip };
  }
  return { encoding: null, payload: answer.body };
}

/**
 * Sends an answer: its ETag with `no-cache` (the browser revalidates each time), 304 when the
 * request names that ETag, else the ready bytes as they are (the route has `compress: false`).
 */
export function sendAnswer(request: FastifyRequest, reply: FastifyReply, answer: RangeAnswer): FastifyReply {
  reply.header("etag", answer.etag).header("cache-control", "no-cache").header("vary", "accept-encoding");
  if (etagMatches(request.headers["if-none-match"], answer.etag)) return reply.code(304).send();
  const { encoding, payload } = encodedAnswer(answer, request.headers["accept-encoding"]);
  if (encoding) reply.header("content-encoding", encoding);
  return reply.type("application/json; charset=utf-8").send(payload);
}
