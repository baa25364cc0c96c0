import { assign, fromPromise, setup } from "xstate";
import { serverMessageOr } from "./remoteFailure";
import type { PublicReservation, StoredReservation } from "../src/domain/booking";
import type { BookingSummary } from "./reservationTypes";

/**
 * `/oma-varaus`: the bookings this browser keeps, each refreshed from the API by its access token,
 * and cancelling one — only after an explicit confirmation. Reading storage and the API is the
 * provided actor `loadReservations`; the DELETE is `cancelReservation`.
 */

export type OwnReservation = BookingSummary &
  Pick<PublicReservation, "cancellable" | "cancellableUntil" | "payment">;
/** An entry of local storage `reservations` (spec §3). */
export type StoredEntry = StoredReservation;
export type OwnReservationItem = {
  entry: StoredEntry;
  /** The booking as the server has it now; null when it could not be read. */
  reservation: OwnReservation | null;
  problem: "notFound" | "failed" | null;
  message?: string;
};
export type CancelOutcome = { success: boolean; message: string; reservation?: OwnReservation };

export type MyReservationsContext = {
  items: OwnReservationItem[];
  /** When the list was read (ISO), to tell today's, coming and past bookings apart. */
  loadedAt: string | null;
  /** Why the last load failed; shown only while it stands (`loadFailed`). */
  errorMessage: string | null;
  /** The booking whose cancel is being confirmed or sent. */
  cancelToken: string | null;
  outcome: CancelOutcome | null;
};

export type MyReservationsEvent =
  | { type: "reservations.cancel"; accessToken: string }
  | { type: "reservations.confirmCancel" }
  | { type: "reservations.keep" }
  | { type: "reservations.reload" };

export const LOAD_FAILED = "Varausten lataaminen epäonnistui.";
export const CANCEL_FAILED = "Varauksen peruminen epäonnistui.";

const startOf = (item: OwnReservationItem) => item.reservation?.start ?? item.entry.start;

/** Newest start first, as the page lists them. */
export const newestFirst = (items: OwnReservationItem[]) =>
  [...items].sort((a, b) => Date.parse(startOf(b)) - Date.parse(startOf(a)));

/**
 * A booking whose refresh failed keeps what the last good read said (its gate link above all), with
 * the failure marked beside it: a passing network fault must not hide the way into the park.
 */
export function keepLastKnown(fresh: OwnReservationItem[], before: OwnReservationItem[]) {
  return fresh.map((item) => {
    if (item.problem !== "failed" || item.reservation) return item;
    const known = before.find((b) => b.entry.id === item.entry.id)?.reservation ?? null;
    return known ? { ...item, reservation: known } : item;
  });
}

export const myReservationsMachine = setup({
  types: {
    context: {} as MyReservationsContext,
    events: {} as MyReservationsEvent,
  },
  actors: {
    loadReservations: fromPromise<{ items: OwnReservationItem[]; now: string }>(async () => {
      throw new Error("loadReservations is provided by the app");
    }),
    cancelReservation: fromPromise<CancelOutcome, { accessToken: string }>(async () => {
      throw new Error("cancelReservation is provided by the app");
    }),
  },
  guards: {
    isCancellable: ({ context, event }) =>
      event.type === "reservations.cancel" &&
      context.items.some((i) => i.entry.accessToken === event.accessToken && i.reservation?.cancellable),
  },
}).createMachine({
  id: "myReservations",
  context: { items: [], loadedAt: null, errorMessage: null, cancelToken: null, outcome: null },
  initial: "loading",
  states: {
    loading: {
      description: "Reading this browser's bookings from the server.",
      invoke: {
        id: "loadReservations",
        src: "loadReservations",
        onDone: {
          target: "showing",
          actions: assign({
            items: ({ context, event }) => newestFirst(keepLastKnown(event.output.items, context.items)),
            loadedAt: ({ event }) => event.output.now,
          }),
        },
        // A booking the API could not read is only marked in its item; this is the load failing as a
        // whole. The bookings already listed stay listed: storage still keeps them.
        onError: {
          target: "loadFailed",
          actions: assign({ errorMessage: ({ event }) => serverMessageOr(event.error, LOAD_FAILED) }),
        },
      },
    },
    /** The load failed: the error and 'Yritä uudelleen', beside the bookings read before (if any). */
    loadFailed: {
      description: "The load failed: the error and a retry, beside bookings read before.",
      on: { "reservations.reload": "loading" },
    },
    showing: {
      description: "This browser's bookings, newest first, with the last cancel's outcome.",
      on: {
        "reservations.cancel": {
          guard: "isCancellable",
          target: "confirmingCancel",
          actions: assign({ cancelToken: ({ event }) => event.accessToken, outcome: null }),
        },
        "reservations.reload": "loading",
      },
    },
    /** 'Haluatko varmasti perua varauksen?' — nothing is sent before 'Kyllä, peru'. */
    confirmingCancel: {
      description: "'Haluatko varmasti perua varauksen?': nothing is sent before confirming.",
      on: {
        "reservations.confirmCancel": "cancelling",
        "reservations.keep": { target: "showing", actions: assign({ cancelToken: null }) },
      },
    },
    cancelling: {
      description: "The cancel is sent.",
      invoke: {
        id: "cancelReservation",
        src: "cancelReservation",
        input: ({ context }) => ({ accessToken: context.cancelToken ?? "" }),
        onDone: {
          target: "showing",
          actions: assign(({ context, event }) => ({
            outcome: event.output,
            items: context.items.map((item) =>
              item.entry.accessToken === context.cancelToken && event.output.reservation
                ? { ...item, reservation: event.output.reservation, problem: null }
                : item,
            ),
          })),
        },
        onError: {
          target: "showing",
          actions: assign({
            outcome: ({ event }) => ({
              success: false,
              message: serverMessageOr(event.error, CANCEL_FAILED),
            }),
          }),
        },
      },
    },
  },
});
