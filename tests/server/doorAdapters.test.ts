import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import mqtt from "mqtt";
import { doorEvents } from "../../src/server/schema/index.js";
import { mqttDoorProvider } from "../../src/server/integrations/door/mqtt.js";
import { shellyDoorProvider } from "../../src/server/integrations/door/shelly.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { bookAndPay } from "../support/booking.js";

const MQTT_URL = "mqtt://127.0.0.1:1883";

/** A stand-in for a Shelly Gen2 relay on the LAN (the device is outside the product). */
async function fakeShelly() {
  const requests: string[] = [];
  let failing = false;
  const server: Server = createServer((req, res) => {
    requests.push(req.url!);
    if (failing) {
      res.writeHead(500, { "content-type": "application/json" });
      res.end(JSON.stringify({ code: -103, message: "Relay fault" }));
      return;
    }
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ was_on: false }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    fail: (value: boolean) => void (failing = value),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Subscribes to a fresh topic on the local Mosquitto and collects what arrives (with its QoS). */
async function listen(topic: string) {
  const client = await mqtt.connectAsync(MQTT_URL);
  const messages: { payload: unknown; qos: number }[] = [];
  client.on("message", (_topic, payload, packet) =>
    messages.push({ payload: JSON.parse(payload.toString()), qos: packet.qos }),
  );
  await client.subscribeAsync(topic, { qos: 1 });
  const next = async () => {
    for (let i = 0; i < 100 && messages.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    return messages.shift();
  };
  return { next, close: () => client.endAsync() };
}

/** A paid booking with the clock inside its door window. */
async function bookedAndInside(t: TestApp) {
  const { reservation } = await bookAndPay(t, "2026-06-20T10:00:00+03:00", "2026-06-20T11:00:00+03:00");
  t.clock.set("2026-06-20T10:05:00+03:00");
  return reservation;
}

describe("Shelly Gen2 HTTP RPC adapter", () => {
  let shelly: Awaited<ReturnType<typeof fakeShelly>>;
  beforeEach(async () => {
    shelly = await fakeShelly();
  });
  afterEach(() => shelly.close());

  it("switches the relay on with an automatic switch-off", async () => {
    await shellyDoorProvider({ url: `${shelly.url}/`, switchId: 1 }).open({
      reservationId: "r1",
      seconds: 7,
    });
    expect(shelly.requests).toEqual(["/rpc/Switch.Set?id=1&on=true&toggle_after=7"]);
  });

  it("fails when the device answers with an error or cannot be reached", async () => {
    shelly.fail(true);
    await expect(
      shellyDoorProvider({ url: shelly.url, switchId: 0 }).open({ reservationId: "r", seconds: 5 }),
    ).rejects.toThrow(/Shelly vastasi virheellä 500/);
    await expect(
      shellyDoorProvider({ url: "http://127.0.0.1:9", switchId: 0 }).open({ reservationId: "r", seconds: 5 }),
    ).rejects.toThrow();
  });

  it("checks the device's status without switching anything (the health page's check)", async () => {
    const provider = shellyDoorProvider({ url: shelly.url, switchId: 2 });
    expect(await provider.check!()).toBe("Shelly vastasi (kytkin 2)");
    expect(shelly.requests).toEqual(["/rpc/Switch.GetStatus?id=2"]);
    shelly.fail(true);
    await expect(provider.check!()).rejects.toThrow(/Shelly vastasi virheellä 500/);
  });

  it("is what DOOR_PROVIDER=shelly opens the gate with; a device failure is a 502, recorded", async () => {
    const t = await createTestApp("pglite", {
      env: { DOOR_PROVIDER: "shelly", SHELLY_URL: shelly.url, SHELLY_SWITCH_ID: "2", DOOR_OPEN_SECONDS: "8" },
    });
    try {
      const reservation = await bookedAndInside(t);
      const ok = await t.app.inject({ method: "POST", url: `/api/v2/door/${reservation.doorToken}/open` });
      expect(ok.statusCode).toBe(200);
      expect(shelly.requests).toEqual(["/rpc/Switch.Set?id=2&on=true&toggle_after=8"]);

      shelly.fail(true);
      const failed = await t.app.inject({
        method: "POST",
        url: `/api/v2/door/${reservation.doorToken}/open`,
      });
      expect(failed.statusCode).toBe(502);
      expect(failed.json()).toEqual({
        success: false,
        message: "Portin avaaminen ei onnistunut. Yritä uudelleen tai soita puistoon: +358 40 123 4567.",
      });
      const events = await t.ctx.db.select().from(doorEvents).orderBy(doorEvents.id);
      expect(events.map((e) => [e.reason, e.allowed, e.provider])).toEqual([
        ["opened", true, "shelly"],
        ["provider_error", true, "shelly"],
      ]);
    } finally {
      await t.close();
    }
  });
});

describe("MQTT adapter (local Mosquitto)", () => {
  it("publishes {action, seconds, reservationId} as JSON with QoS 1", async () => {
    const topic = `koirapuisto-test/${crypto.randomUUID()}`;
    const subscriber = await listen(topic);
    try {
      await mqttDoorProvider({ url: MQTT_URL, topic }).open({ reservationId: "varaus-1", seconds: 5 });
      expect(await subscriber.next()).toEqual({
        payload: { action: "open", seconds: 5, reservationId: "varaus-1" },
        qos: 1,
      });
    } finally {
      await subscriber.close();
    }
  });

  it("checks that the broker accepts a connection, publishing nothing", async () => {
    const topic = `koirapuisto/test/${crypto.randomUUID()}`;
    const subscriber = await listen(topic);
    try {
      expect(await mqttDoorProvider({ url: MQTT_URL, topic }).check!()).toBe(
        "MQTT-välittäjä vastasi (ohjain ei kerro tilaansa)",
      );
      expect(await subscriber.next()).toBeUndefined();
    } finally {
      await subscriber.close();
    }
    await expect(mqttDoorProvider({ url: "mqtt://127.0.0.1:9", topic }).check!()).rejects.toThrow();
  });

  it("reports its status for the gate health job: the broker's connection, never throwing", async () => {
    const topic = `koirapuisto/test/${crypto.randomUUID()}`;
    expect(await mqttDoorProvider({ url: MQTT_URL, topic }).status()).toEqual({
      ok: true,
      detail: "MQTT-välittäjä vastasi (ohjain ei kerro tilaansa)",
    });
    expect(await mqttDoorProvider({ url: "mqtt://127.0.0.1:9", topic }).status()).toMatchObject({
      ok: false,
    });
  });

  it("reads the controller's retained status topic: online is ok, its last will offline is down", async () => {
    const topic = `koirapuisto/test/${crypto.randomUUID()}`;
    const provider = mqttDoorProvider({ url: MQTT_URL, topic });
    // The controller: "online" retained on connect, "offline" retained as its last will.
    const controller = await mqtt.connectAsync(MQTT_URL, {
      will: { topic: `${topic}/status`, payload: Buffer.from("offline"), qos: 1, retain: true },
    });
    await controller.publishAsync(`${topic}/status`, "online", { qos: 1, retain: true });
    expect(await provider.status()).toEqual({
      ok: true,
      detail: "MQTT-välittäjä ja portin ohjain vastasivat",
    });
    // The controller drops off without a goodbye: the broker publishes its will.
    controller.stream.destroy();
    let status = await provider.status();
    for (let i = 0; i < 50 && status.ok; i++) status = await provider.status();
    expect(status).toEqual({ ok: false, detail: "Portin ohjaimen tila: offline" });
    // Clears the retained message.
    const cleaner = await mqtt.connectAsync(MQTT_URL);
    await cleaner.publishAsync(`${topic}/status`, "", { qos: 1, retain: true });
    await cleaner.endAsync();
  });

  it("fails fast when the broker cannot be reached", async () => {
    const started = Date.now();
    await expect(
      mqttDoorProvider({ url: "mqtt://127.0.0.1:9", topic: "x" }).open({ reservationId: "r", seconds: 5 }),
    ).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(6_000);
  });

  it("is what DOOR_PROVIDER=mqtt opens the gate with", async () => {
    const topic = `koirapuisto-test/${crypto.randomUUID()}`;
    const subscriber = await listen(topic);
    const t = await createTestApp("pglite", {
      env: { DOOR_PROVIDER: "mqtt", MQTT_URL, MQTT_TOPIC: topic, DOOR_OPEN_SECONDS: "6" },
    });
    try {
      const reservation = await bookedAndInside(t);
      const res = await t.app.inject({ method: "POST", url: `/api/v2/door/${reservation.doorToken}/open` });
      expect(res.statusCode).toBe(200);
      expect(await subscriber.next()).toEqual({
        payload: { action: "open", seconds: 6, reservationId: reservation.id },
        qos: 1,
      });
      const [event] = await t.ctx.db.select().from(doorEvents);
      expect(event).toMatchObject({ reason: "opened", provider: "mqtt", allowed: true });
    } finally {
      await t.close();
      await subscriber.close();
    }
  });
});
