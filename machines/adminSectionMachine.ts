import { assertEvent, assign, fromPromise, setup, type SnapshotFrom } from "xstate";
import { failureData, failureStatus, serverMessageOr } from "./remoteFailure";

/**
 * One admin section's data on the server and the writes made to it (varaukset, ostokset,
 * hallintapaneeli, hinnasto): loading what the current query names, showing it, a write with its
 * own pending and failed states, and loading again after a write so the page shows what the
 * server now holds. A write that changes money or removes something asks first (`section.ask`):
 * its question is this machine's state, answered by `section.confirm` or `section.keep`. A failed
 * write keeps the data on screen and says why (a 409's details, such as the bookings a block would
 * cover, stay in `failure.data`).
 *
 * Pure and generic: `load` (query → data) and `write` (command → message) are provided by each
 * section's view; `createAdminSectionMachine<Query, Data, Command>()` types the context and the
 * events by that section's own shapes, so a section reads its query and data without casts.
 */

export type SectionFailure = { message: string; status: number | null; data: unknown };

export type AdminSectionContext<Q = unknown, D = unknown, C = unknown> = {
  query: Q;
  data: D | null;
  /** Why the last load or write failed. */
  failure: SectionFailure | null;
  /** What the last write's answer said, until the next command. */
  notice: string | null;
  /** The write whose question is on screen (`ready.asking`), sent only on `section.confirm`. */
  asked: C | null;
};

export type AdminSectionEvent<Q = unknown, C = unknown> =
  /** Show another day, week, search or filter. */
  | { type: "section.query"; query: Q }
  | { type: "section.retry" }
  | { type: "section.write"; command: C }
  /** A write that asks first (cancelling, refunding, removing): its question, nothing sent yet. */
  | { type: "section.ask"; command: C }
  /** 'Vahvista …' under the question: the asked write is sent. */
  | { type: "section.confirm" }
  /** 'Peruuta' (or 'Älä …') under the question: nothing is sent. */
  | { type: "section.keep" }
  /** Close the notice or the write's error. */
  | { type: "section.dismiss" };

export const SECTION_FAILED_FALLBACK = "Tietoja ei saatu. Tarkista verkkoyhteys ja yritä uudelleen.";

/** The server's words (or the fallback), its status and its body's details (a 409's conflicts). */
const toFailure = (error: unknown): SectionFailure => ({
  message: serverMessageOr(error, SECTION_FAILED_FALLBACK),
  status: failureStatus(error),
  data: failureData(error),
});

