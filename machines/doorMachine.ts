import { assign, fromPromise, setup } from "xstate";
import type { DoorInfo } from "../src/domain/booking";
import { failureStatus, serverMessageOr } from "./remoteFailure";

/**
 * The gate page (`/avaa/:token`). Loading the page only reads the booking (`loadDoor`); the gate
 * opens only on an explicit press (`openDoor`, a POST), so link scanners that fetch the page can
 * never open it. While the window is not yet open the page waits with a timer and asks the server
 * again when it should open, so the button enables without a reload; likewise when it should close.
 */

export type { DoorInfo };
export type DoorStatus = DoorInfo["status"];
export type DoorOpenResult = { success: boolean; message: string };

export type DoorContext = {
  token: string;
  info: DoorInfo | null;
  message: string | null;
};

export type DoorEvent = { type: "door.open" } | { type: "door.retry" };

export const DOOR_LOAD_FAILED = "Varauksen tietoja ei saatu ladattua.";
export const DOOR_OPEN_FAILED = "Portin avaaminen epäonnistui.";
/** Browsers run a timeout longer than 2^31-1 ms at once, and clocks drift: re-ask at least hourly. */
export const MAX_WAIT_MS = 60 * 60 * 1000;
/** Asking a little after the moment keeps a server whose clock is slightly behind from saying "early". */
const MARGIN_MS = 1000;

/** Milliseconds until an ISO time (plus the margin), kept between 1 s and an hour. */
export const waitUntil = (iso: string | undefined, now: number) =>
  Math.min(MAX_WAIT_MS, Math.max(MARGIN_MS, (iso ? Date.parse(iso) : now) - now + MARGIN_MS));

export const doorMachine = setup({
  types: {
    context: {} as DoorContext,
    events: {} as DoorEvent,
    input: {} as { token: string },
  },
  actors: {
    loadDoor: fromPromise<DoorInfo, { token: string }>(async () => {
      throw new Error("loadDoor is provided by the app");
    }),
    openDoor: fromPromise<DoorOpenResult, { token: string }>(async () => {
      throw new Error("openDoor is provided by the app");
    }),
  },
  actions: {
    keepInfo: assign({
      info: ({ context, event }) => ("output" in event ? (event.output as DoorInfo) : context.info),
    }),
  },
  delays: {
    // The app may provide its own clock; the default reads the browser's.
    untilOpen: ({ context }) => waitUntil(context.info?.opensFrom, Date.now()),
    untilClose: ({ context }) => waitUntil(context.info?.opensUntil, Date.now()),
  },
  guards: {
    isNotFound: ({ event }) => "error" in event && failureStatus(event.error) === 404,
  },
}).createMachine({
  id: "door",
  context: ({ input }) => ({ token: input.token, info: null, message: null }),
  initial: "loading",
  states: {
    loading: {
      description: "“Portti” with “Ladataan varauksen tietoja…” (a booking already shown stays).",
      invoke: {
        id: "loadDoor",
        src: "loadDoor",
        input: ({ context }) => ({ token: context.token }),
        onDone: [
          { guard: ({ event }) => event.output.status === "early", target: "waiting", actions: "keepInfo" },
          { guard: ({ event }) => event.output.status === "open", target: "ready", actions: "keepInfo" },
          {
            guard: ({ event }) => event.output.status === "cancelled",
            target: "cancelled",
            actions: "keepInfo",
          },
          { target: "ended", actions: "keepInfo" },
        ],
        onError: [
          { guard: "isNotFound", target: "notFound" },
          {
            target: "failed",
            actions: assign({ message: ({ event }) => serverMessageOr(event.error, DOOR_LOAD_FAILED) }),
          },
        ],
      },
    },
    /** Too early: the button is disabled and says when it opens; asks again at that moment. */
    waiting: {
      description:
        "The booking (area and time), “Portin voi avata <day and time> alkaen.” and “Avaa portti” disabled.",
      after: { untilOpen: "loading" },
    },
    /** Inside the window: the button works. */
    ready: {
      description:
        "The booking, “Avaa portti” enabled, and “Painike toimii varauksen loppuun asti (<day and time>).”",
      on: { "door.open": "opening" },
      after: { untilClose: "loading" },
    },
    opening: {
      description: "“Avaa portti” turned to “Avataan…”, disabled.",
      invoke: {
        id: "openDoor",
        src: "openDoor",
        input: ({ context }) => ({ token: context.token }),
        onDone: [
          {
            guard: ({ event }) => event.output.success,
            target: "opened",
            actions: assign({ message: ({ event }) => event.output.message }),
          },
          { target: "refused", actions: assign({ message: ({ event }) => event.output.message }) },
        ],
        onError: [
          {
            // The server said no (too early, ended, cancelled, too many tries): its reason is shown.
            guard: ({ event }) => [403, 429].includes(failureStatus(event.error) ?? 0),
            target: "refused",
            actions: assign({ message: ({ event }) => serverMessageOr(event.error, DOOR_OPEN_FAILED) }),
          },
          {
            target: "failed",
            actions: assign({ message: ({ event }) => serverMessageOr(event.error, DOOR_OPEN_FAILED) }),
          },
        ],
      },
    },
    /** Opened; the gate closes by itself, so pressing again (within the window) opens it again. */
    opened: {
      description:
        "The server's message (“Portti avattu.”) and “Avaa portti” enabled again, to open the gate again until the booking ends.",
      on: { "door.open": "opening" },
      after: { untilClose: "loading" },
    },
    refused: {
      description: "The server's reason as an alert, with “Päivitä tilanne”; no “Avaa portti”.",
      on: { "door.retry": { target: "loading", actions: assign({ message: null }) } },
    },
    failed: {
      description:
        "Reading the booking or opening the gate failed: the message as an alert, with “Yritä uudelleen”; no “Avaa portti”.",
      on: { "door.retry": { target: "loading", actions: assign({ message: null }) } },
    },
    ended: {
      description:
        "The booking with “Varaus on päättynyt, joten porttia ei voi enää avata tällä linkillä.”; no “Avaa portti”.",
    },
    cancelled: {
      description: "The booking with “Varaus on peruttu, joten porttia ei voi avata.”; no “Avaa portti”.",
    },
    notFound: {
      description:
        "“Linkkiä ei tunnistettu. Tarkista, että avasit koko linkin varausvahvistuksesta.” as an alert; no booking, no “Avaa portti”.",
    },
  },
});
