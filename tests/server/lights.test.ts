import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { AppContext } from "../../src/server/context.js";
import { openDatabase, type Database } from "../../src/server/db/database.js";
import { areas, auditLog, lightSwitches, reservations } from "../../src/server/schema/index.js";
import { switchLights } from "../../src/server/lights/service.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { databaseKinds } from "../support/database.js";
import { fakeShelly } from "../support/fakeShelly.js";
import { signedInAdmin } from "../support/firebase.js";
import { mqttListener, TEST_MQTT_URL } from "../support/mqttListener.js";

/*
 * The park's lights (issue 23 item 2, decision 035) against a fake Shelly on a local port, with
 * the app's clock moved through a late-November day in Tampere (sunset about 15.15, sunrise 9.00):
 * the gate window is 5 minutes, the grace 10.
 */

/** A confirmed booking straight into the table (how it was paid does not matter to the lights). */
async function book(t: TestApp, start: string, end: string, kind: "single" | "subscriber" = "single") {
  const [area] = await t.ctx.db.select().from(areas).limit(1);
  await t.ctx.db.insert(reservations).values({
    areaId: area!.id,
    kind,
    startsAt: new Date(start),
    endsAt: new Date(end),
    blockedFrom: new Date(start),
    blockedUntil: new Date(end),
    status: "confirmed",
    name: "Valojen testaaja",
    email: "valot@example.com",
    priceCents: 2000,
    vatCents: 390,
    accessToken: randomUUID(),
    doorToken: randomUUID(),
  });
}

