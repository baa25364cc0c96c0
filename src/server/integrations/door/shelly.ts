import { DOOR_TIMEOUT_MS, type DoorProvider, statusFromCheck } from "./provider.js";

/**
 * A Shelly Gen2 relay through its HTTP RPC: switch on with toggle_after, so the device itself
 * switches off again after `seconds` even if we never call it again.
 */
export function shellyDoorProvider(options: { url: string; switchId: number }): DoorProvider {
  const base = options.url.replace(/\/+$/, "");
  return {
    name: "shelly",
    async open({ seconds }) {
      const url = `${base}/rpc/Switch.Set?id=${options.switchId}&on=true&toggle_after=${seconds}`;
      const res = await fetch(url, { signal: AbortSignal.timeout(DOOR_TIMEOUT_MS) });
      const body = await res.text();
      if (!res.ok) throw new Error(`Shelly answered ${res.status}: ${body.slice(0, 200)}`);
    },
    async check() {
      // Switch.GetStatus reads the relay without switching it.
      const url = `${base}/rpc/Switch.GetStatus?id=${options.switchId}`;
      const res = await fetch(url, { signal: AbortSignal.timeout(DOOR_TIMEOUT_MS) });
      const body = await res.text();
      if (!res.ok) throw new Error(`Shelly answered ${res.status}: ${body.slice(0, 200)}`);
      return `Shelly vastasi (kytkin ${options.switchId})`;
    },
    status() {
      return statusFromCheck(() => this.check!());
    },
  };
}
