import mqtt from "mqtt";
import { DOOR_TIMEOUT_MS, type DoorProvider, statusFromCheck } from "./provider.js";

/** One short connection to the broker (no reconnects: a fresh connection never sends through a dead one). */
export function mqttConnect(url: string) {
  return mqtt.connectAsync(
    url,
    { connectTimeout: DOOR_TIMEOUT_MS, reconnectPeriod: 0, clientId: `koirapuisto-${crypto.randomUUID()}` },
    false,
  );
}

/** Publishes one message with QoS 1 on a short connection, within DOOR_TIMEOUT_MS; throws when it could not. */
export async function mqttPublish(
  url: string,
  topic: string,
  payload: string,
  options: { retain?: boolean } = {},
): Promise<void> {
  const client = await mqttConnect(url);
  let published = false;
  try {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`MQTT-viesti ei mennyt perille ${DOOR_TIMEOUT_MS / 1000} sekunnissa`)),
        DOOR_TIMEOUT_MS,
      );
    });
    try {
      await Promise.race([
        client.publishAsync(topic, payload, { qos: 1, retain: options.retain ?? false }),
        timeout,
      ]);
      published = true;
    } finally {
      clearTimeout(timer);
    }
  } finally {
    // A clean disconnect after the broker's PUBACK; a forced one when something went wrong.
    await client.endAsync(!published).catch(() => {});
  }
}

/**
 * The gate controller's status topic (`<topic>/status`): it publishes "online" retained when it
 * connects and sets "offline" retained as its last will, so the broker holds its state. Waits
 * briefly for the retained message; none means the controller never said (the broker alone is checked).
 */
async function controllerStatus(url: string, topic: string): Promise<string | null> {
  const client = await mqttConnect(url);
  try {
    const statusTopic = `${topic}/status`;
    const message = new Promise<string>((resolve) =>
      client.on("message", (t, payload) => t === statusTopic && resolve(payload.toString().trim())),
    );
    await client.subscribeAsync(statusTopic, { qos: 1 });
    let timer: NodeJS.Timeout | undefined;
    const none = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), STATUS_WAIT_MS)));
    try {
      return await Promise.race([message, none]);
    } finally {
      clearTimeout(timer);
    }
  } finally {
    await client.endAsync(true).catch(() => {});
  }
}

/** A retained message arrives right after the subscription's SUBACK; 300 ms is plenty on a LAN. */
const STATUS_WAIT_MS = 300;

/**
 * Publishes {action: "open", seconds, reservationId} as JSON with QoS 1 for the gate controller.
 * One short connection per opening: gate openings are rare, and a fresh connection never sends
 * through a silently dead one.
 */
export function mqttDoorProvider(options: { url: string; topic: string }): DoorProvider {
  return {
    name: "mqtt",
    /**
     * The broker accepts a connection and the controller's retained status (its last will when it
     * dropped off) is not "offline"; a controller that publishes no status is judged by the broker alone.
     */
    async check() {
      const status = await controllerStatus(options.url, options.topic);
      if (status === null) return "MQTT-välittäjä vastasi (ohjain ei kerro tilaansa)";
      if (status.toLowerCase() !== "online") throw new Error(`Portin ohjaimen tila: ${status}`);
      return "MQTT-välittäjä ja portin ohjain vastasivat";
    },
    status() {
      return statusFromCheck(() => this.check!());
    },
    async open({ seconds, reservationId }) {
      await mqttPublish(
        options.url,
        options.topic,
        JSON.stringify({ action: "open", seconds, reservationId }),
      );
    },
  };
}
