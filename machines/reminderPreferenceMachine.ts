import { assign, fromPromise, setup } from "xstate";
import { serverMessageOr } from "./remoteFailure";

/**
 * /oma-tili's "Muistutukset": whether the customer's e-mail address gets a reminder before each
 * booking (on by default). Reading and saving are the provided actors `loadPreference` and
 * `savePreference`; the switch shows what the server last said, never a guess.
 */

export type ReminderPreferenceAnswer = { enabled: boolean; message?: string };

export type ReminderPreferenceContext = {
  /** As the server last said; null before the first read. */
  enabled: boolean | null;
  /** The server's words after a change. */
  message: string | null;
  errorMessage: string | null;
};

export type ReminderPreferenceEvent = { type: "reminders.toggle" } | { type: "reminders.retry" };

export const LOAD_PREFERENCE_FAILED = "Muistutusasetuksen lataaminen epäonnistui.";
export const SAVE_PREFERENCE_FAILED = "Muistutusasetuksen tallentaminen epäonnistui.";

export const reminderPreferenceMachine = setup({
  types: {
    context: {} as ReminderPreferenceContext,
    events: {} as ReminderPreferenceEvent,
  },
  actors: {
    loadPreference: fromPromise<ReminderPreferenceAnswer>(async () => {
      throw new Error("loadPreference is provided by the app");
    }),
    savePreference: fromPromise<ReminderPreferenceAnswer, { enabled: boolean }>(async () => {
      throw new Error("savePreference is provided by the app");
    }),
  },
}).createMachine({
  id: "reminderPreference",
  context: { enabled: null, message: null, errorMessage: null },
  initial: "loading",
  states: {
    loading: {
      description: "The section “Muistutukset” says “Ladataan…”; no checkbox yet.",
      invoke: {
        id: "loadPreference",
        src: "loadPreference",
        onDone: {
          target: "showing",
          actions: assign({ enabled: ({ event }) => event.output.enabled, errorMessage: null }),
        },
        onError: {
          target: "loadFailed",
          actions: assign({
            errorMessage: ({ event }) => serverMessageOr(event.error, LOAD_PREFERENCE_FAILED),
          }),
        },
      },
    },
    loadFailed: {
      description:
        "An alert in “Muistutukset” with the server's message (or “Muistutusasetuksen lataaminen epäonnistui.”) and “Yritä uudelleen”; no checkbox.",
      on: { "reminders.retry": "loading" },
    },
    showing: {
      description:
        "The checkbox “Lähetä muistutus sähköpostiini ennen jokaista varaustani”, ticked when reminders are on. After a save the server's words below it; after a failed save the alert “Muistutusasetuksen tallentaminen epäonnistui.” and the box unchanged.",
      on: {
        "reminders.toggle": { target: "saving", actions: assign({ message: null, errorMessage: null }) },
      },
    },
    saving: {
      description:
        "“Tallennetaan…” under the checkbox, which is disabled and still shows the setting before the click.",
      invoke: {
        id: "savePreference",
        src: "savePreference",
        input: ({ context }) => ({ enabled: !context.enabled }),
        onDone: {
          target: "showing",
          actions: assign({
            enabled: ({ event }) => event.output.enabled,
            message: ({ event }) => event.output.message ?? null,
          }),
        },
        // The switch stays as it was: the server did not change it.
        onError: {
          target: "showing",
          actions: assign({
            errorMessage: ({ event }) => serverMessageOr(event.error, SAVE_PREFERENCE_FAILED),
          }),
        },
      },
    },
  },
});
