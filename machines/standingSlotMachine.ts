import { assign, fromPromise, setup } from "xstate";
import type {
  StandingPreview,
  StandingSlot,
  StandingSlotRequest,
  StandingSlotResult,
} from "../src/domain/standingSlot";
import { serverMessageOr } from "./remoteFailure";

/**
 * /oma-tili's "Vakiovuoro" (issue 35, decision 056): the member's standing weekly slots and a new
 * one. A new series is checked first (every week inside the booking window, nothing booked), read
 * week by week, and booked only when the member confirms and at least one week can be had. A
 * series is ended from one of its coming weeks, after a confirmation: its bookings from that week
 * on are cancelled. The API is the provided actors `loadStandingSlots`, `previewStandingSlot`,
 * `createStandingSlot` and `endStandingSlot`; after a series is made or ended the provided action
 * `bookingsChanged` tells the app that the member's bookings (and hours) changed.
 */

export type StandingEnd = { id: string; from: string };

export type StandingSlotContext = {
  /** The member's series as the server last said, newest first. */
  slots: StandingSlot[];
  /** What the form last asked to check: kept, so the form shows it again after “back”. */
  request: StandingSlotRequest | null;
  /** The checked weeks of `request`, while they are reviewed and booked. */
  preview: StandingPreview | null;
  /** The series and the week it is being ended from; after a failed end, the series the alert is on. */
  ending: StandingEnd | null;
  /** The server's words after a series was made or ended. */
  message: string | null;
  errorMessage: string | null;
};

export type StandingSlotEvent =
  | { type: "standing.retry" }
  | { type: "standing.check"; request: StandingSlotRequest }
  | { type: "standing.confirm" }
  /** Back from the weeks to the form, its values kept. */
  | { type: "standing.back" }
  | { type: "standing.askEnd"; id: string; from: string }
  | { type: "standing.confirmEnd" }
  /** Back out of ending: nothing changes. */
  | { type: "standing.keep" };

export const LOAD_STANDING_FAILED = "Vakiovuorojen lataaminen epäonnistui.";
export const PREVIEW_STANDING_FAILED = "Viikkojen tarkistaminen epäonnistui.";
export const CREATE_STANDING_FAILED = "Vakiovuoron varaaminen epäonnistui.";
export const END_STANDING_FAILED = "Vakiovuoron päättäminen epäonnistui.";

