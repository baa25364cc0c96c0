import { useMemo, useSyncExternalStore } from "react";
import type { CalendarSlot } from "../../../../machines/bookingCalendarMachine";
import type { OwnCell, OwnTime } from "../../../client/ownTimes";

type Cells = typeof import("../../../client/ownTimes");
/** The browser's reader, loaded after the first paint (it is not on the calendar's first load). */
let cells: Cells | null = null;

function subscribe(onChange: () => void): () => void {
  let stop: (() => void) | null = null;
  let live = true;
  void import("../../../client/ownTimes").then((loaded) => {
    if (!live) return;
    cells = loaded;
    stop = loaded.watchOwnTimes(onChange);
    onChange();
  });
  return () => {
    live = false;
    stop?.();
  };
}

const snapshot = () => (cells ? JSON.stringify(cells.readOwnTimes()) : "[]");
const none = () => "[]";

/**
 * What the visitor's own bookings and hold (client/ownTimes.ts) make of a taken cell, read again
 * when they change; nothing while a prerendered page hydrates, so its markup matches the build's.
 */
export function useOwnCells(
  holdPath: (time: OwnTime) => string,
): (slot: CalendarSlot) => OwnCell | undefined {
  const key = useSyncExternalStore(subscribe, snapshot, none);
  return useMemo(() => {
    const times = JSON.parse(key) as OwnTime[];
    return (slot) => (cells && times.length ? cells.ownCellOf(slot, times, holdPath) : undefined);
    // holdPath is the page's pure path builder: the answer changes only with the times.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
}
