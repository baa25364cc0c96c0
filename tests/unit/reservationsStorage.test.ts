// @vitest-environment jsdom
import {
  appendStoredReservation,
  readStoredReservations,
  toStoredReservation,
  updateStoredReservation,
} from "../../src/client/storedReservations";
import { RESERVATIONS_CHANGED_EVENT, storageKeys } from "../../src/client/storage";

const entry = (id: string, start: string, endTime: string) => ({
  id,
  accessToken: `token-${id}`,
  start,
  endTime,
  areaName: "Koirapuisto",
});
const stored = () => JSON.parse(localStorage.getItem(storageKeys.reservations) ?? "null");

beforeEach(() => localStorage.clear());

describe("local storage `reservations`", () => {
  test("reads nothing from an empty, unreadable or non-list value", () => {
    expect(readStoredReservations()).toEqual([]);
    localStorage.setItem(storageKeys.reservations, "{not json");
    expect(readStoredReservations()).toEqual([]);
    localStorage.setItem(storageKeys.reservations, JSON.stringify({ id: "a" }));
    expect(readStoredReservations()).toEqual([]);
  });

  test("skips entries that are not bookings instead of trusting them", () => {
    const good = entry("a", "2026-06-16T10:00:00+03:00", "2026-06-16T11:00:00+03:00");
    localStorage.setItem(storageKeys.reservations, JSON.stringify([good, { id: "b" }, null, "x"]));
    expect(readStoredReservations()).toEqual([good]);
  });

  test("appends with endTime, keeps others, and announces the change in this tab", () => {
    const announced = vi.fn();
    window.addEventListener(RESERVATIONS_CHANGED_EVENT, announced);
    const first = entry("a", "2026-06-16T10:00:00+03:00", "2026-06-16T11:00:00+03:00");
    const second = entry("b", "2026-06-17T10:00:00+03:00", "2026-06-17T10:30:00+03:00");
    appendStoredReservation(first);
    appendStoredReservation(second);
    expect(stored()).toEqual([first, second]);
    expect(announced).toHaveBeenCalledTimes(2);
    window.removeEventListener(RESERVATIONS_CHANGED_EVENT, announced);
  });

  test("appending the same booking again (a reloaded confirmation) replaces it instead of doubling it", () => {
    const first = entry("a", "2026-06-16T10:00:00+03:00", "2026-06-16T11:00:00+03:00");
    appendStoredReservation(first);
    appendStoredReservation({ ...first, endTime: "2026-06-16T11:30:00+03:00" });
    expect(stored()).toEqual([{ ...first, endTime: "2026-06-16T11:30:00+03:00" }]);
  });

  test("updates one entry by id and ignores unknown ids", () => {
    const first = entry("a", "2026-06-16T10:00:00+03:00", "2026-06-16T11:00:00+03:00");
    const second = entry("b", "2026-06-17T10:00:00+03:00", "2026-06-17T10:30:00+03:00");
    appendStoredReservation(first);
    appendStoredReservation(second);
    updateStoredReservation("b", { endTime: "2026-06-17T11:00:00+03:00" });
    updateStoredReservation("zzz", { endTime: "2030-01-01T00:00:00+02:00" });
    expect(stored()).toEqual([first, { ...second, endTime: "2026-06-17T11:00:00+03:00" }]);
  });

  test("a booking from the API is kept with its end as endTime (spec §3)", () => {
    expect(
      toStoredReservation({
        id: "a",
        accessToken: "t",
        start: "2026-06-16T10:00:00+03:00",
        end: "2026-06-16T11:00:00+03:00",
        areaName: "Koirapuisto",
      }),
    ).toEqual({
      id: "a",
      accessToken: "t",
      start: "2026-06-16T10:00:00+03:00",
      endTime: "2026-06-16T11:00:00+03:00",
      areaName: "Koirapuisto",
    });
  });
});
