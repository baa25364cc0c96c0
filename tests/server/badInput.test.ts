import { connect } from "node:net";
import { sql } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { doorEvents } from "../../src/server/schema/index.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { checkoutBody } from "../support/booking.js";
import { databaseKinds } from "../support/database.js";

/** Input that once gave 500s: each must be a 400 (or 413) with a Finnish { message }, changing nothing. */
describe.each(databaseKinds)("bad input on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const countReservations = async () =>
    (
      (await t.ctx.db.execute(sql`SELECT count(*)::int AS n FROM reservations`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows[0]!.n;
  const json = { "content-type": "application/json" };
  const slot = ["2026-06-20T10:00:00+03:00", "2026-06-20T11:00:00+03:00"] as const;
  const cases: Array<[string, InjectOptions, number, RegExp]> = [
    ["a NUL byte in the door token", { method: "GET", url: "/api/v2/door/%00" }, 400, /NUL/],
    ["a NUL byte in the gate-open token", { method: "POST", url: "/api/v2/door/ab%00cd/open" }, 400, /NUL/],
    [
      "a NUL byte in an access token",
      { method: "GET", url: "/api/v2/reservations/by-token/%00" },
      400,
      /NUL/,
    ],
    [
      "a NUL byte when cancelling by token",
      { method: "DELETE", url: "/api/v2/reservations/by-token/x%00" },
      400,
      /NUL/,
    ],
    [
      "a NUL byte in a name",
      {
        method: "POST",
        url: "/api/v2/reservations",
        payload: checkoutBody(...slot, { name: "Ma\u0000ija" }),
      },
      400,
      /NUL/,
    ],
    ["a NUL byte in a query", { method: "GET", url: "/api/v2/auth/callback?token=%00" }, 400, /NUL/],
    [
      "year 0001 in a quote",
      {
        method: "GET",
        url: "/api/v2/reservations/quote?start=0001-01-01T10:00:00%2B02:00&end=0001-01-01T11:00:00%2B02:00",
      },
      400,
      /vuosien 2000–2099/,
    ],
    [
      "year 9999 in a quote",
      {
        method: "GET",
        url: "/api/v2/reservations/quote?start=9999-01-01T10:00:00%2B02:00&end=9999-01-01T11:00:00%2B02:00",
      },
      400,
      /vuosien/,
    ],
    [
      "year 0001 in a checkout",
      {
        method: "POST",
        url: "/api/v2/reservations",
        payload: checkoutBody("0001-01-01T10:00:00+02:00", "0001-01-01T11:00:00+02:00"),
      },
      400,
      /vuosien/,
    ],
    [
      "year 9999 in a checkout",
      {
        method: "POST",
        url: "/api/v2/reservations",
        payload: checkoutBody("9999-01-01T10:00:00+02:00", "9999-01-01T11:00:00+02:00"),
      },
      400,
      /vuosien/,
    ],
    [
      "availability before 1921 (Helsinki's old offset)",
      { method: "GET", url: "/api/v2/availability?from=1900-01-01&to=1900-01-02" },
      400,
      /vuosien/,
    ],
    ["bad percent-encoding", { method: "GET", url: "/api/v2/door/%E0%A4%A" }, 400, /merkkikoodaus/],
    [
      "invalid JSON",
      { method: "POST", url: "/api/v2/reservations", payload: "{bad", headers: json },
      400,
      /JSON-sisältö on virheellinen/,
    ],
    [
      "an unsupported content type",
      {
        method: "POST",
        url: "/api/v2/reservations",
        payload: "<a/>",
        headers: { "content-type": "application/xml" },
      },
      415,
      /Sisältötyyppiä ei tueta/,
    ],
    [
      "a body over the limit",
      {
        method: "POST",
        url: "/api/v2/reservations",
        payload: JSON.stringify({ a: "x".repeat(1_100_000) }),
        headers: json,
      },
      413,
      /liian suuri/,
    ],
  ];

  it.each(cases)("%s", async (_name, request, status, message) => {
    const before = await countReservations();
    const res = await t.app.inject(request);
    expect(res.statusCode).toBe(status);
    expect(res.headers["content-type"]).toMatch(/application\/json/);
    expect(res.json().message).toMatch(message);
    expect(await countReservations()).toBe(before);
  });
});

describe("gate attempts refused before the handler", () => {
  it("are recorded too, with their reason", async () => {
    const t = await createTestApp("pglite");
    try {
      for (const url of ["/api/v2/door/%00/open", `/api/v2/door/${"x".repeat(150)}/open`]) {
        const res = await t.app.inject({ method: "POST", url });
        expect(res.statusCode).toBe(400);
      }
      const events = await t.ctx.db.select().from(doorEvents);
      expect(events.map((e) => [e.allowed, e.reason])).toEqual([
        [false, "bad_token_format"],
        [false, "bad_token_format"],
      ]);
    } finally {
      await t.close();
    }
  });
});

describe("requests that break HTTP's own limits", () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp("pglite");
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(() => t.close());

  /** A raw request, as no well-behaved client would send it; answers the status line and body. */
  function raw(request: string): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, "127.0.0.1", () => socket.end(request));
      let data = "";
      socket.on("data", (chunk) => (data += chunk));
      socket.on("error", () => {});
      socket.on("close", () => {
        const status = Number(data.split(" ")[1]);
        resolve({ status, body: data.slice(data.indexOf("\r\n\r\n") + 4) });
      });
      socket.setTimeout(5000, () => reject(new Error(`no answer: ${data}`)));
    });
  }

  it("answers 414 in Finnish to an over-long URL", async () => {
    const res = await t.app.inject({ method: "GET", url: `/api/v2/site?x=${"a".repeat(9000)}` });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ message: "Osoite on liian pitkä." });
  });

  it("answers 431 in Finnish to headers over Node's limit, before any route", async () => {
    const res = await raw(`GET /api/v2/site HTTP/1.1\r\nHost: x\r\nX-Big: ${"b".repeat(20_000)}\r\n\r\n`);
    expect(res.status).toBe(431);
    expect(JSON.parse(res.body)).toEqual({ message: "Pyynnön otsaketiedot ovat liian suuret." });
  });

  it("answers 400 in Finnish to a request line that is not HTTP", async () => {
    const res = await raw("HELLO THERE\r\n\r\n");
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual({ message: "Virheellinen pyyntö." });
  });
});
