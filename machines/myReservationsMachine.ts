import { assign, fromPromise, setup } from "xstate";
import { serverMessageOr } from "./remoteFailure";
import type { PublicReservation, StoredReservation } from "../src/domain/booking";
import type { BookingSummary } from "./reservationTypes";
import type { MoveQuote, MoveSlot } from "../src/domain/moveSlots";

/**
 * `/oma-varaus`: the bookings this browser keeps, each refreshed from the API by its access token,
 * cancelling one — only after an explicit confirmation — and moving one to another free time of a
 * day the visitor picks (decision 026). Reading storage and the API is the provided actor
 * `loadReservations`; the DELETE is `cancelReservation`; a day's free times for the move, each with
 * what moving there pays or gives back as the server quotes it, are `loadMoveDay`, and the move
 * itself `moveReservation`, sent with the chosen time's difference so that a changed one is refused
 * rather than charged. A dearer time's move answers where to pay the difference: the page leaves
 * for the payment page (`redirectToPayment`) and the payment page sends the visitor back here
 * (`?siirto=success|cancelled|failed`), where the booking is read again.
 */

export type OwnReservation = BookingSummary &
  Pick<
    PublicReservation,
    "cancellable" | "cancellableUntil" | "payment" | "movable" | "discountCents" | "money"
  >;
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
/** A move's answer: a dearer time's says where to pay the difference (decision 026). */
export type MoveOutcome = CancelOutcome & {
  payment?: { redirectUrl: string; differenceCents: number } | null;
};
/** Which day's free times to read for which booking. */
export type MoveDayInput = { accessToken: string; date: string };
/** The move as sent: the time and the difference the visitor was shown for it. */
export type MoveRequest = {
  accessToken: string;
  start: string;
  end: string;
  expectedDifferenceCents?: number;
};
/** A free time the booking can move to, with what moving there settles (`quotedMoveSlots`). */
export type { MoveQuote, MoveSlot };

export type MyReservationsContext = {
  items: OwnReservationItem[];
  /** When the list was read (ISO), to tell today's, coming and past bookings apart. */
  loadedAt: string | null;
  /** Why the last load failed; shown only while it stands (`loadFailed`). */
  errorMessage: string | null;
  /** The booking whose cancel is being confirmed or sent, or whose move was the last; its outcome shows on it. */
  cancelToken: string | null;
  outcome: CancelOutcome | null;
  /** The booking being moved, the Helsinki date whose free times are shown, those times, the one chosen. */
  moveToken: string | null;
  moveDate: string | null;
  moveSlots: MoveSlot[];
  moveChoice: { start: string; end: string } | null;
  /** Why the day could not be read or the move was refused; shown while choosing. */
  moveError: string | null;
};

export type MyReservationsEvent =
  | { type: "reservations.cancel"; accessToken: string }
  | { type: "reservations.confirmCancel" }
  | { type: "reservations.keep" }
  | { type: "reservations.reload" }
  | { type: "reservations.move"; accessToken: string }
  | { type: "reservations.moveDate"; date: string }
  | { type: "reservations.moveSlot"; start: string; end: string }
  | { type: "reservations.confirmMove" }
  | { type: "reservations.keepTime" };

export const LOAD_FAILED = "Varausten lataaminen epäonnistui.";
export const CANCEL_FAILED = "Varauksen peruminen epäonnistui.";
export const MOVE_DAY_FAILED = "Vapaiden aikojen lataaminen epäonnistui.";
export const MOVE_FAILED = "Varauksen siirtäminen epäonnistui.";

const startOf = (item: OwnReservationItem) => item.reservation?.start ?? item.entry.start;

