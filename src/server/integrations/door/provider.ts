/**
 * Opens the park's gate. The door service decides whether an attempt is allowed and records it
 * in door_events; a provider only drives the device and throws when it could not.
 */
export type DoorOpenRequest = {
  reservationId: string;
  /** How long the lock stays open before it closes by itself. */
  seconds: number;
};

export type DoorProvider = {
  name: "log" | "shelly" | "mqtt";
  open(request: DoorOpenRequest): Promise<void>;
  /**
   * Asks the device (or its broker) whether it answers, without opening anything; throws when it
   * does not. Returns what was checked. A provider without a device has nothing to ask.
   */
  check?(): Promise<string>;
  /**
   * Whether the gate answers now, never throwing (the gate health job, decision 029): Shelly asks
   * Switch.GetStatus, MQTT the controller's retained `<topic>/status` (its last will "offline" when
   * it dropped off) or, when it publishes none, whether the broker accepts a connection; log is always ok.
   */
  status(): Promise<DoorStatus>;
};

export type DoorStatus = { ok: boolean; detail: string };

/** A status from a check: what it checked when it answered, its error when not. */
export async function statusFromCheck(check: () => Promise<string>): Promise<DoorStatus> {
  try {
    return { ok: true, detail: await check() };
  } catch (error) {
    return { ok: false, detail: (error instanceof Error ? error.message : String(error)).slice(0, 300) };
  }
}

/** Gives up on a device that does not answer, so a visitor is never left waiting at the gate. */
export const DOOR_TIMEOUT_MS = 5_000;
