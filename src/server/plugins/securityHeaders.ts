import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import helmet from "helmet";
import type { Config } from "../config.js";

/** Where the admin's Firebase sign-in talks to (the SDK's REST endpoints). */
const FIREBASE_ORIGINS = ["https://identitytoolkit.googleapis.com", "https://securetoken.googleapis.com"];

/**
 * Security headers for every answer: a Content-Security-Policy under which the SPA (one module
 * script, no inline code), the server-rendered payment page (a <style> block) and the admin's
 * Firebase calls work; no framing anywhere (the payment and gate pages are click-jacking targets);
 * nosniff and a strict Referrer-Policy (the gate and booking links carry their tokens in the path).
 * HSTS and upgrade-insecure-requests only in production: development serves plain http.
 * The headers are the same for every answer, so helmet computes them once, at start (its Fastify
 * plugin rebuilt them on every request, a tenth of what a cached availability answer costs).
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config) {
  const production = config.NODE_ENV === "production";
  // In development the Firebase Auth emulator answers on a local port.
  const local = production
    ? []
    : ["http://127.0.0.1:*", "http://localhost:*", "ws://127.0.0.1:*", "ws://localhost:*"];
  const headers = headersOf(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", "data:"],
          fontSrc: ["'self'", "data:"],
          connectSrc: ["'self'", ...FIREBASE_ORIGINS, ...local],
          frameSrc: ["'self'", ...(production ? [] : local)],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          ...(production ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      frameguard: { action: "deny" },
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      strictTransportSecurity: production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      crossOriginEmbedderPolicy: false,
    }),
  );
  app.addHook("onRequest", (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

/** The headers a helmet middleware sets (its directives are fixed, so they never differ). */
function headersOf(middleware: ReturnType<typeof helmet>): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  middleware({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return headers;
}
