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
};

/** Gives up on a device that does not answer, so a visitor is never left waiting at the gate. */
export const DOOR_TIMEOUT_MS = 5_000;
