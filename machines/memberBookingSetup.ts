import { assign, fromPromise, sendParent, setup } from "xstate";
import type { MemberReservation, Subscription } from "../src/domain/membership";
import type { MoveSlot } from "../src/domain/moveSlots";
import { bookingCalendarMachine, type CalendarView } from "./bookingCalendarMachine";
import { quotaForChoice, remainingHours, type SlotChoice } from "./memberQuota";

/*
 * memberBookingMachine's types, actors, actions and guards (its `setup`), kept apart so the machine
 * file holds only its states. All I/O is provided at the React edge (MemberBookingsSection).
 */

export type MemberBookingsData = {
  reservations: MemberReservation[];
  maxDogs: number;
  /** When the list was read (ISO), to tell past bookings from coming ones. */
  now: string;
};
/** The slot, the dogs and their options (decision 036: a reactive dog, a female in heat). */
export type DogChoice = { dogs: number; reactiveDog?: boolean; inHeat?: boolean };
export type BookingRequest = SlotChoice & DogChoice;
export type ReservationOutcome = { success: boolean; message: string; reservation: MemberReservation };
/** Moving a booking (decision 026): which one, to when. */
export type MoveRequest = SlotChoice & { id: string };

export type MemberBookingInput = {
  /** Today's Helsinki date (the calendar opens on it); the app reads the clock. */
  today: string;
  calendarView: CalendarView;
};

export type MemberBookingContext = MemberBookingsData & {
  /** The shared membership; undefined until it is known, null for none. */
  subscription: Subscription | null | undefined;
  /** A booking, a move or a cancel changed the quota and the shared membership has not answered since. */
  awaitingMembership: boolean;
  today: string;
  calendarView: CalendarView;
  choice: SlotChoice | null;
  dogs: number;
  /** The dogs' options, set with the number of dogs (`booking.setDogs`). */
  reactiveDog: boolean;
  inHeat: boolean;
  /** The booking just made (`showing.booked`), moved (`showing.moved`) or cancelled (`showing.cancelled`). */
  outcome: MemberReservation | null;
  /** The server's words on success or failure, or the local quota refusal. */
  message: string | null;
  cancelId: string | null;
  /** The booking being moved (or just moved: its answer shows on it), the day shown, its free times, the one chosen. */
  moveId: string | null;
  moveDate: string | null;
  moveSlots: MoveSlot[];
  moveChoice: SlotChoice | null;
  /** Why the day could not be read or the server refused the move; shown in the picker. */
  moveError: string | null;
  /** The list could not be read again after a change: it may lag. */
  refreshFailed: boolean;
};

export type MemberBookingEvent =
  | { type: "membership.updated"; subscription: Subscription | null }
  | { type: "bookings.retry" }
  | { type: "booking.start" }
  | { type: "booking.chooseSlot"; start: string; end: string }
  | ({ type: "booking.setDogs" } & DogChoice)
  | { type: "booking.confirm" }
  | { type: "booking.back" }
  | { type: "booking.close" }
  | { type: "reservation.cancel"; id: string }
  | { type: "reservation.confirmCancel" }
  | { type: "reservation.keep" }
  | { type: "move.start"; id: string }
  | { type: "move.date"; date: string }
  | { type: "move.slot"; start: string; end: string }
  | { type: "move.confirm" }
  | { type: "move.close" };

/** The calendar in member mode: choosing a length hands the slot to this machine instead of checkout. */
export const memberSlotCalendar = bookingCalendarMachine.provide({
  actions: {
    goToCheckout: sendParent((_, params: SlotChoice) => ({ type: "booking.chooseSlot", ...params })),
  },
});

/** What a move forgets when it ends (closed, or done). */
export const noMove: Pick<MemberBookingContext, "moveDate" | "moveSlots" | "moveChoice" | "moveError"> = {
  moveDate: null,
  moveSlots: [],
  moveChoice: null,
  moveError: null,
};

