import { sql } from "drizzle-orm";
import type { AppContext } from "../../src/server/context.js";
import { openDatabase, type Database } from "../../src/server/db/database.js";
import { gateChecks, gateOutages } from "../../src/server/schema/index.js";
import { checkGate } from "../../src/server/door/gateHealth.js";
import { getSetting, putSetting } from "../../src/server/settings/service.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { bookAndPay, outboxOf } from "../support/booking.js";
import { databaseKinds } from "../support/database.js";
import { fakeShelly } from "../support/fakeShelly.js";

/** Gate health before every slot (issue 23, decision 029), against a fake Shelly on a local port. */
describe.each(databaseKinds)("the gate health job on %s", (kind) => {
  let t: TestApp;
  let shelly: Awaited<ReturnType<typeof fakeShelly>>;
  /** A second server's context: its own connection pool on the same PostgreSQL (PGlite: one process). */
  let other: AppContext;
  let otherDatabase: Database | null = null;

  beforeAll(async () => {
    shelly = await fakeShelly();
    t = await createTestApp(kind, {
      env: { DOOR_PROVIDER: "shelly", SHELLY_URL: shelly.url, SHELLY_SWITCH_ID: "0" },
    });
    other = t.ctx;
    if (kind === "postgres") {
      const [row] = (
        (await t.ctx.db.execute(sql`SELECT current_database() AS name`)) as unknown as {
          rows: { name: string }[];
        }
      ).rows;
      const url = new URL(process.env.DATABASE_URL!);
      url.pathname = `/${row!.name}`;
      otherDatabase = await openDatabase({ kind: "postgres", url: url.toString() });
      other = { ...t.ctx, db: otherDatabase.db };
    }
    const door = await getSetting(t.ctx.db, "door");
    await putSetting(t.ctx.db, "door", {
      ...door,
      fallbackText: "Soita 040 111 2222, avainlaatikon koodi 1234.",
    });
  });
  afterAll(async () => {
    await otherDatabase?.close();
    await t.close();
    await shelly.close();
  });

  const mails = async () => ({
    down: await outboxOf(t, "gate-down"),
    up: await outboxOf(t, "gate-up"),
    fallback: await outboxOf(t, "gate-fallback"),
  });

  it("does nothing when nothing is booked soon", async () => {
    t.clock.set("2026-06-20T07:00:00+03:00");
    await bookAndPay(t, "2026-06-20T10:00:00+03:00", "2026-06-20T11:00:00+03:00", {
      email: "vieras@example.com",
    });
    t.clock.set("2026-06-20T09:29:00+03:00");
    expect(await checkGate(t.ctx)).toBe("idle");
    expect(shelly.requests).toEqual([]);
    expect(await t.ctx.db.select().from(gateChecks)).toEqual([]);
  });

  it("checks 30 minutes before; an outage mails the owner and the visitor once, and shows on the door page", async () => {
    t.clock.set("2026-06-20T09:31:00+03:00");
    expect(await checkGate(t.ctx)).toBe("ok");
    expect(shelly.requests).toEqual(["/rpc/Switch.GetStatus?id=0"]);

    shelly.setDown(true);
    t.clock.set("2026-06-20T09:35:00+03:00");
    // Two servers run the job at the same due time: one asks the gate.
    const outcomes = await Promise.all([checkGate(t.ctx), checkGate(other), checkGate(t.ctx)]);
    expect(outcomes.filter((o) => o === "down")).toHaveLength(1);
    expect(outcomes.filter((o) => o === "claimed-elsewhere")).toHaveLength(2);
    expect(shelly.requests).toHaveLength(2);

    // Still down five and ten minutes later: checked again, nobody mailed again.
    t.clock.set("2026-06-20T09:40:00+03:00");
    expect(await Promise.all([checkGate(other), checkGate(t.ctx)])).toContain("down");
    t.clock.set("2026-06-20T10:15:00+03:00");
    expect(await checkGate(t.ctx)).toBe("down");

    const { down, fallback, up } = await mails();
    expect(down.map((m) => [m.to, m.subject])).toEqual([["info@koirapuisto.fi", "Portti ei vastaa"]]);
    expect(fallback.map((m) => m.to)).toEqual(["vieras@example.com"]);
    expect(fallback[0]!.text).toContain("Soita 040 111 2222, avainlaatikon koodi 1234.");
    expect(fallback[0]!.text).toContain("/avaa/");
    expect(up).toEqual([]);
    expect(await t.ctx.db.select().from(gateOutages)).toHaveLength(1);

    const [booking] = await t.ctx.db.query.reservations.findMany({
      where: (r, { eq }) => eq(r.email, "vieras@example.com"),
    });
    const info = await t.app.inject({ method: "GET", url: `/api/v2/door/${booking!.doorToken}` });
    expect(info.json()).toMatchObject({
      status: "open",
      fallbackText: "Soita 040 111 2222, avainlaatikon koodi 1234.",
    });
  });

  it("ends the outage at the first good check and tells the owner once", async () => {
    shelly.setDown(false);
    t.clock.set("2026-06-20T10:20:00+03:00");
    expect(await Promise.all([checkGate(t.ctx), checkGate(other)])).toContain("ok");
    t.clock.set("2026-06-20T10:25:00+03:00");
    expect(await checkGate(t.ctx)).toBe("ok");
    const { up, down } = await mails();
    expect(up.map((m) => m.subject)).toEqual(["Portti vastaa taas"]);
    expect(down).toHaveLength(1);
    const [outage] = await t.ctx.db.select().from(gateOutages);
    expect(outage!.endedAt?.toISOString()).toBe("2026-06-20T07:20:00.000Z");
    // After the last booking ends, and with no outage open, the job goes quiet again.
    t.clock.set("2026-06-20T11:00:00+03:00");
    expect(await checkGate(t.ctx)).toBe("idle");
  });

  it("a new outage later mails again, and a new booking's visitor gets the fallback", async () => {
    t.clock.set("2026-06-20T12:00:00+03:00");
    await bookAndPay(t, "2026-06-20T13:00:00+03:00", "2026-06-20T14:00:00+03:00", {
      email: "toinen@example.com",
    });
    shelly.setDown(true);
    t.clock.set("2026-06-20T12:45:00+03:00");
    expect(await checkGate(t.ctx)).toBe("down");
    const { down, fallback } = await mails();
    expect(down).toHaveLength(2);
    expect(fallback.map((m) => m.to)).toEqual(["vieras@example.com", "toinen@example.com"]);
    shelly.setDown(false);
  });
});
