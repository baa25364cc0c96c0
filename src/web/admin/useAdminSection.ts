import { useActorRef } from "@xstate/react";
import { useState } from "react";
import { fromPromise, type ActorRefFrom } from "xstate";
import { createAdminSectionMachine, type AdminSectionMachine } from "../../../machines/adminSectionMachine";

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
