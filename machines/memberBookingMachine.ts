import { assign, fromPromise, sendParent, setup } from "xstate";
import type { MemberReservation, Subscription } from "../src/domain/membership";
import { bookingCalendarMachine, type CalendarView } from "./bookingCalendarMachine";
import { DEFAULT_MAX_DOGS } from "./checkoutMachine";
import { overQuotaMessage, quotaForChoice, remainingHours, type SlotChoice } from "./memberQuota";
import { serverMessageOr } from "./remoteFailure";

/**
 * The member's bookings on /oma-tili (issue 7): the member's list, booking within the quota without
 * payment, and cancelling one only after an explicit confirmation.
 *
 * The membership itself (quota, access) has one home, the app's shared subscription actor: the app
 * sends its value here as `membership.updated`, and after a booking or a cancel this machine asks
 * for it to be read again with the provided action `membershipChanged`.
 *
 * Choosing the time reuses the booking calendar as the child actor `slotCalendar`: the same week
 * loading, navigation and free-slot lengths; in member mode its hand-over to checkout becomes the
 * event `booking.chooseSlot` sent to this machine. All I/O is provided at the React edge: the actors
 * `loadMemberBookings`, `bookSlot` and `cancelReservation`, and the calendar's `loadAvailability`.
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

export type MemberBookingInput = {
  /** Today's Helsinki date (the calendar opens on it); the app reads the clock. */
  today: string;
  calendarView: CalendarView;
};

