import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { buildApp, type App } from "../../src/server/app.js";
import { maskUrl } from "../../src/server/plugins/logRedaction.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { bookAndPay } from "../support/booking.js";
import { databaseKinds } from "../support/database.js";

/*
 * Tokens in URLs are capabilities (cancel a booking, open the gate, sign in): the log at debug
 * level, where every request line is written, holds none of them, only their masks.
 */
describe("maskUrl", () => {
  it.each([
    ["/api/v2/auth/callback?token=abc", "/api/v2/auth/callback?token=***"],
    ["/auth/callback?x=1&token=abc#top", "/auth/callback?x=1&token=***#top"],
    ["/api/v2/reservations/by-token/abc", "/api/v2/reservations/by-token/***"],
    ["/api/v2/reservations/by-token/abc/cancel?x=1", "/api/v2/reservations/by-token/***/cancel?x=1"],
    ["/api/v2/door/abc/open", "/api/v2/door/***/open"],
    ["/avaa/abc", "/avaa/***"],
    ["/oma-varaus?varaus=abc", "/oma-varaus?varaus=***"],
    ["/subscription/success?session_id=cs_abc", "/subscription/success?session_id=***"],
    ["/api/v2/availability?from=2026-06-15", "/api/v2/availability?from=2026-06-15"],
  ])("masks %s", (url, masked) => {
    expect(maskUrl(url)).toBe(masked);
  });
});

describe.each(databaseKinds)("the debug log (%s)", (kind) => {
  let t: TestApp;
  let web: App;
  let folder: string;
  const lines: string[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind);
    folder = await mkdtemp(path.join(tmpdir(), "kp-log-"));
    await writeFile(path.join(folder, "index.html"), "<!doctype html><title>x</title>");
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    // A second app on the same context, logging at debug level to the captured stream.
    const adminIdentity = { ...t.ctx.adminIdentity, close: async () => {} };
    web = await buildApp({
      ctx: { ...t.ctx, adminIdentity, config: { ...t.ctx.config, LOG_LEVEL: "debug" } },
      logger: { level: "debug", stream },
      serveWeb: true,
      webFolder: folder,
    });
    await web.ready();
  });
  afterAll(async () => {
    await web?.close();
    await t?.close();
    await rm(folder, { recursive: true, force: true });
  });

  it("holds request lines but no token of a login link, a booking or the gate", async () => {
    const { reservation } = await bookAndPay(t, "2026-06-16T10:00:00+03:00", "2026-06-16T11:00:00+03:00");
    const secrets = [reservation.accessToken, reservation.doorToken, "kirjautumistunniste123456"];
    const requests: Array<{ method: "GET" | "POST"; url: string }> = [
      { method: "GET", url: `/api/v2/auth/callback?token=${secrets[2]}` },
      { method: "GET", url: `/auth/callback?token=${secrets[2]}` },
      { method: "GET", url: `/api/v2/reservations/by-token/${reservation.accessToken}` },
      { method: "POST", url: `/api/v2/reservations/by-token/${reservation.accessToken}/cancel` },
      { method: "GET", url: `/api/v2/door/${reservation.doorToken}` },
      { method: "POST", url: `/api/v2/door/${reservation.doorToken}/open` },
      { method: "GET", url: `/avaa/${reservation.doorToken}` },
      { method: "GET", url: `/oma-varaus?varaus=${reservation.accessToken}` },
    ];
    for (const request of requests)
      await web.inject({ ...request, payload: request.method === "POST" ? {} : undefined });
    const log = lines.join("");
    // The requests were logged (so the test would see a token), with masks in their place.
    expect(lines.filter((l) => l.includes('"incoming request"')).length).toBeGreaterThanOrEqual(
      requests.length,
    );
    expect(log).toContain("/api/v2/reservations/by-token/***");
    expect(log).toContain("/avaa/***");
    for (const secret of secrets) expect(log).not.toContain(secret);
  });
});
