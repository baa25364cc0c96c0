import { DOOR_TIMEOUT_MS, type DoorProvider, statusFromCheck } from "./provider.js";

/** One Shelly Gen2 HTTP RPC call (e.g. `Switch.Set?id=0&on=true`); throws when the device does not answer 2xx. */
export async function shellyRpc(url: string, call: string): Promise<string> {
  const res = await fetch(`${url.replace(/\/+$/, "")}/rpc/${call}`, {
    signal: AbortSignal.timeout(DOOR_TIMEOUT_MS),
  });
  const body = await res.text();
  if (!res.ok) throw new Error(`Shelly vastasi virheellä ${res.status}: ${body.slice(0, 200)}`);
  return body;
}

/**
 * A Shelly Gen2 relay through its HTTP RPC: switch on with toggle_after, so the device itself
 * switches off again after `seconds` even if we never call it again.
 */
export function shellyDoorProvider(options: { url: string; switchId: number }): DoorProvider {
  return {
    name: "shelly",
    async open({ seconds }) {
      await shellyRpc(options.url, `Switch.Set?id=${options.switchId}&on=true&toggle_after=${seconds}`);
    },
    async check() {
      // Switch.GetStatus reads the relay without switching it.
      await shellyRpc(options.url, `Switch.GetStatus?id=${options.switchId}`);
      return `Shelly vastasi (kytkin ${options.switchId})`;
    },
    status() {
      return statusFromCheck(() => this.check!());
    },
  };
}
