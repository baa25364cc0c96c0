import {
  customers,
  customerSessions,
  doorEvents,
  emailOutbox,
  gateChecks,
  gateOutages,
  lightSwitches,
  magicLinkTokens,
  reservationLookups,
  reservations,
} from "../../src/server/schema/index.js";
import { jobs } from "../../src/server/jobs/schedule.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { checkoutBody } from "../support/booking.js";
import { databaseKinds } from "../support/database.js";

const DAY_MS = 24 * 60 * 60_000;
const LINK = /\/auth\/callback\?token=([A-Za-z0-9_-]+)/;

describe.each(databaseKinds)("personal data retention on %s", (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(kind);
  });
  afterEach(() => t.close());

  const purge = () => jobs.find((j) => j.name === "purge-expired-personal-data")!.run(t.ctx);
  const counts = async () => ({
    doorEvents: (await t.ctx.db.select().from(doorEvents)).length,
    emails: (await t.ctx.db.select().from(emailOutbox)).length,
    loginLinks: (await t.ctx.db.select().from(magicLinkTokens)).length,
    sessions: (await t.ctx.db.select().from(customerSessions)).length,
  });

  /** A login (link, e-mail, session) and a refused gate press, as real requests make them. */
  async function makeTraces() {
    await t.app.inject({
      method: "POST",
      url: "/api/v2/auth/magic-link",
      payload: { email: "ville@example.com" },
    });
    const token = t.printedMail.at(-1)!.match(LINK)![1]!;
    expect(
      (await t.app.inject({ method: "GET", url: `/api/v2/auth/callback?token=${token}` })).statusCode,
    ).toBe(200);
    expect((await t.app.inject({ method: "POST", url: "/api/v2/door/no-such-token/open" })).statusCode).toBe(
      404,
    );
  }

  it("keeps gate events and the e-mail log for 12 months, then deletes them", async () => {
    await makeTraces();
    expect(await counts()).toMatchObject({ doorEvents: 1, emails: 1 });

    t.clock.advance(360 * DAY_MS);
    await purge();
    expect(await counts()).toMatchObject({ doorEvents: 1, emails: 1 });

    t.clock.advance(10 * DAY_MS);
    await purge();
    expect(await counts()).toMatchObject({ doorEvents: 0, emails: 0 });
  });

  it("deletes gate checks after 30 days but keeps the outages; keeps the lights' newest switch", async () => {
    const at = (days: number) => new Date(t.ctx.now().getTime() - days * DAY_MS);
    await t.ctx.db.insert(gateChecks).values([
      { windowStart: at(31), provider: "shelly", ok: false, createdAt: at(31) },
      { windowStart: at(29), provider: "shelly", ok: true, createdAt: at(29) },
    ]);
    await t.ctx.db.insert(gateOutages).values({ startedAt: at(31), endedAt: at(30), detail: "ei vastaa" });
    const switchAt = (days: number, on: boolean) => ({
      on,
      reason: on ? ("booking" as const) : ("schedule" as const),
      result: "ok" as const,
      provider: "shelly",
      triedAt: at(days),
      createdAt: at(days),
    });
    await t.ctx.db.insert(lightSwitches).values([switchAt(400, true), switchAt(399, false)]);
    await purge();
    const left = await t.ctx.db.select().from(gateChecks);
    expect(left.map((c) => c.ok)).toEqual([true]);
    expect(await t.ctx.db.select().from(gateOutages)).toHaveLength(1);
    expect((await t.ctx.db.select().from(lightSwitches)).map((s) => s.on)).toEqual([false]);
  });

  it("deletes used or expired login links after a day, and sessions once ended", async () => {
    await makeTraces();
    expect(await counts()).toMatchObject({ loginLinks: 1, sessions: 1 });

    t.clock.advance(2 * DAY_MS);
    await purge();
    // The link expired 15 minutes after it was made; the 30-day session is still alive.
    expect(await counts()).toMatchObject({ loginLinks: 0, sessions: 1 });

    t.clock.advance(30 * DAY_MS);
    await purge();
    expect(await counts()).toMatchObject({ sessions: 0 });
  });
});

