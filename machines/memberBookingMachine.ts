import { assign } from "xstate";
import { helsinkiDate } from "../src/domain/helsinkiClock";
import { DEFAULT_MAX_DOGS } from "../src/domain/dogRules";
import { memberBookingSetup, noMove, refreshedAfter, withReservation } from "./memberBookingSetup";
import { overQuotaMessage, quotaForChoice } from "./memberQuota";
import { serverMessageOr } from "./remoteFailure";

export {
  memberSlotCalendar,
  type BookingRequest,
  type DogChoice,
  type MemberBookingContext,
  type MemberBookingEvent,
  type MemberBookingInput,
  type MemberBookingsData,
  type MoveRequest,
  type ReservationOutcome,
} from "./memberBookingSetup";

/**
 * The member's bookings on /oma-tili (issue 7): the member's list, booking within the quota without
 * payment, moving a member booking to another free time (decision 026) and cancelling one, each
 * only after an explicit confirmation.
 *
 * The membership itself (quota, access) has one home, the app's shared subscription actor: the app
 * sends its value here as `membership.updated`, and after a booking, a move or a cancel this machine asks
 * for it to be read again with the provided action `membershipChanged`.
 *
 * Choosing the time reuses the booking calendar as the child actor `slotCalendar`: the same week
 * loading, navigation and free-slot lengths; in member mode its hand-over to checkout becomes the
 * event `booking.chooseSlot` sent to this machine. All I/O is provided at the React edge: the actors
 * `loadMemberBookings`, `bookSlot`, `loadMoveDay`, `moveReservation` and `cancelReservation`, and the
 * calendar's `loadAvailability`. The types, actors, actions and guards are in memberBookingSetup.ts.
 */

export const LOAD_FAILED = "Jäsenvarauksia ei saatu ladattua.";
export const BOOKING_FAILED = "Varaus epäonnistui.";
export const CANCEL_FAILED = "Varauksen peruminen epäonnistui.";
export const MOVE_DAY_FAILED = "Vapaiden aikojen lataaminen epäonnistui.";
export const MOVE_FAILED = "Varauksen siirtäminen epäonnistui.";

