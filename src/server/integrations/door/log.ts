import type { DoorProvider } from "./provider.js";

/** The embedded default: no device, the attempt is only logged (and recorded by the door service). */
export function logDoorProvider(log: (message: string) => void = console.info): DoorProvider {
  return {
    name: "log",
    async open({ reservationId, seconds }) {
      log(`[portti] avataan ${seconds} s (varaus ${reservationId}); DOOR_PROVIDER=log ei ohjaa laitetta`);
    },
    /** No device: nothing can fail. */
    async status() {
      return { ok: true, detail: "Ei laitetta: avaukset kirjataan vain lokiin." };
    },
  };
}
