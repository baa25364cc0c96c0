import { assign, fromPromise, setup } from "xstate";
import type { CustomerData } from "../src/domain/membership";
import { serverMessageOr } from "./remoteFailure";

/**
 * The customer's own data on /oma-tili (product.md "Customers": see and delete it): fetching the
 * export to read or download, and deleting the account — only after an explicit confirmation.
 * The server refuses (409) while an invoice is open and says why. After the deletion the provided
 * action `endSession` drops the session, which the server has already ended with the customer.
 * The API is the provided actors `loadOwnData` and `deleteAccount`.
 */

export type OwnDataContext = {
  /** The export as the server gave it; shown as readable sections and offered as a file. */
  data: CustomerData | null;
  errorMessage: string | null;
  deleteError: string | null;
  /** The server's words after the deletion. */
  deletedMessage: string | null;
};

export type OwnDataEvent =
  | { type: "ownData.load" }
  | { type: "ownData.delete" }
  | { type: "ownData.confirmDelete" }
  /** Back out of the confirmation (or close a failure): nothing is deleted. */
  | { type: "ownData.keep" };

export const LOAD_DATA_FAILED = "Tietojen hakeminen epäonnistui.";
export const DELETE_FAILED = "Tilin poistaminen epäonnistui.";

export const ownDataMachine = setup({
  types: {
    context: {} as OwnDataContext,
    events: {} as OwnDataEvent,
  },
  actors: {
    loadOwnData: fromPromise<CustomerData>(async () => {
      throw new Error("loadOwnData is provided by the app");
    }),
    deleteAccount: fromPromise<{ success: boolean; message: string }>(async () => {
      throw new Error("deleteAccount is provided by the app");
    }),
  },
  actions: {
    endSession: () => {},
  },
}).createMachine({
  id: "ownData",
  context: { data: null, errorMessage: null, deleteError: null, deletedMessage: null },
  initial: "idle",
  states: {
    /** The buttons, and the export once it has been fetched. */
    idle: {
      description:
        "Under “Omat tiedot”, “Näytä omat tiedot” and, under “Tilin poistaminen”, “Poista tili”; once fetched, the data as Finnish sections under “Sinusta tallennetut tiedot” (“Perustiedot”, “Jäsenyys”, “Laskut (N)”, “Varaukset (N)”, …) and the link “Tallenna tiedostona (JSON)”.",
      on: {
        "ownData.load": "loading",
        "ownData.delete": "confirmingDelete",
      },
    },
    loading: {
      description: "“Haetaan tietoja…”, and “Näytä omat tiedot” is disabled.",
      invoke: {
        id: "loadOwnData",
        src: "loadOwnData",
        onDone: {
          target: "idle",
          actions: assign({ data: ({ event }) => event.output, errorMessage: null }),
        },
        onError: {
          target: "loadFailed",
          actions: assign({ errorMessage: ({ event }) => serverMessageOr(event.error, LOAD_DATA_FAILED) }),
        },
      },
    },
    loadFailed: {
      description:
        "The server's message (or “Tietojen hakeminen epäonnistui.”) as an alert; “Näytä omat tiedot” and “Poista tili” still work.",
      on: {
        "ownData.load": "loading",
        "ownData.delete": "confirmingDelete",
      },
    },
    /** What deleting means; nothing is sent before the customer confirms. */
    confirmingDelete: {
      description:
        "Instead of “Poista tili”, a box “Poistetaanko tilisi?” says the account and its data go “… eikä poistoa voi perua”, with “Kyllä, poista tili” and “Ei, säilytä tili”; nothing is sent yet.",
      on: {
        "ownData.confirmDelete": "deleting",
        "ownData.keep": "idle",
      },
    },
    deleting: {
      description: "“Poistetaan tiliä…” in the box; its buttons are disabled.",
      invoke: {
        id: "deleteAccount",
        src: "deleteAccount",
        onDone: {
          target: "deleted",
          actions: [assign({ deletedMessage: ({ event }) => event.output.message }), "endSession"],
        },
        onError: {
          target: "deleteFailed",
          actions: assign({ deleteError: ({ event }) => serverMessageOr(event.error, DELETE_FAILED) }),
        },
      },
    },
    /** E.g. 409 while an invoice is open: the server's message says what to do first. */
    deleteFailed: {
      description:
        "The server's message (e.g. “Tiliä ei voi poistaa, kun sinulla on avoin lasku. …”, or “Tilin poistaminen epäonnistui.”) as an alert, with “Yritä uudelleen” and “Sulje”; still signed in.",
      on: {
        "ownData.confirmDelete": { target: "deleting", actions: assign({ deleteError: null }) },
        "ownData.keep": { target: "idle", actions: assign({ deleteError: null }) },
      },
    },
    deleted: {
      description: "The account is gone and the session with it: the home page (/), signed out.",
      type: "final",
    },
  },
});
