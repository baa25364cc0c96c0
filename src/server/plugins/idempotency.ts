import { createHash } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { HttpError } from "../errors.js";
import { idempotencyRepository } from "./idempotencyRepository.js";

/**
 * `Idempotency-Key` on the POSTs that start a payment (checkout, signup, invoice payment): the SPA
 * sends one key per attempt of the user, and its network retry (spec §8) resends the same key, so
 * a request whose answer was lost is not done twice: the repeat gets the first answer. Attach to a
 * route with `...idempotent` (a preHandler and an onSend hook).
 *
 * - The first request with a key claims it (one INSERT, the primary key decides), runs, and its
 *   answer (2xx or 4xx) is stored. A 5xx is not stored: the claim is dropped so a retry runs again.
 * - A repeat waits while the first is still running, then answers what the first answered, with
 *   `Idempotent-Replayed: true`. The same key with another body is a 422.
 * - A claim left without an answer (a server that died mid-request) is taken over after a minute.
 */

const HEADER = "idempotency-key";
const KEY_PATTERN = /^[\x21-\x7e]{8,200}$/;
/** How long a repeat waits for the first request's answer before giving up with a 409. */
const WAIT_MS = 20_000;
const POLL_MS = 100;
const ABANDONED_MS = 60_000;

type Claim = { scope: string; key: string };
const claims = new WeakMap<FastifyRequest, Claim>();

const scopeOf = (request: FastifyRequest) =>
  `${request.method} ${request.url.split("?")[0]} ${request.customer?.id ?? "-"}`;
const hashOf = (body: unknown) =>
  createHash("sha256")
    .update(JSON.stringify(body ?? null))
    .digest("hex");

async function preHandler(request: FastifyRequest, reply: FastifyReply) {
  const header = request.headers[HEADER];
  if (header === undefined) return;
  const key = Array.isArray(header) ? header[0] : header;
  if (!key || !KEY_PATTERN.test(key))
    throw new HttpError(400, "Idempotency-Key on virheellinen: 8–200 näkyvää merkkiä.");
  const { db, now } = request.server.ctx;
  const scope = scopeOf(request);
  const requestHash = hashOf(request.body);
  const deadline = Date.now() + WAIT_MS;
  const keys = idempotencyRepository(db);
  for (;;) {
    if (await keys.claim({ scope, key, requestHash, createdAt: now() })) {
      claims.set(request, { scope, key });
      return;
    }
    const first = await keys.byKey({ scope, key });
    if (!first) continue; // dropped meanwhile (the first one failed): claim it now
    if (first.requestHash !== requestHash)
      throw new HttpError(422, "Tämä Idempotency-Key on jo käytetty toiseen pyyntöön.");
    if (first.statusCode !== null && first.responseBody !== null)
      return reply
        .code(first.statusCode)
        .header("content-type", "application/json; charset=utf-8")
        .header("idempotent-replayed", "true")
        .send(first.responseBody);
    if (now().getTime() - first.createdAt.getTime() > ABANDONED_MS) {
      await keys.dropAbandoned({ scope, key }, new Date(now().getTime() - ABANDONED_MS));
      continue;
    }
    if (Date.now() > deadline) {
      reply.header("retry-after", "5");
      throw new HttpError(409, "Sama pyyntö on vielä käsittelyssä. Yritä hetken kuluttua uudelleen.");
    }
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

async function onSend(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  const claim = claims.get(request);
  if (!claim) return payload;
  claims.delete(request);
  const { db, now } = request.server.ctx;
  const keys = idempotencyRepository(db);
  if (reply.statusCode >= 500 || typeof payload !== "string") await keys.drop(claim);
  else
    await keys.storeAnswer(claim, {
      statusCode: reply.statusCode,
      responseBody: payload,
      completedAt: now(),
    });
  return payload;
}

/** The header as the routes' schemas (and so /api/docs) describe it. */
export const idempotencyHeaders = z.looseObject({
  "idempotency-key": z
    .string()
    .optional()
    .describe("One per attempt of the user; a repeat with the same key gets the first answer."),
});

/** Route options that make a POST idempotent by its Idempotency-Key header. */
export const idempotent = { preHandler, onSend } as const;
