import type { FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { Customer } from "../../domain/customer.js";
import { unauthorized } from "../errors.js";
import { messages, verifySessionToken } from "../customers/index.js";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in customer; set by `requireCustomer`, null elsewhere. */
    customer: Customer | null;
    customerSessionId: string | null;
  }
}

/** Declares the request fields once, for the guard (`requireCustomer`) and the routes behind it. */
export const customerAuthPlugin = fp(
  async (app) => {
    app.decorateRequest("customer", null);
    app.decorateRequest("customerSessionId", null);
  },
  { name: "customer-auth", fastify: "5.x" },
);

const bearerToken = (request: FastifyRequest): string | null => {
  const header = request.headers.authorization;
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match ? match[1]! : null;
};

/**
 * The customer routes' guard, the onRequest hook of routes/customerSession.ts: a missing, forged, expired or revoked session token answers
 * 401 (the SPA then clears its session and goes to /login, spec §8).
 */
export async function requireCustomer(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const token = bearerToken(request);
  if (!token) throw unauthorized(messages.notLoggedIn);
  const session = await verifySessionToken(request.server.ctx, token);
  if (!session) throw unauthorized(messages.sessionEnded);
  request.customer = session.customer;
  request.customerSessionId = session.sessionId;
}

/** The customer `requireCustomer` found; for handlers behind it. */
export function signedInCustomer(request: FastifyRequest): Customer {
  if (!request.customer) throw unauthorized(messages.notLoggedIn);
  return request.customer;
}