export const memberBookingMachine = memberBookingSetup.createMachine({
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
    moveId: null,
    ...noMove,
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
      description: "Under “Varaukset”, “Ladataan varauksiasi…”; no list yet.",
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
      description:
        "Under “Varaukset”, an alert with the server's message (or “Jäsenvarauksia ei saatu ladattua.”) and “Yritä uudelleen”.",
      on: { "bookings.retry": { target: "loading", actions: "forgetOutcome" } },
    },
    /** The list (and the quota, once known); nothing is under way. Substates say what just happened. */
    showing: {
      description:
        "“Jäljellä … h / … h tällä jaksolla” and “Varaa jäsenaika” (before the membership is read “Ladataan tuntikiintiötä…”; without one “Sinulla ei ole jäsenyyttä.”), then the bookings, a coming member booking with “Siirrä varaus” and “Peru varaus”.",
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
        "move.start": {
          guard: "isMovable",
          target: "movePicking",
          actions: [
            "forgetOutcome",
            assign(({ context, event }) => ({
              moveId: event.id,
              // The booking's own day first: a move is most often a few hours either way.
              moveDate: helsinkiDate(context.reservations.find((r) => r.id === event.id)!.start),
              moveSlots: [],
              moveChoice: null,
              moveError: null,
            })),
          ],
        },
      },
      states: {
        idle: { description: "No notice and no alert." },
        /** A booking was made: its confirmation, while the list and the membership are read again. */
        booked: {
          description:
            "A green notice with the server's words and the new booking's time, dogs and hours (“… · 2 koiraa · kiintiöstä 1 h”); “Päivitetään…” under the hours until the membership is read again.",
          ...refreshedAfter("refreshAfterBooking"),
        },
        /** A booking was cancelled (its hours are back): the list and the membership are read again. */
        cancelled: {
          description:
            "The booking's card, now under “Perutut varaukset” with status “Peruttu”, shows the server's words; “Päivitetään…” under the hours until the membership is read again.",
          ...refreshedAfter("refreshAfterCancel"),
        },
        /** A booking was moved (its hours with it): the answer on it, while the list is read again. */
        moved: {
          description:
            "The booking's card, at its new time and hours (“Kiintiöstä 2 h”), shows the server's words and has the focus; “Päivitetään…” under the hours until the membership is read again.",
          ...refreshedAfter("refreshAfterMove"),
        },
        /** The cancel was refused or failed: the server's message. */
        cancelFailed: {
          description:
            "On the booking's card, an alert with the server's message (or “Varauksen peruminen epäonnistui.”); the booking is as it was.",
        },
      },
    },
    /** The calendar of free slots; choosing a length sends `booking.chooseSlot`. */
    choosing: {
      description:
        "Above the list (its buttons disabled, no “Varaa jäsenaika”), “Valitse aika”: the calendar with its free times (“Vapaa”), a chosen start's lengths under “Valitse kesto”, and “Sulje”.",
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
      description:
        "Under “Vahvista jäsenvaraus”, an alert “Tuntikiintiösi ei riitä: …” (the hours left and the hours the time needs) with “Valitse toinen aika” and “Sulje”; nothing is sent.",
      on: { "booking.back": "choosing", "booking.close": "showing" },
    },
    /** The slot, the hours it uses and the hours left after it, and the number of dogs. */
    confirming: {
      description:
        "“Vahvista jäsenvaraus”: “Aika”, “Käyttää kiintiöstä”, “Jäljellä varauksen jälkeen” (“… h / … h tällä jaksolla”), “Koirien määrä” and the dogs' options; “Vahvista varaus”, “Valitse toinen aika” and “Sulje”.",
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
      description:
        "The confirmation with “Varataan…”: “Vahvista varaus” and the dog fields disabled, the other buttons gone.",
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
      description:
        "Under “Vahvista jäsenvaraus”, an alert with the server's message (or “Varaus epäonnistui.”), “Valitse toinen aika” and “Sulje”.",
      on: { "booking.back": "choosing", "booking.close": "showing" },
    },
    /** 'Siirrä varaus': a day's free times on the booking's card, one chosen; nothing sent before 'Siirrä tähän aikaan'. */
    movePicking: {
      description:
        "On the booking's card, in place of its buttons and with the focus, “Valitse uusi päivä ja aika. …”: the week's days, “← Edellinen viikko”, “Seuraava viikko →”, “Päivä”, “Siirrä tähän aikaan” and “Älä siirrä”; a refused move's reason as an alert.",
      initial: "loadingDay",
      on: {
        "move.date": {
          target: ".loadingDay",
          actions: assign({
            moveDate: ({ event }) => event.date,
            moveSlots: [],
            moveChoice: null,
            moveError: null,
          }),
        },
        "move.close": { target: "showing", actions: assign({ moveId: null, ...noMove }) },
      },
      states: {
        loadingDay: {
          description: "“Ladataan vapaita aikoja…”; “Siirrä tähän aikaan” disabled.",
          invoke: {
            id: "loadMoveDay",
            src: "loadMoveDay",
            input: ({ context }) => ({ date: context.moveDate! }),
            onDone: { target: "picking", actions: assign({ moveSlots: ({ event }) => event.output }) },
            onError: {
              target: "dayFailed",
              actions: assign({ moveError: ({ event }) => serverMessageOr(event.error, MOVE_DAY_FAILED) }),
            },
          },
        },
        picking: {
          description:
            "The day's free starts (“10.00 Vapaa” …) and “Valitse aika ja kesto.”; once a start and a length are pressed, “Uusi aika …”, “Uusi aika käyttää kiintiöstä … (nyt …).” and “Siirrä tähän aikaan” enabled.",
          on: {
            "move.slot": {
              guard: "isOfferedMove",
              actions: assign({
                moveChoice: ({ event }) => ({ start: event.start, end: event.end }),
                moveError: null,
              }),
            },
            "move.confirm": { guard: "hasMoveChoice", target: "#memberBooking.moving" },
          },
        },
        dayFailed: {
          description:
            "An alert with the server's message (or “Vapaiden aikojen lataaminen epäonnistui.”), no times, “Siirrä tähän aikaan” disabled.",
        },
      },
    },
    moving: {
      description:
        "The chooser stays on the card with the chosen time pressed, its buttons disabled, and “Siirretään varausta…”.",
      invoke: {
        id: "moveReservation",
        src: "moveReservation",
        input: ({ context }) => ({ id: context.moveId!, ...context.moveChoice! }),
        onDone: {
          target: "showing.moved",
          actions: [
            assign(({ context, event }) => ({
              outcome: event.output.reservation,
              message: event.output.message,
              reservations: context.reservations.map((r) =>
                r.id === event.output.reservation.id ? event.output.reservation : r,
              ),
              awaitingMembership: true,
              ...noMove,
            })),
            "membershipChanged",
          ],
        },
        // Refused (taken meanwhile, over the quota, the window closed): the reason beside the same
        // day's times and the choice kept, to choose again or send again.
        onError: {
          target: "movePicking.picking",
          actions: assign({ moveError: ({ event }) => serverMessageOr(event.error, MOVE_FAILED) }),
        },
      },
    },
    /** 'Haluatko varmasti perua varauksen?' — nothing is sent before 'Kyllä, peru'. */
    confirmingCancel: {
      description:
        "On the booking's card, in place of its buttons, “Haluatko varmasti perua varauksen? … palautuu kiintiöösi.” with “Kyllä, peru” and “Älä peru”; nothing is sent yet.",
      on: {
        "reservation.confirmCancel": "cancelling",
        "reservation.keep": { target: "showing", actions: assign({ cancelId: null }) },
      },
    },
    cancelling: {
      description: "“Perutaan varausta…” on the booking's card.",
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