export const standingSlotMachine = setup({
  types: {
    context: {} as StandingSlotContext,
    events: {} as StandingSlotEvent,
  },
  actors: {
    loadStandingSlots: fromPromise<StandingSlot[]>(async () => {
      throw new Error("loadStandingSlots is provided by the app");
    }),
    previewStandingSlot: fromPromise<StandingPreview, StandingSlotRequest>(async () => {
      throw new Error("previewStandingSlot is provided by the app");
    }),
    createStandingSlot: fromPromise<StandingSlotResult, StandingSlotRequest>(async () => {
      throw new Error("createStandingSlot is provided by the app");
    }),
    endStandingSlot: fromPromise<StandingSlotResult, StandingEnd>(async () => {
      throw new Error("endStandingSlot is provided by the app");
    }),
  },
  actions: {
    bookingsChanged: () => {},
  },
  guards: {
    /** Nothing is booked when no week can be had. */
    hasBookableWeek: ({ context }) => !!context.preview?.weeks.some((week) => week.ok),
    /** Only a series with weeks still to come can be ended. */
    isActiveSeries: ({ context, event }) =>
      event.type === "standing.askEnd" && context.slots.some((slot) => slot.id === event.id && slot.active),
  },
}).createMachine({
  id: "standingSlot",
  context: { slots: [], request: null, preview: null, ending: null, message: null, errorMessage: null },
  initial: "loading",
  states: {
    loading: {
      description: "The section “Vakiovuoro” with its intro says “Ladataan vakiovuorojasi…”; no form yet.",
      invoke: {
        id: "loadStandingSlots",
        src: "loadStandingSlots",
        onDone: {
          target: "showing",
          actions: assign({ slots: ({ event }) => event.output, errorMessage: null }),
        },
        onError: {
          target: "loadFailed",
          actions: assign({
            errorMessage: ({ event }) => serverMessageOr(event.error, LOAD_STANDING_FAILED),
          }),
        },
      },
    },
    loadFailed: {
      description:
        "An alert in “Vakiovuoro” with the server's message (or “Vakiovuorojen lataaminen epäonnistui.”) and “Yritä uudelleen”; no form.",
      on: { "standing.retry": "loading" },
    },
    showing: {
      description:
        "Under “Vakiovuorosi” each series: its summary, “N viikkoa” or “toistaiseksi”, its start, its weeks (“varattu”, “siirretty …”, “peruttu”, “ei saatu: …”), “Päättynyt … alkaen” when ended, and on an active one the choice “Päätä vakiovuoro alkaen” (its coming weeks) with “Päätä…”. Under “Uusi vakiovuoro” the form (“Viikonpäivä”, “Alkaa klo”, “Kesto”, “Koiria”, “Viikkoja” or “Toistaiseksi”) with the last values checked (afresh once a series is made), and “Tarkista viikot”. After a change the server's words; after a failed check an alert by the form, after a failed end one on the series.",
      on: {
        "standing.check": {
          target: "checking",
          actions: assign({
            request: ({ event }) => event.request,
            preview: null,
            ending: null,
            message: null,
            errorMessage: null,
          }),
        },
        "standing.askEnd": {
          guard: "isActiveSeries",
          target: "askingEnd",
          actions: assign({
            ending: ({ event }) => ({ id: event.id, from: event.from }),
            message: null,
            errorMessage: null,
          }),
        },
      },
    },
    checking: {
      description: "“Tarkistetaan viikkoja…” under the form, whose fields and button are disabled.",
      invoke: {
        id: "previewStandingSlot",
        src: "previewStandingSlot",
        input: ({ context }) => context.request!,
        onDone: { target: "reviewing", actions: assign({ preview: ({ event }) => event.output }) },
        onError: {
          target: "showing",
          actions: assign({
            errorMessage: ({ event }) => serverMessageOr(event.error, PREVIEW_STANDING_FAILED),
          }),
        },
      },
    },
    reviewing: {
      description:
        "Instead of the form, “Tarkista viikot”: the series' summary and every week in the booking window, “varataan” or “ei onnistu: {reason}”, then how later weeks are booked (“Loput N viikkoa varataan …” or “…ja sen jälkeen joka viikko toistaiseksi …”). “Vahvista vakiovuoro” (disabled with a note when no week can be had) and “Muuta valintoja”; after a refused booking the server's message as an alert.",
      on: {
        "standing.confirm": {
          guard: "hasBookableWeek",
          target: "booking",
          actions: assign({ errorMessage: null }),
        },
        "standing.back": { target: "showing", actions: assign({ preview: null, errorMessage: null }) },
      },
    },
    booking: {
      description: "The weeks still shown, “Varataan vakiovuoroa…”, and both buttons disabled.",
      invoke: {
        id: "createStandingSlot",
        src: "createStandingSlot",
        input: ({ context }) => context.request!,
        onDone: {
          target: "showing",
          actions: [
            assign(({ context, event }) => ({
              slots: [
                event.output.standing,
                ...context.slots.filter((slot) => slot.id !== event.output.standing.id),
              ],
              message: event.output.message,
              // The series is made: the form starts afresh.
              request: null,
              preview: null,
            })),
            "bookingsChanged",
          ],
        },
        onError: {
          target: "reviewing",
          actions: assign({
            errorMessage: ({ event }) => serverMessageOr(event.error, CREATE_STANDING_FAILED),
          }),
        },
      },
    },
    askingEnd: {
      description:
        "On the series, a box “Päätetäänkö vakiovuoro … {date} alkaen? Sen varaukset siitä eteenpäin perutaan ja tunnit palautuvat kiintiöösi.” with “Päätä vakiovuoro” and “Älä päätä”; nothing is sent yet.",
      on: {
        "standing.confirmEnd": "ending",
        "standing.keep": { target: "showing", actions: assign({ ending: null }) },
      },
    },
    ending: {
      description: "“Päätetään vakiovuoroa…” in the box; its buttons disabled.",
      invoke: {
        id: "endStandingSlot",
        src: "endStandingSlot",
        input: ({ context }) => context.ending!,
        onDone: {
          target: "showing",
          actions: [
            assign(({ context, event }) => ({
              slots: context.slots.map((slot) =>
                slot.id === event.output.standing.id ? event.output.standing : slot,
              ),
              message: event.output.message,
              ending: null,
            })),
            "bookingsChanged",
          ],
        },
        onError: {
          target: "showing",
          actions: assign({
            errorMessage: ({ event }) => serverMessageOr(event.error, END_STANDING_FAILED),
          }),
        },
      },
    },
  },
});
