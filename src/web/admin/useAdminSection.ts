import { useActorRef } from "@xstate/react";
import { useState } from "react";
import { fromPromise } from "xstate";
import { adminSectionMachine } from "../../../machines/adminSectionMachine";

/**
 * Starts one admin section's machine with the section's own load and write (API calls through the
 * admin environment's HTTP client, so the token policy applies).
 */
export function useAdminSection<Q, D, C>(options: {
  query: Q;
  load: (query: Q) => Promise<D>;
  write: (command: C) => Promise<string>;
}) {
  const [logic] = useState(() =>
    adminSectionMachine.provide({
      actors: {
        load: fromPromise(({ input }) => options.load(input.query as Q)),
        write: fromPromise(({ input }) => options.write(input.command as C)),
      },
    }),
  );
  return useActorRef(logic, { input: { query: options.query } });
}

export type AdminSectionActor = ReturnType<typeof useAdminSection>;
