/**
 * The load generator, in a process of its own so it never takes the servers' CPU time in their
 * own event loop: autocannon with the options the bench sends, one run per message. A checkout
 * run gives each request its own slot (the `slots` list, in turn), e-mail address and client
 * address. Answers `{ type: "result", rps, p50, p99, codes, errors }`.
 */
import { createRequire } from "node:module";

export type LoadRun = {
  url: string;
  method: "GET" | "POST";
  connections: number;
  seconds: number;
  /** For POST /api/v2/reservations: the slots to book, one per request in turn (repeats after). */
  slots?: Array<{ start: string; end: string }>;
  /** Ask each slot once and end then (`seconds` is ignored): every answer is a booking, not a 409. */
  once?: boolean;
};
export type LoadResult = {
  rps: number;
  p50: number;
  p99: number;
  codes: Record<string, number>;
  errors: number;
};
type Result = {
  requests: { average: number };
  latency: { p50: number; p99: number };
  statusCodeStats?: Record<string, { count: number }>;
  errors: number;
};
type RequestSetup = Record<string, unknown>;
type Autocannon = (
  options: Record<string, unknown>,
  done: (error: Error | null, result: Result) => void,
) => unknown;

const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;

function run(options: LoadRun): Promise<Result> {
  let i = 0;
  const target = new URL(options.url);
  const slots = options.slots;
  const requests = slots
    ? [
        {
          setupRequest: (request: RequestSetup) => {
            const n = i++;
            const slot = slots[n % slots.length]!;
            return {
              ...request,
              method: "POST",
              path: target.pathname,
              headers: {
                "content-type": "application/json",
                "x-forwarded-for": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
              },
              body: JSON.stringify({
                start: slot.start,
                end: slot.end,
                name: "Penkki Testaaja",
                email: `penkki${n}@example.com`,
                dogs: 1,
                paymentMethod: "card",
                acceptTerms: true,
              }),
            };
          },
        },
      ]
    : undefined;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: options.url,
        method: options.method,
        connections: options.connections,
        ...(options.once && slots ? { amount: slots.length } : { duration: options.seconds }),
        // GETs ask for a compressed answer as every browser does (the bare route ignores it).
        headers:
          options.method === "POST"
            ? { "content-type": "application/json" }
            : { "accept-encoding": "br, gzip, deflate" },
        body:
          options.method === "POST" && !requests ? JSON.stringify({ email: "bare@example.com" }) : undefined,
        requests,
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

process.on("message", (options: LoadRun) => {
  void run(options).then(
    (result) =>
      process.send?.({
        type: "result",
        rps: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        codes: Object.fromEntries(
          Object.entries(result.statusCodeStats ?? {}).map(([code, s]) => [code, s.count]),
        ),
        errors: result.errors,
      } satisfies LoadResult & { type: string }),
    (error: Error) => process.send?.({ type: "error", message: error.message }),
  );
});