export type MemberBookingContext = MemberBookingsData & {
  /** The shared membership; undefined until it is known, null for none. */
  subscription: Subscription | null | undefined;
  /** A booking or a cancel changed the quota and the shared membership has not answered since. */
  awaitingMembership: boolean;
  today: string;
  calendarView: CalendarView;
  choice: SlotChoice | null;
  dogs: number;
  /** The dogs' options, set with the number of dogs (`booking.setDogs`). */
  reactiveDog: boolean;
  inHeat: boolean;
  /** The booking just made (`showing.booked`) or just cancelled (`showing.cancelled`). */
  outcome: MemberReservation | null;
  /** The server's words on success or failure, or the local quota refusal. */
  message: string | null;
  cancelId: string | null;
  /** The list could not be read again after a booking or a cancel: it may lag. */
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
  | { type: "reservation.keep" };

export const LOAD_FAILED = "Jäsenvarauksia ei saatu ladattua.";
export const BOOKING_FAILED = "Varaus epäonnistui.";
export const CANCEL_FAILED = "Varauksen peruminen epäonnistui.";

/** Puts a booking the server returned into the list in place of its older copy. */
const withReservation = (list: MemberReservation[], reservation: MemberReservation) => [
  reservation,
  ...list.filter((r) => r.id !== reservation.id),
];

/** The calendar in member mode: choosing a length hands the slot to this machine instead of checkout. */
export const memberSlotCalendar = bookingCalendarMachine.provide({
  actions: {
    goToCheckout: sendParent((_, params: SlotChoice) => ({ type: "booking.chooseSlot", ...params })),
  },
});

/**
 * After a booking or a cancel the list is read again (the membership's hours are read by its own
 * actor). The list already holds the changed booking; if the refresh fails the rest may lag, and
 * the view says so.
 */
const refreshedAfter = (id: "refreshAfterBooking" | "refreshAfterCancel") =>
  ({
    initial: "refreshing",
    states: {
      refreshing: {
        description: "The list is read again.",
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
      refreshed: { description: "The list is up to date, or marked as possibly lagging." },
    },
  }) as const;

export const memberBookingMachine = setup({
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
    slotCalendar: memberSlotCalendar,
  },
  actions: {
    membershipChanged: () => {},
    storeLoaded: assign((_, data: MemberBookingsData) => ({ ...data, refreshFailed: false })),
    noteRefreshFailed: assign({ refreshFailed: true }),
    forgetOutcome: assign({ outcome: null, message: null }),
  },
  guards: {
    hasHoursToBook: ({ context }) =>
      !!context.subscription?.has_access && remainingHours(context.subscription) > 0,
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
  },
}).createMachine({
  id: "memberBooking",
  context: ({ input }) => ({
    today: input.today,
    calendarView: input.calendarView,
    subscription: undefined,
    awaitingMembership: true,
    reservations: [],
    maxDogs: DEFAULT_MAX_DOGS,
    now: input.today,
    choice: null,
    dogs: 1,
    reactiveDog: false,
    inHeat: false,
    outcome: null,
    message: null,
    cancelId: null,
    refreshFailed: false,
  }),
  initial: "loading",
  on: {
    "membership.updated": {
      actions: assign({ subscription: ({ event }) => event.subscription, awaitingMembership: false }),
    },
  },
  states: {
    /** Reading the member's bookings (the membership comes in as `membership.updated`). */
    loading: {
      description: "Reading the member's bookings.",
      invoke: {
        id: "loadMemberBookings",
        src: "loadMemberBookings",
        onDone: { target: "showing", actions: { type: "storeLoaded", params: ({ event }) => event.output } },
        onError: {
          target: "loadFailed",
          actions: assign({ message: ({ event }) => serverMessageOr(event.error, LOAD_FAILED) }),
        },
      },
    },
    /** Nothing to show: the message and a retry. */
    loadFailed: {
      description: "The bookings could not be read: the message and a retry.",
      on: { "bookings.retry": { target: "loading", actions: "forgetOutcome" } },
    },
    /** The list (and the quota, once known); nothing is under way. Substates say what just happened. */
    showing: {
      description: "The member's bookings and hours; nothing under way.",
      initial: "idle",
      on: {
        "booking.start": {
          guard: "hasHoursToBook",
          target: "choosing",
          actions: [assign({ choice: null, dogs: 1, reactiveDog: false, inHeat: false }), "forgetOutcome"],
        },
        "reservation.cancel": {
          guard: "isCancellable",
          target: "confirmingCancel",
          actions: [assign({ cancelId: ({ event }) => event.id }), "forgetOutcome"],
        },
      },
      states: {
        idle: { description: "The list, with nothing just done." },
        /** A booking was made: its confirmation, while the list and the membership are read again. */
        booked: {
          description: "A booking was made: its confirmation, while the list is read again.",
          ...refreshedAfter("refreshAfterBooking"),
        },
        /** A booking was cancelled (its hours are back): the list and the membership are read again. */
        cancelled: {
          description: "A booking was cancelled (its hours are back): the list is read again.",
          ...refreshedAfter("refreshAfterCancel"),
        },
        /** The cancel was refused or failed: the server's message. */
        cancelFailed: { description: "The cancel was refused or failed: the server's message." },
      },
    },
    /** The calendar of free slots; choosing a length sends `booking.chooseSlot`. */
    choosing: {
      description: "The calendar of free slots, to choose a time.",
      entry: assign({ message: null }),
      invoke: {
        id: "slotCalendar",
        src: "slotCalendar",
        // Back from confirming, the calendar opens on the day chosen before.
        input: ({ context }) => ({
          time: context.choice?.start,
          today: context.today,
          view: context.calendarView,
        }),
      },
      on: {
        "booking.chooseSlot": [
          {
            guard: "fitsQuota",
            target: "confirming",
            actions: assign({ choice: ({ event }) => ({ start: event.start, end: event.end }) }),
          },
          {
            target: "overQuota",
            actions: assign(({ context, event }) => {
              const quota = quotaForChoice(context.subscription, event);
              return {
                choice: { start: event.start, end: event.end },
                message: overQuotaMessage(quota.hours, quota.available, quota.laterPeriod),
              };
            }),
          },
        ],
        "booking.close": "showing",
      },
    },
    /** The slot needs more hours than are left: refused here, nothing is sent. */
    overQuota: {
      description: "The slot needs more hours than are left: refused, nothing is sent.",
      on: { "booking.back": "choosing", "booking.close": "showing" },
    },
    /** The slot, the hours it uses and the hours left after it, and the number of dogs. */
    confirming: {
      description: "The slot, the hours it uses and leaves, and the number of dogs.",
      on: {
        "booking.setDogs": {
          guard: "dogsAllowed",
          actions: assign(({ context, event }) => ({
            dogs: event.dogs,
            reactiveDog: event.reactiveDog ?? context.reactiveDog,
            inHeat: event.inHeat ?? context.inHeat,
          })),
        },
        "booking.confirm": "booking",
        "booking.back": "choosing",
        "booking.close": "showing",
      },
    },
    booking: {
      description: "The booking is sent.",
      invoke: {
        id: "bookSlot",
        src: "bookSlot",
        input: ({ context }) => ({
          ...context.choice!,
          dogs: context.dogs,
          reactiveDog: context.reactiveDog,
          inHeat: context.inHeat,
        }),
        onDone: {
          target: "showing.booked",
          actions: [
            assign(({ context, event }) => ({
              outcome: event.output.reservation,
              message: event.output.message,
              reservations: withReservation(context.reservations, event.output.reservation),
              awaitingMembership: true,
            })),
            "membershipChanged",
          ],
        },
        onError: {
          target: "bookFailed",
          actions: assign({ message: ({ event }) => serverMessageOr(event.error, BOOKING_FAILED) }),
        },
      },
    },
    /** The server refused (quota, overdue invoice, slot taken): its message; another time can be chosen. */
    bookFailed: {
      description: "The server refused the booking: its message; another time can be chosen.",
      on: { "booking.back": "choosing", "booking.close": "showing" },
    },
    /** 'Haluatko varmasti perua varauksen?' — nothing is sent before 'Kyllä, peru'. */
    confirmingCancel: {
      description: "'Haluatko varmasti perua varauksen?': nothing is sent before confirming.",
      on: {
        "reservation.confirmCancel": "cancelling",
        "reservation.keep": { target: "showing", actions: assign({ cancelId: null }) },
      },
    },
    cancelling: {
      description: "The cancel is sent.",
      invoke: {
        id: "cancelReservation",
        src: "cancelReservation",
        input: ({ context }) => ({ id: context.cancelId! }),
        onDone: {
          target: "showing.cancelled",
          actions: [
            assign(({ context, event }) => ({
              outcome: event.output.reservation,
              message: event.output.message,
              reservations: context.reservations.map((r) =>
                r.id === event.output.reservation.id ? event.output.reservation : r,
              ),
              awaitingMembership: true,
            })),
            "membershipChanged",
          ],
        },
        onError: {
          target: "showing.cancelFailed",
          actions: assign({ message: ({ event }) => serverMessageOr(event.error, CANCEL_FAILED) }),
        },
      },
    },
  },
});

export type MemberBookingMachine = typeof memberBookingMachine;