/** The machine for one section's query, data and command shapes. */
export const createAdminSectionMachine = <Q, D, C>() =>
  setup({
    types: {
      context: {} as AdminSectionContext<Q, D, C>,
      events: {} as AdminSectionEvent<Q, C>,
      input: {} as { query: Q },
    },
    actors: {
      load: fromPromise<D, { query: Q }>(async () => {
        throw new Error("load not provided");
      }),
      /** Resolves with what to tell the admin (the server's message). */
      write: fromPromise<string, { command: C }>(async () => {
        throw new Error("write not provided");
      }),
    },
    guards: {
      hasNotice: ({ context }) => context.notice !== null,
    },
  }).createMachine({
    id: "adminSection",
    context: ({ input }) => ({ query: input.query, data: null, failure: null, notice: null, asked: null }),
    initial: "loading",
    states: {
      /** Asking the server for what the query names; the previous data stays visible meanwhile. */
      loading: {
        description:
          "“Ladataan…” under the section's heading (e.g. “Varaukset”); what was shown before stays meanwhile, and so does a change's green notice.",
        invoke: {
          id: "load",
          src: "load",
          input: ({ context }) => ({ query: context.query }),
          onDone: {
            target: "ready",
            actions: assign(({ event }) => ({ data: event.output, failure: null })),
          },
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
        description:
          "The server's message (or “Tietoja ei saatu. Tarkista verkkoyhteys ja yritä uudelleen.”) as an alert, with “Yritä uudelleen”; the section's search and filters still work.",
        on: {
          "section.retry": { target: "loading" },
          "section.query": { target: "loading", actions: assign(({ event }) => ({ query: event.query })) },
        },
      },
      /** The data is shown; the admin may query again or write. */
      ready: {
        description:
          "The section's data (its list or table, e.g. the bookings of “Varaukset”) with its search, filters and buttons.",
        initial: "idle",
        on: {
          "section.query": {
            target: "loading",
            actions: assign(({ event }) => ({ query: event.query, notice: null, asked: null })),
          },
        },
        states: {
          idle: {
            description:
              "No alert, the buttons that change the data enabled (e.g. “Peru ja palauta”); after a change, the server's words in green with “Selvä”.",
            on: {
              "section.write": {
                target: "writing",
                actions: assign({ notice: null, failure: null }),
              },
              "section.ask": {
                target: "asking",
                actions: assign(({ event }) => ({ asked: event.command, notice: null })),
              },
              "section.dismiss": { guard: "hasNotice", actions: assign({ notice: null }) },
            },
          },
          /** A write's question, where its button was (e.g. “Perutaanko ja palautetaan 15,00 €?”). */
          asking: {
            description:
              "In place of the pressed button, its question (e.g. “Perutaanko ja palautetaan 15,00 €?”) with “Vahvista …” and “Peruuta” (or “Älä …”); nothing is sent yet, the other buttons still work.",
            on: {
              // Another button that asks (or the question's own field, e.g. a refund's amount).
              "section.ask": { actions: assign(({ event }) => ({ asked: event.command })) },
              "section.confirm": { target: "writing" },
              "section.keep": { target: "idle", actions: assign({ asked: null }) },
              // A button that does not ask (e.g. “Poista sulku”) leaves the question unanswered.
              "section.write": { target: "writing", actions: assign({ asked: null }) },
            },
          },
          writing: {
            description: "“Tallennetaan…”; the data stays on screen, its buttons disabled.",
            invoke: {
              id: "write",
              src: "write",
              input: ({ context, event }) => {
                if (event.type === "section.confirm") return { command: context.asked as C };
                assertEvent(event, "section.write");
                return { command: event.command };
              },
              onDone: {
                target: "#adminSection.loading",
                actions: assign(({ event }) => ({ notice: event.output, asked: null })),
              },
              onError: {
                target: "writeFailed",
                actions: assign(({ event }) => ({ failure: toFailure(event.error), asked: null })),
              },
            },
          },
          /** The write was refused; the data stays, with the reason (and its details) shown. */
          writeFailed: {
            description:
              "The server's reason (e.g. a 409's “… ei ole voimassa.”, with the details it gives, such as the bookings a block would cover) as an alert with “Sulje”; the data stays on screen.",
            on: {
              "section.write": { target: "writing", actions: assign({ failure: null }) },
              "section.ask": {
                target: "asking",
                actions: assign(({ event }) => ({ asked: event.command, failure: null })),
              },
              "section.dismiss": { target: "idle", actions: assign({ failure: null }) },
            },
          },
        },
      },
    },
  });

/** The machine with no section's shapes: what the path tests walk. */
export const adminSectionMachine = createAdminSectionMachine<unknown, unknown, unknown>();

export type AdminSectionMachine<Q = unknown, D = unknown, C = unknown> = ReturnType<
  typeof createAdminSectionMachine<Q, D, C>
>;

/** Whether the section takes a write now (any command): the data is shown and no write is under way. */
export const acceptsWrite = <Q, D, C>(s: SnapshotFrom<AdminSectionMachine<Q, D, C>>) =>
  s.matches({ ready: "idle" }) || s.matches({ ready: "writeFailed" }) || s.matches({ ready: "asking" });

/** The write whose question is on screen, or null. */
export const askedCommand = <Q, D, C>(s: SnapshotFrom<AdminSectionMachine<Q, D, C>>): C | null =>
  s.matches({ ready: "asking" }) ? s.context.asked : null;
