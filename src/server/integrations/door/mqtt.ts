import mqtt from "mqtt";
import { DOOR_TIMEOUT_MS, type DoorProvider, statusFromCheck } from "./provider.js";

/**
 * Publishes {action: "open", seconds, reservationId} as JSON with QoS 1 for the gate controller.
 * One short connection per opening: gate openings are rare, and a fresh connection never sends
 * through a silently dead one.
 */
export function mqttDoorProvider(options: { url: string; topic: string }): DoorProvider {
  const connect = () =>
    mqtt.connectAsync(
      options.url,
      {
        connectTimeout: DOOR_TIMEOUT_MS,
        reconnectPeriod: 0,
        clientId: `koirapuisto-${crypto.randomUUID()}`,
      },
      false,
    );
  return {
    name: "mqtt",
    /** The broker accepts a connection (the controller itself is reached only by an opening). */
    async check() {
      const client = await connect();
      await client.endAsync().catch(() => {});
      return "MQTT-välittäjä vastasi";
    },
    status() {
      return statusFromCheck(() => this.check!());
    },
    async open({ seconds, reservationId }) {
      const client = await connect();
      let published = false;
      try {
        const payload = JSON.stringify({ action: "open", seconds, reservationId });
        let timer: NodeJS.Timeout | undefined;
        const timeout = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error("MQTT publish timed out")), DOOR_TIMEOUT_MS);
        });
        try {
          await Promise.race([client.publishAsync(options.topic, payload, { qos: 1 }), timeout]);
          published = true;
        } finally {
          clearTimeout(timer);
        }
      } finally {
        // A clean disconnect after the broker's PUBACK; a forced one when something went wrong.
        await client.endAsync(!published).catch(() => {});
      }
    },
  };
}
