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
      description: "The buttons, and the export once it has been fetched.",
      on: {
        "ownData.load": "loading",
        "ownData.delete": "confirmingDelete",
      },
    },
    loading: {
      description: "Fetching the customer's data export.",
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
      description: "The export could not be fetched: the message; fetch again or delete.",
      on: {
        "ownData.load": "loading",
        "ownData.delete": "confirmingDelete",
      },
    },
    /** What deleting means; nothing is sent before the customer confirms. */
    confirmingDelete: {
      description: "What deleting means, shown before anything is sent.",
      on: {
        "ownData.confirmDelete": "deleting",
        "ownData.keep": "idle",
      },
    },
    deleting: {
      description: "The account deletion is sent.",
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
      description: "The deletion was refused (e.g. an open invoice): the server's message.",
      on: {
        "ownData.confirmDelete": { target: "deleting", actions: assign({ deleteError: null }) },
        "ownData.keep": { target: "idle", actions: assign({ deleteError: null }) },
      },
    },
    deleted: { description: "The account is deleted and the session has ended.", type: "final" },
  },
});
