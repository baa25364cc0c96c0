import { assign, fromPromise, setup } from "xstate";
import { failureData, failureStatus, serverMessageOr } from "./remoteFailure";

/**
 * One admin section's data on the server and the writes made to it (varaukset, ostokset,
 * hallintapaneeli, hinnasto): loading what the current query names, showing it, a write with its
 * own pending and failed states, and loading again after a write so the page shows what the
 * server now holds. A failed write keeps the data on screen and says why (a 409's details, such
 * as the bookings a block would cover, stay in `failure.data`).
 *
 * Pure and generic: `load` (query → data) and `write` (command → message) are provided by each
 * section's view; queries and commands are that section's own shapes.
 */

export type SectionFailure = { message: string; status: number | null; data: unknown };

export type AdminSectionContext = {
  query: unknown;
  data: unknown;
  /** Why the last load or write failed. */
  failure: SectionFailure | null;
  /** What the last write's answer said, until the next command. */
  notice: string | null;
};

export type AdminSectionEvent =
  /** Show another day, week, search or filter. */
  | { type: "section.query"; query: unknown }
  | { type: "section.retry" }
  | { type: "section.write"; command: unknown }
  /** Close the notice or the write's error. */
  | { type: "section.dismiss" };

export const SECTION_FAILED_FALLBACK = "Tietoja ei saatu. Tarkista verkkoyhteys ja yritä uudelleen.";

/** The server's words (or the fallback), its status and its body's details (a 409's conflicts). */
const toFailure = (error: unknown): SectionFailure => ({
  message: serverMessageOr(error, SECTION_FAILED_FALLBACK),
  status: failureStatus(error),
  data: failureData(error),
});

export const adminSectionMachine = setup({
  types: {
    context: {} as AdminSectionContext,
    events: {} as AdminSectionEvent,
    input: {} as { query: unknown },
  },
  actors: {
    load: fromPromise<unknown, { query: unknown }>(async () => {
      throw new Error("load not provided");
    }),
    /** Resolves with what to tell the admin (the server's message). */
    write: fromPromise<string, { command: unknown }>(async () => {
      throw new Error("write not provided");
    }),
  },
  guards: {
    hasNotice: ({ context }) => context.notice !== null,
  },
}).createMachine({
  id: "adminSection",
  context: ({ input }) => ({ query: input.query, data: null, failure: null, notice: null }),
  initial: "loading",
  states: {
    /** Asking the server for what the query names; the previous data stays visible meanwhile. */
    loading: {
      invoke: {
        id: "load",
        src: "load",
        input: ({ context }) => ({ query: context.query }),
        onDone: { target: "ready", actions: assign(({ event }) => ({ data: event.output, failure: null })) },
        onError: {
          target: "loadFailed",
          actions: assign(({ event }) => ({ failure: toFailure(event.error) })),
        },
      },
      on: {
        "section.query": {
          target: "loading",
          reenter: true,
          actions: assign(({ event }) => ({ query: event.query })),
        },
      },
    },
    loadFailed: {
      on: {
        "section.retry": { target: "loading" },
        "section.query": { target: "loading", actions: assign(({ event }) => ({ query: event.query })) },
      },
    },
    /** The data is shown; the admin may query again or write. */
    ready: {
      initial: "idle",
      on: {
        "section.query": {
          target: "loading",
          actions: assign(({ event }) => ({ query: event.query, notice: null })),
        },
      },
      states: {
        idle: {
          on: {
            "section.write": {
              target: "writing",
              actions: assign({ notice: null, failure: null }),
            },
            "section.dismiss": { guard: "hasNotice", actions: assign({ notice: null }) },
          },
        },
        writing: {
          invoke: {
            id: "write",
            src: "write",
            input: ({ event }) => ({ command: (event as { command?: unknown }).command }),
            onDone: {
              target: "#adminSection.loading",
              actions: assign(({ event }) => ({ notice: event.output })),
            },
            onError: {
              target: "writeFailed",
              actions: assign(({ event }) => ({ failure: toFailure(event.error) })),
            },
          },
        },
        /** The write was refused; the data stays, with the reason (and its details) shown. */
        writeFailed: {
          on: {
            "section.write": { target: "writing", actions: assign({ failure: null }) },
            "section.dismiss": { target: "idle", actions: assign({ failure: null }) },
          },
        },
      },
    },
  },
});

export type AdminSectionMachine = typeof adminSectionMachine;
