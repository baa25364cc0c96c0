import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import fastifyCompress from "@fastify/compress";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import Fastify, { LogController, type FastifyReply, type FastifyServerOptions } from "fastify";
import { jsonSchemaTransform, serializerCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { fi } from "zod/locales";
import type { Config } from "./config.js";
import type { AppContext } from "./context.js";
import { HttpError, loggableError } from "./errors.js";
import {
  customerAuthPlugin,
  isOverload,
  OVERLOADED_MESSAGE,
  overloadRetryAfter,
  registerLoadShedding,
  withMaskedUrls,
  finnishClientErrorHandler,
  registerUrlLengthLimit,
  registerWellFormedText,
  registerSecurityHeaders,
  finnishValidatorCompiler,
} from "./plugins/index.js";
import {
  adminRoutes,
  adminAuthConfigRoutes,
  authRoutes,
  availabilityRoutes,
  customerSessionRoutes,
  demoPaymentRoutes,
  doorRoutes,
  healthRoutes,
  photoRoutes,
  reservationRoutes,
  waitlistRoutes,
  siteRoutes,
  stripePaymentRoutes,
  subscriptionTierRoutes,
} from "./routes/index.js";
import { registerWebPages } from "./webPages.js";

z.config(fi());

export const webRoot = fileURLToPath(new URL("../../dist/web", import.meta.url));

export type BuildAppOptions = {
  ctx: AppContext;
  logger?: FastifyServerOptions["logger"];
  /** Serve the built SPA from dist/web (off in API tests and in `npm run dev`). */
  serveWeb?: boolean;
  /** Where the built SPA is (tests give a folder of their own). */
  webFolder?: string;
};

/**
 * TRUST_PROXY as Fastify takes it. A hop count becomes a function of the hop: Fastify's own number
 * option trusts no hop at all for the client's address. With one proxy the socket's peer is trusted
 * and the address it appended to X-Forwarded-For is the client's; entries further left are the
 * client's own words.
 */
export function trustProxyOption(trust: Config["TRUST_PROXY"]): FastifyServerOptions["trustProxy"] {
  if (typeof trust === "number") return (_address: string, hop: number) => hop < trust;
  return trust;
}

export async function buildApp({
  ctx,
  logger = false,
  serveWeb = false,
  webFolder = webRoot,
}: BuildAppOptions) {
  const hasWeb = serveWeb && existsSync(webFolder);
  // Request lines only at debug level, so the console stays readable (e-mails are printed there).
  const disableRequestLogging = ctx.config.LOG_LEVEL !== "debug" && ctx.config.LOG_LEVEL !== "trace";
  const app = Fastify({
    logger: withMaskedUrls(logger),
    trustProxy: trustProxyOption(ctx.config.TRUST_PROXY),
    logController: new LogController({ disableRequestLogging }),
    // Long path tokens reach the routes, whose schemas refuse them with a clear message (and the
    // gate route records the attempt); Fastify's default (100) would refuse them before routing.
    routerOptions: { maxParamLength: 1000 },
    clientErrorHandler: finnishClientErrorHandler,
    // A malformed URL (bad percent-encoding) fails before routing. A page address gets the SPA,
    // which shows its not-found page; the API answers like every other error.
    frameworkErrors: (error, request, reply) => {
      const json = () =>
        void (reply as FastifyReply)
          .code(400)
          .type("application/json; charset=utf-8")
          .send(JSON.stringify({ message: frameworkMessages[error.code] ?? "Virheellinen pyyntö." }));
      if (!hasWeb || error.code !== "FST_ERR_BAD_URL" || !isPageRequest(request.method, request.url))
        return json();
      readFile(path.join(webFolder, "index.html"), "utf8").then(
        (page) =>
          void (reply as FastifyReply)
            .code(404)
            .type("text/html; charset=utf-8")
            .header("cache-control", "no-cache")
            .send(page),
        json,
      );
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(finnishValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate("ctx", ctx);

  // A NUL byte is never meaningful input, and PostgreSQL refuses it in text: a 400, not a 500.
  // (A callback hook: every request passes here, and an async one costs each a promise.)
  app.addHook("preValidation", (request, _reply, done) => {
    if (containsNul(request.params) || containsNul(request.query) || containsNul(request.body))
      return done(new HttpError(400, "Pyynnössä on kielletty merkki (NUL)."));
    done();
  });

  // Every error leaves as { message } (with `field` when it is about one form field); a request its
  // schema refuses says in words what to fix (plugins/validation.ts), never a field's code name.
  app.setErrorHandler((error, request, reply) => {
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    // Every 429 says when to come back; a limiter that knows better has set it already.
    if (status === 429 && !reply.hasHeader("retry-after")) reply.header("retry-after", "60");
    if (error instanceof HttpError)
      return reply
        .status(error.statusCode)
        .send({ message: error.message, ...(error.field ? { field: error.field } : {}) });
    if (isOverload(error)) {
      reply.header("retry-after", overloadRetryAfter());
      return reply.status(503).send({ message: OVERLOADED_MESSAGE });
    }
    if (status >= 500) {
      // Without the query parameters a database error carries: they hold personal data.
      request.log.error({ err: loggableError(error) }, "request failed");
      return reply.status(500).send({ message: "Palvelinvirhe. Yritä hetken kuluttua uudelleen." });
    }
    // A framework's or library's own 4xx speaks English and code names: the reader gets Finnish.
    const code = (error as { code?: string }).code;
    return reply
      .status(status)
      .send({ message: (code && frameworkMessages[code]) || "Virheellinen pyyntö." });
  });

  registerUrlLengthLimit(app);
  registerWellFormedText(app);
  await registerSecurityHeaders(app, ctx.config);
  registerLoadShedding(app, ctx.config.MAX_CONCURRENT_REQUESTS);

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: "Koirapuisto API", version: "2.0.0", description: "Koirapuiston varaukset ja maksut." },
      components: {
        securitySchemes: {
          customerSession: { type: "http", scheme: "bearer", bearerFormat: "JWT" },
          adminIdToken: { type: "http", scheme: "bearer", bearerFormat: "Firebase ID token" },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  // The API's description is for developers; a production site does not publish its internals.
  if (ctx.config.NODE_ENV !== "production")
    await app.register(fastifySwaggerUi, { routePrefix: "/api/docs" });

  await app.register(
    async (api) => {
      // API answers only: static files are precompressed at build time (vite.config.ts).
      await api.register(fastifyCompress, { global: true, threshold: 1024, encodings: ["br", "gzip"] });
      await api.register(healthRoutes);
      await api.register(siteRoutes);
      await api.register(photoRoutes);
      await api.register(availabilityRoutes);
      await api.register(reservationRoutes);
      await api.register(waitlistRoutes);
      await api.register(doorRoutes);
      await api.register(customerAuthPlugin);
      await api.register(authRoutes);
      await api.register(subscriptionTierRoutes);
      // Every customer route, behind one guard (routes/customerSession.ts).
      await api.register(customerSessionRoutes);
      await api.register(stripePaymentRoutes);
      await api.register(adminAuthConfigRoutes);
      await api.register(adminRoutes, { prefix: "/admin" });
    },
    { prefix: "/api/v2" },
  );

  // The demo payment provider's hosted page: server-rendered, so it must come before the SPA fallback.
  await app.register(demoPaymentRoutes, { prefix: "/maksu/demo" });

  if (hasWeb) await registerWebPages(app, webFolder);

  // Unknown API paths answer JSON; any other GET is a client route of the SPA.
  app.setNotFoundHandler((request, reply) => {
    if (!hasWeb || !isPageRequest(request.method, request.url)) {
      const path = request.url.split("?")[0]!;
      return reply.status(404).send({ message: `Polkua ei löydy: ${request.method} ${path}` });
    }
    return reply.type("text/html").sendFile("index.html");
  });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

/** Fastify's own client errors, in Finnish. */
const frameworkMessages: Record<string, string> = {
  FST_ERR_BAD_URL: "Osoitteessa on virheellinen merkkikoodaus.",
  FST_ERR_CTP_INVALID_JSON_BODY: "Pyynnön JSON-sisältö on virheellinen.",
  FST_ERR_CTP_EMPTY_JSON_BODY: "Pyynnön JSON-sisältö puuttuu.",
  FST_ERR_CTP_BODY_TOO_LARGE: "Pyyntö on liian suuri.",
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "Sisältötyyppiä ei tueta: lähetä JSON-muotoinen pyyntö.",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "Pyynnön pituustieto on virheellinen.",
  FST_ERR_CTP_EMPTY_TYPE: "Pyynnöstä puuttuu sisältötyyppi.",
};

/** A GET of anything but the API: a client route of the SPA. */
function isPageRequest(method: string, url: string): boolean {
  const path = url.split("?")[0]!;
  return method === "GET" && !path.startsWith("/api/") && path !== "/api";
}

function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (depth > 20 || value === null || typeof value !== "object") return false;
  // An uploaded photo's bytes (routes/admin/photos.ts) are not text.
  if (ArrayBuffer.isView(value)) return false;
  // A plain loop: this runs on every request, and a closure per call showed in the bench's profile.
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (key.includes("\u0000") || containsNul((value as Record<string, unknown>)[key], depth + 1))
      return true;
  }
  return false;
}