describe.each(databaseKinds)("the lights job on %s", (kind) => {
  let t: TestApp;
  let shelly: Awaited<ReturnType<typeof fakeShelly>>;
  /** A second server's context: its own connection pool on the same PostgreSQL (PGlite: one process). */
  let other: AppContext;
  let otherDatabase: Database | null = null;
  let admin: { token: string };

  beforeAll(async () => {
    shelly = await fakeShelly();
    admin = await signedInAdmin("valot");
    t = await createTestApp(kind, {
      env: { LIGHTS_PROVIDER: "shelly", LIGHTS_SHELLY_URL: shelly.url, LIGHTS_SHELLY_SWITCH_ID: "1" },
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
    t.clock.set("2026-11-26T08:00:00+02:00");
  });
  afterAll(async () => {
    await otherDatabase?.close();
    await t.close();
    await shelly.close();
  });

  const at = (time: string) => t.clock.set(`2026-11-26T${time}:00+02:00`);
  const switches = () => t.ctx.db.select().from(lightSwitches).orderBy(lightSwitches.id);
  const ON = "/rpc/Switch.Set?id=1&on=true";
  const OFF = "/rpc/Switch.Set?id=1&on=false";
  const override = (payload: object) =>
    t.app.inject({
      method: "POST",
      url: "/api/v2/admin/operations/lights/override",
      headers: { authorization: `Bearer ${admin.token}` },
      payload,
    });

  it("switches nothing for a daytime booking", async () => {
    await book(t, "2026-11-26T11:00:00+02:00", "2026-11-26T12:00:00+02:00");
    for (const time of ["10:55", "11:30", "12:05"]) {
      at(time);
      expect(await switchLights(t.ctx)).toBe("unchanged");
    }
    expect(shelly.requests).toEqual([]);
    expect(await switches()).toEqual([]);
  });

  it("switches on at the start minus the gate window and off at the end plus the grace, once with two servers", async () => {
    await book(t, "2026-11-26T17:00:00+02:00", "2026-11-26T18:00:00+02:00");
    at("16:54");
    expect(await switchLights(t.ctx)).toBe("unchanged");
    at("16:55");
    const starting = await Promise.all([switchLights(t.ctx), switchLights(other), switchLights(t.ctx)]);
    expect(starting.filter((o) => o === "on")).toHaveLength(1);
    expect(shelly.requests).toEqual([ON]);

    at("17:30");
    expect(await Promise.all([switchLights(t.ctx), switchLights(other)])).toEqual(["unchanged", "unchanged"]);
    at("18:09");
    expect(await switchLights(other)).toBe("unchanged");
    at("18:10");
    const ending = await Promise.all([switchLights(other), switchLights(t.ctx), switchLights(other)]);
    expect(ending.filter((o) => o === "off")).toHaveLength(1);
    at("18:11");
    expect(await switchLights(t.ctx)).toBe("unchanged");
    expect(shelly.requests).toEqual([ON, OFF]);
    expect((await switches()).map((s) => [s.on, s.reason, s.result, s.attempts])).toEqual([
      [true, "booking", "ok", 1],
      [false, "schedule", "ok", 1],
    ]);
  });

  it("tries a failed switch again at the next run (a member's booking)", async () => {
    await book(t, "2026-11-26T19:00:00+02:00", "2026-11-26T20:00:00+02:00", "subscriber");
    shelly.setDown(true);
    at("18:55");
    expect(await switchLights(t.ctx)).toBe("failed");
    const [failed] = (await switches()).slice(-1);
    expect(failed).toMatchObject({ on: true, result: "failed", attempts: 1 });
    expect(failed!.error).toBeTruthy();
    shelly.setDown(false);
    at("18:56");
    expect(await Promise.all([switchLights(t.ctx), switchLights(other)])).toContain("on");
    const rows = await switches();
    expect(rows).toHaveLength(3);
    expect(rows.at(-1)).toMatchObject({ on: true, result: "ok", attempts: 2, error: null });
    expect(shelly.requests.slice(-2)).toEqual([ON, ON]);
  });

  it("follows the admin's override until the next change or until its time, with an audit row", async () => {
    at("19:10");
    const off = await override({ mode: "off" });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({
      provider: "shelly",
      state: "off",
      automaticOn: true,
      override: { mode: "off", until: null },
      switches: [{ on: false, reason: "manual", result: "ok" }, { on: true }, { on: false }, { on: true }],
    });
    at("19:30");
    expect(await switchLights(other)).toBe("unchanged");
    // The booking's lights end at 20.10: the override ended with the automatic state, already off.
    at("20:10");
    expect(await switchLights(t.ctx)).toBe("unchanged");

    at("20:30");
    expect((await override({ mode: "on", until: "2026-11-26T21:00:00+02:00" })).json()).toMatchObject({
      state: "on",
      automaticOn: false,
      override: { mode: "on", until: "2026-11-26T21:00:00+02:00" },
    });
    at("20:59");
    expect(await switchLights(t.ctx)).toBe("unchanged");
    at("21:00");
    expect(await switchLights(t.ctx)).toBe("off");
    expect(shelly.requests.slice(-3)).toEqual([OFF, ON, OFF]);

    const past = await override({ mode: "on", until: "2026-11-26T20:00:00+02:00" });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe("Käsiohjauksen päättymisajan on oltava tulevaisuudessa.");
    expect((await override({ mode: "auto" })).json()).toMatchObject({ override: null, state: "off" });
    const audits = await t.ctx.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} = 'lights.override'`);
    expect(audits).toHaveLength(3);

    // The grace is a setting: two hours keeps the 19-20 booking's lights wanted at 21.05.
    const auth = { authorization: `Bearer ${admin.token}` };
    const put = await t.app.inject({
      method: "PUT",
      url: "/api/v2/admin/settings/lights",
      headers: auth,
      payload: { graceMinutes: 120 },
    });
    expect(put.statusCode).toBe(200);
    at("21:05");
    const overview = await t.app.inject({
      method: "GET",
      url: "/api/v2/admin/operations/lights",
      headers: auth,
    });
    expect(overview.json()).toMatchObject({ graceMinutes: 120, automaticOn: true, override: null });
  });
});

describe("the lights on MQTT (local Mosquitto)", () => {
  it("publishes on and off retained with QoS 1 on LIGHTS_MQTT_TOPIC", async () => {
    const topic = `koirapuisto-test/valot/${randomUUID()}`;
    const controller = await mqttListener(topic);
    const t = await createTestApp("pglite", {
      env: { LIGHTS_PROVIDER: "mqtt", MQTT_URL: TEST_MQTT_URL, LIGHTS_MQTT_TOPIC: topic },
    });
    try {
      t.clock.set("2026-11-26T08:00:00+02:00");
      await book(t, "2026-11-26T07:00:00+02:00", "2026-11-26T08:30:00+02:00");
      expect(await switchLights(t.ctx)).toBe("on");
      t.clock.set("2026-11-26T08:40:00+02:00");
      expect(await switchLights(t.ctx)).toBe("off");
      expect(await controller.received(2)).toEqual([
        { text: "on", qos: 1, retain: false },
        { text: "off", qos: 1, retain: false },
      ]);
      // Retained: a controller that connects later gets the current state at once.
      const late = await mqttListener(topic);
      expect(await late.received(1)).toEqual([{ text: "off", qos: 1, retain: true }]);
      await late.close();
    } finally {
      await t.close();
      await controller.close();
    }
  });
});