export const memberBookingSetup = setup({
  types: {
    context: {} as MemberBookingContext,
    events: {} as MemberBookingEvent,
    input: {} as MemberBookingInput,
    children: {} as { slotCalendar: "slotCalendar" },
  },
  actors: {
    loadMemberBookings: fromPromise<MemberBookingsData>(async () => {
      throw new Error("loadMemberBookings is provided by the app");
    }),
    bookSlot: fromPromise<ReservationOutcome, BookingRequest>(async () => {
      throw new Error("bookSlot is provided by the app");
    }),
    cancelReservation: fromPromise<ReservationOutcome, { id: string }>(async () => {
      throw new Error("cancelReservation is provided by the app");
    }),
    /** A day's free times a booking can move to (`freeMoveSlots` of the day's grid). */
    loadMoveDay: fromPromise<MoveSlot[], { date: string }>(async () => {
      throw new Error("loadMoveDay is provided by the app");
    }),
    moveReservation: fromPromise<ReservationOutcome, MoveRequest>(async () => {
      throw new Error("moveReservation is provided by the app");
    }),
    slotCalendar: memberSlotCalendar,
  },
  actions: {
    membershipChanged: () => {},
    storeLoaded: assign((_, data: MemberBookingsData) => ({ ...data, refreshFailed: false })),
    noteRefreshFailed: assign({ refreshFailed: true }),
    forgetOutcome: assign({ outcome: null, message: null, moveId: null }),
  },
  guards: {
    // An unpaid invoice that has suspended the membership stops member bookings (the server says why).
    hasHoursToBook: ({ context }) =>
      !!context.subscription?.has_access &&
      !context.subscription.unpaid?.suspended &&
      remainingHours(context.subscription) > 0,
    fitsQuota: ({ context, event }) =>
      event.type === "booking.chooseSlot" && quotaForChoice(context.subscription, event).leftAfter >= 0,
    dogsAllowed: ({ context, event }) =>
      event.type === "booking.setDogs" &&
      Number.isInteger(event.dogs) &&
      event.dogs >= 1 &&
      event.dogs <= context.maxDogs,
    isCancellable: ({ context, event }) =>
      event.type === "reservation.cancel" &&
      context.reservations.some((r) => r.id === event.id && r.cancellable),
    // A member booking the server says may still move (until its start); a single booking moves on
    // its own page (/oma-varaus), where its price is known. Not while the membership is suspended.
    isMovable: ({ context, event }) =>
      event.type === "move.start" &&
      !context.subscription?.unpaid?.suspended &&
      context.reservations.some(
        (r) => r.id === event.id && r.kind === "subscriber" && r.status === "confirmed" && r.movable,
      ),
    isOfferedMove: ({ context, event }) =>
      event.type === "move.slot" &&
      context.moveSlots.some((slot) => slot.start === event.start && slot.end === event.end),
    hasMoveChoice: ({ context }) => context.moveChoice !== null,
  },
});

/** Puts a booking the server returned into the list in place of its older copy. */
export const withReservation = (list: MemberReservation[], reservation: MemberReservation) => [
  reservation,
  ...list.filter((r) => r.id !== reservation.id),
];

/**
 * After a booking, a move or a cancel the list is read again (the membership's hours are read by
 * its own actor). The list already holds the changed booking; if the refresh fails the rest may
 * lag, and the view says so.
 */
export const refreshedAfter = (id: "refreshAfterBooking" | "refreshAfterMove" | "refreshAfterCancel") =>
  ({
    initial: "refreshing",
    states: {
      refreshing: {
        description: "The list is read again: nothing visible changes (the list is marked aria-busy).",
        invoke: {
          id,
          src: "loadMemberBookings",
          onDone: {
            target: "refreshed",
            actions: {
              type: "storeLoaded",
              params: ({ event }: { event: { output: MemberBookingsData } }) => event.output,
            },
          },
          onError: { target: "refreshed", actions: "noteRefreshFailed" },
        },
      },
      refreshed: {
        description:
          "The list as read again; if that failed, “Varauslistaa ei saatu päivitettyä. Lataa sivu uudelleen.” above it.",
      },
    },
  }) as const;
