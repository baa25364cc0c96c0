import { useActorRef, useSelector } from "@xstate/react";
import { useState } from "react";
import { fromPromise, type ActorRefFrom } from "xstate";
import {
  askedCommand,
  createAdminSectionMachine,
  type AdminSectionMachine,
} from "../../../machines/adminSectionMachine";

/**
 * Starts one admin section's machine, typed by the section's query, data and command, with the
 * section's own load and write (API calls through the admin environment's HTTP client, so the
 * token policy applies).
 */
export function useAdminSection<Q, D, C>(options: {
  query: Q;
  load: (query: Q) => Promise<D>;
  write: (command: C) => Promise<string>;
}): AdminSectionActor<Q, D, C> {
  const [logic] = useState(() =>
    createAdminSectionMachine<Q, D, C>().provide({
      actors: {
        load: fromPromise(({ input }) => options.load(input.query)),
        write: fromPromise(({ input }) => options.write(input.command)),
      },
    }),
  );
  return useActorRef(logic, { input: { query: options.query } });
}

export type AdminSectionActor<Q = unknown, D = unknown, C = unknown> = ActorRefFrom<
  AdminSectionMachine<Q, D, C>
>;

/** A section's open question (`ready.asking`): the write asked, and the three ways to answer. */
export type SectionQuestion<C> = {
  asked: C | null;
  ask(command: C): void;
  confirm(): void;
  keep(): void;
};

/**
 * The section's question for a view: `aim` (e.g. useFocusAfterSave's) learns which write is sent
 * when it is confirmed.
 */
export function useSectionQuestion<Q, D, C>(
  actor: AdminSectionActor<Q, D, C>,
  aim?: (command: C) => void,
): SectionQuestion<C> {
  const asked = useSelector(actor, askedCommand);
  return {
    asked,
    ask: (command) => actor.send({ type: "section.ask", command }),
    confirm: () => {
      if (asked !== null) aim?.(asked);
      actor.send({ type: "section.confirm" });
    },
    keep: () => actor.send({ type: "section.keep" }),
  };
}

/** Whether this very write (same kind, same fields) is the one asked. */
export const isAsked = <C extends object>(question: SectionQuestion<C>, command: C) => {
  const asked = question.asked as Record<string, unknown> | null;
  const entries = Object.entries(command);
  return (
    asked !== null &&
    Object.keys(asked).length === entries.length &&
    entries.every(([key, value]) => asked[key] === value)
  );
};