/** The offered time the visitor chose, with its quote; null before a choice. */
export const chosenMoveSlot = (c: Pick<MyReservationsContext, "moveSlots" | "moveChoice">) =>
  c.moveSlots.find((slot) => slot.start === c.moveChoice?.start && slot.end === c.moveChoice.end) ?? null;

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
    loadMoveDay: fromPromise<MoveSlot[], MoveDayInput>(async () => {
      throw new Error("loadMoveDay is provided by the app");
    }),
    moveReservation: fromPromise<MoveOutcome, MoveRequest>(async () => {
      throw new Error("moveReservation is provided by the app");
    }),
  },
  actions: {
    redirectToPayment: (_, _params: { url: string }) => {},
  },
  guards: {
    paymentStarted: ({ event }) =>
      "output" in event && !!(event.output as MoveOutcome | undefined)?.payment?.redirectUrl,
    isCancellable: ({ context, event }) =>
      event.type === "reservations.cancel" &&
      context.items.some((i) => i.entry.accessToken === event.accessToken && i.reservation?.cancellable),
    isMovable: ({ context, event }) =>
      event.type === "reservations.move" &&
      context.items.some((i) => i.entry.accessToken === event.accessToken && i.reservation?.movable),
    isOffered: ({ context, event }) =>
      event.type === "reservations.moveSlot" &&
      context.moveSlots.some((slot) => slot.start === event.start && slot.end === event.end),
    hasChoice: ({ context }) => context.moveChoice !== null,
  },
}).createMachine({
  id: "myReservations",
  context: {
    items: [],
    loadedAt: null,
    errorMessage: null,
    cancelToken: null,
    outcome: null,
    moveToken: null,
    moveDate: null,
    moveSlots: [],
    moveChoice: null,
    moveError: null,
  },
  initial: "loading",
  states: {
    loading: {
      description:
        "“Ladataan varauksia…”; bookings read before stay listed below it, their “Avaa portti” links with them.",
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
      description:
        "An alert “Varausten lataaminen epäonnistui.” (or the server's words) with “Yritä uudelleen”; bookings read before stay listed below it.",
      on: { "reservations.reload": "loading" },
    },
    showing: {
      description:
        "The kept bookings, newest first, under “Tulevat varaukset” and “Menneet ja perutut varaukset”: a coming confirmed one with “Avaa portti”, “Kuitti”, “Lisää kalenteriin” and, while allowed, “Siirrä varaus” and “Peru varaus”; the last cancel's or move's message on its booking. One not read says “Varauksen tietoja ei saatu päivitettyä. …” with “Päivitä tiedot”, or “Varausta ei löytynyt. Se on ehkä poistettu.”",
      on: {
        "reservations.cancel": {
          guard: "isCancellable",
          target: "confirmingCancel",
          actions: assign({ cancelToken: ({ event }) => event.accessToken, outcome: null }),
        },
        "reservations.move": {
          guard: "isMovable",
          target: "choosingMove",
          actions: assign(({ context, event }) => ({
            moveToken: event.accessToken,
            // The booking's own day first: a move is most often a few hours either way.
            moveDate:
              context.items
                .find((i) => i.entry.accessToken === event.accessToken)
                ?.reservation?.start.slice(0, 10) ?? null,
            moveSlots: [],
            moveChoice: null,
            moveError: null,
            cancelToken: null,
            outcome: null,
          })),
        },
        "reservations.reload": "loading",
      },
    },
    /** 'Siirrä varaus': the free times of a day, one chosen, nothing sent before 'Siirrä tähän aikaan'. */
    choosingMove: {
      description:
        "On the booking being moved, instead of its buttons: “Valitse uusi aika. …”, the week's days, “← Edellinen viikko”, “Seuraava viikko →”, the “Päivä” field, and “Siirrä tähän aikaan” (enabled once a time is chosen) beside “Älä siirrä”.",
      initial: "loadingDay",
      on: {
        "reservations.moveDate": {
          target: ".loadingDay",
          actions: assign({
            moveDate: ({ event }) => event.date,
            moveSlots: [],
            moveChoice: null,
            moveError: null,
          }),
        },
        "reservations.keepTime": {
          target: "showing",
          actions: assign({ moveToken: null, moveSlots: [], moveChoice: null, moveError: null }),
        },
      },
      states: {
        loadingDay: {
          description:
            "“Ladataan vapaita aikoja…”; after a refused move, the server's reason above it as an alert.",
          invoke: {
            id: "loadMoveDay",
            src: "loadMoveDay",
            input: ({ context }) => ({ accessToken: context.moveToken ?? "", date: context.moveDate ?? "" }),
            onDone: { target: "picking", actions: assign({ moveSlots: ({ event }) => event.output }) },
            onError: {
              target: "dayFailed",
              actions: assign({
                moveSlots: [],
                moveError: ({ event }) => serverMessageOr(event.error, MOVE_DAY_FAILED),
              }),
            },
          },
        },
        picking: {
          description:
            "The day's free starts as a grid (“14.00 Vapaa”); a start pressed lists its times with their amounts (“+10,80 €”, “ei hintaeroa”, “−6,00 € takaisin”), and the one chosen is repeated in full (“Uusi aika … Saat takaisin 6,00 € (…).”). A day with none says “Tälle päivälle ei ole vapaita aikoja. Valitse toinen päivä.”",
          on: {
            "reservations.moveSlot": {
              guard: "isOffered",
              actions: assign({
                moveChoice: ({ event }) => ({ start: event.start, end: event.end }),
                moveError: null,
              }),
            },
            "reservations.confirmMove": { guard: "hasChoice", target: "#myReservations.moving" },
          },
        },
        dayFailed: {
          description:
            "An alert “Vapaiden aikojen lataaminen epäonnistui.” (or the server's words) and no times; another day can be chosen.",
        },
      },
    },
    moving: {
      description: "“Siirretään varausta…” on the booking; its times and buttons are disabled.",
      invoke: {
        id: "moveReservation",
        src: "moveReservation",
        input: ({ context }) => ({
          accessToken: context.moveToken ?? "",
          start: context.moveChoice?.start ?? "",
          end: context.moveChoice?.end ?? "",
          expectedDifferenceCents: chosenMoveSlot(context)?.quote?.differenceCents,
        }),
        onDone: [
          {
            // Dearer: the new time is held; the difference is paid on the payment page.
            guard: "paymentStarted",
            target: "redirecting",
            actions: {
              type: "redirectToPayment",
              params: ({ event }) => ({ url: event.output.payment!.redirectUrl }),
            },
          },
          {
            target: "showing",
            actions: assign(({ context, event }) => ({
              outcome: event.output,
              cancelToken: context.moveToken,
              moveToken: null,
              moveSlots: [],
              moveChoice: null,
              items: context.items.map((item) =>
                item.entry.accessToken === context.moveToken && event.output.reservation
                  ? { ...item, reservation: event.output.reservation, problem: null }
                  : item,
              ),
            })),
          },
        ],
        // Refused (the time was just taken, the window closed, its difference changed): the day and
        // its amounts are read again beside the reason.
        onError: {
          target: "choosingMove.loadingDay",
          actions: assign({
            moveSlots: [],
            moveChoice: null,
            moveError: ({ event }) => serverMessageOr(event.error, MOVE_FAILED),
          }),
        },
      },
    },
    redirecting: {
      description:
        "“Siirrytään maksamaan lisämaksua…” and the page leaves for the payment page; the booking stays at its old time until the difference is paid.",
    },
    /** 'Haluatko varmasti perua varauksen?' — nothing is sent before 'Kyllä, peru'. */
    confirmingCancel: {
      description:
        "On the booking, “Haluatko varmasti perua varauksen?” with “Kyllä, peru” and “Älä peru” in place of its buttons; nothing is sent yet.",
      on: {
        "reservations.confirmCancel": "cancelling",
        "reservations.keep": { target: "showing", actions: assign({ cancelToken: null }) },
      },
    },
    cancelling: {
      description: "“Perutaan varausta…” on the booking, its buttons gone.",
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
