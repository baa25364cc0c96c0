import type { Config } from "../../config.js";
import { mqttPublish } from "../door/mqtt.js";
import { shellyRpc } from "../door/shelly.js";

/**
 * The park's lights (decision 035): a second output next to the gate. The lights service decides
 * when and records every switch in light_switches; a provider only drives the device and throws
 * when it could not.
 */
export type LightsProvider = {
  name: "none" | "shelly" | "mqtt";
  /** Where it points, for the operations page (null: no device). */
  target: string | null;
  switch(on: boolean): Promise<void>;
};

/** A Shelly Gen2 relay (Switch.Set without toggle_after: the lights stay as set until switched again). */
export function shellyLightsProvider(options: { url: string; switchId: number }): LightsProvider {
  return {
    name: "shelly",
    target: `${options.url} (kytkin ${options.switchId})`,
    async switch(on) {
      await shellyRpc(options.url, `Switch.Set?id=${options.switchId}&on=${on}`);
    },
  };
}

/** "on" or "off", retained with QoS 1: a controller that (re)connects gets the current state at once. */
export function mqttLightsProvider(options: { url: string; topic: string }): LightsProvider {
  return {
    name: "mqtt",
    target: `${options.url} ${options.topic}`,
    async switch(on) {
      await mqttPublish(options.url, options.topic, on ? "on" : "off", { retain: true });
    },
  };
}

/** No lights: the job records nothing and switches nothing. */
export const noLights: LightsProvider = {
  name: "none",
  target: null,
  async switch() {},
};

export function configuredLightsProvider(config: Config): LightsProvider {
  if (config.LIGHTS_PROVIDER === "shelly")
    return shellyLightsProvider({ url: config.LIGHTS_SHELLY_URL!, switchId: config.LIGHTS_SHELLY_SWITCH_ID });
  if (config.LIGHTS_PROVIDER === "mqtt")
    return mqttLightsProvider({ url: config.MQTT_URL!, topic: config.LIGHTS_MQTT_TOPIC });
  return noLights;
}