describe.each(databaseKinds)("IP addresses kept for limits on %s", (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(kind);
    t.clock.set("2026-06-15T12:00:00+03:00");
  });
  afterEach(() => t.close());

  const IP = "203.0.113.5";
  const clear = () => jobs.find((j) => j.name === "clear-expired-ips")!.run(t.ctx);
  const kept = async () => ({
    holds: (await t.ctx.db.select().from(reservations)).map((r) => r.holdIp),
    presses: (await t.ctx.db.select().from(doorEvents)).map((e) => e.ip),
    links: (await t.ctx.db.select().from(magicLinkTokens)).map((l) => l.requestedIp),
    lookups: (await t.ctx.db.select().from(reservationLookups)).map((l) => l.ip),
  });

  it("are cleared a day after they were recorded, the booking look-ups deleted", async () => {
    const inject = (method: "POST", url: string, payload?: object) =>
      t.app.inject({ method, url, payload, remoteAddress: IP });
    expect(
      (
        await inject(
          "POST",
          "/api/v2/reservations",
          checkoutBody("2026-06-16T10:00:00+03:00", "2026-06-16T11:00:00+03:00"),
        )
      ).statusCode,
    ).toBe(201);
    expect((await inject("POST", "/api/v2/door/no-such-token/open")).statusCode).toBe(404);
    expect((await inject("POST", "/api/v2/auth/magic-link", { email: "ip@example.com" })).statusCode).toBe(
      200,
    );
    expect(
      (await inject("POST", "/api/v2/reservations/lookup", { email: "ip@example.com" })).statusCode,
    ).toBe(202);
    const all = { holds: [IP], presses: [IP], links: [IP], lookups: [IP] };
    expect(await kept()).toEqual(all);

    // The longest limit reads an hour back; a day later the address still is there...
    t.clock.advance(23 * 60 * 60_000);
    await clear();
    expect(await kept()).toEqual(all);
    // ...and then it is gone, the rows (bookings, the gate's log, links) kept.
    t.clock.advance(2 * 60 * 60_000);
    expect(await clear()).toMatchObject({ holdIps: 1, doorIps: 1, loginLinkIps: 1, reservationLookups: 1 });
    expect(await kept()).toEqual({ holds: [null], presses: [null], links: [null], lookups: [] });
    // A second server's run (or the next hour's) finds nothing left.
    expect(await clear()).toEqual({
      holdIps: 0,
      doorIps: 0,
      waitlistIps: 0,
      loginLinkIps: 0,
      reservationLookups: 0,
    });
  });
});

describe.each(databaseKinds)("login-link requests for unknown addresses on %s", (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(kind);
  });
  afterEach(() => t.close());

  const ask = (email: string) =>
    t.app.inject({ method: "POST", url: "/api/v2/auth/magic-link", payload: { email } });

  it("leave no permanent customer row: one that never logged in is gone after a day", async () => {
    expect((await ask("ohikulkija@example.com")).statusCode).toBe(200);
    expect((await ask("kirjautuja@example.com")).statusCode).toBe(200);
    const token = t.printedMail.at(-1)!.match(LINK)![1]!;
    await t.app.inject({ method: "GET", url: `/api/v2/auth/callback?token=${token}` });
    expect(await t.ctx.db.select().from(customers)).toHaveLength(2);

    t.clock.advance(2 * DAY_MS);
    await jobs.find((j) => j.name === "purge-expired-personal-data")!.run(t.ctx);
    expect((await t.ctx.db.select().from(customers)).map((c) => c.email)).toEqual(["kirjautuja@example.com"]);
  });

  it("count name+tag@ variants against one mailbox's limit", async () => {
    for (const email of ["maija@example.com", "Maija+a@example.com", "maija+b@example.com"])
      expect((await ask(email)).statusCode).toBe(200);
    const fourth = await ask("maija+c@example.com");
    expect(fourth.statusCode).toBe(429);
    expect(fourth.headers["retry-after"]).toBeDefined();
    // Another mailbox is not affected.
    expect((await ask("matti+a@example.com")).statusCode).toBe(200);
  });
});
