import mqtt from "mqtt";

export const TEST_MQTT_URL = "mqtt://127.0.0.1:1883";

/**
 * A stand-in for a controller on the local Mosquitto (the device is outside the product):
 * subscribes to a topic and records each message's text, QoS and retain flag as it arrives.
 */
export async function mqttListener(topic: string) {
  const client = await mqtt.connectAsync(TEST_MQTT_URL);
  const messages: { text: string; qos: number; retain: boolean }[] = [];
  client.on("message", (_topic, payload, packet) =>
    messages.push({ text: payload.toString(), qos: packet.qos, retain: packet.retain }),
  );
  await client.subscribeAsync(topic, { qos: 1 });
  return {
    messages,
    /** Waits (up to 2 s) until `count` messages have arrived. */
    async received(count: number) {
      for (let i = 0; i < 100 && messages.length < count; i++) await new Promise((r) => setTimeout(r, 20));
      return messages;
    },
    close: () => client.endAsync(),
  };
}
