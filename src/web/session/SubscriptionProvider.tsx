import { useActorRef, useSelector } from "@xstate/react";
import { createContext, useContext, useEffect, useRef, type ReactNode } from "react";
import { fromPromise, type ActorRefFrom, type SnapshotFrom } from "xstate";
import { subscriptionMachine, type SubscriptionMachine } from "../../../machines/subscriptionMachine";
import { useMembershipEnvironment } from "../membershipEnvironment";
import { useCustomerSession } from "./CustomerSessionProvider";

type SubscriptionActor = ActorRefFrom<SubscriptionMachine>;
export type SubscriptionSnapshot = SnapshotFrom<SubscriptionMachine>;

const SubscriptionContext = createContext<SubscriptionActor | null>(null);

/**
 * Runs the one subscription actor for the app: the header (spec §1's link rule), /oma-tili and the
 * member bookings read the same membership. Only a signed-in customer's is loaded; it is loaded
 * again when another customer signs in and forgotten when nobody is. Lives inside
 * CustomerSessionProvider.
 */
export function SubscriptionProvider({ children }: { children: ReactNode }) {
  const { api } = useMembershipEnvironment();
  const actor = useActorRef(
    subscriptionMachine.provide({
      actors: {
        loadSubscription: fromPromise(() => api.mySubscription()),
        cancelSubscription: fromPromise(() => api.cancelSubscription()),
      },
    }),
  );
  // Who is signed in: an id, null for nobody, undefined while that is being found out (restoring,
  // a link being checked, logging out), when the membership shown stays as it is.
  const customerId = useCustomerSession((s) =>
    s.matches("authenticated") ? (s.context.customer?.id ?? null) : s.matches("anonymous") ? null : undefined,
  );
  // Loaded for whom; another tab's token refresh restores the same customer and loads nothing.
  const shownFor = useRef<string | null>(null);

  useEffect(() => {
    if (customerId === undefined || customerId === shownFor.current) return;
    shownFor.current = customerId;
    actor.send(customerId ? { type: "subscription.load" } : { type: "subscription.clear" });
  }, [actor, customerId]);

  return <SubscriptionContext.Provider value={actor}>{children}</SubscriptionContext.Provider>;
}

export function useSubscriptionActor(): SubscriptionActor {
  const actor = useContext(SubscriptionContext);
  if (!actor) throw new Error("SubscriptionProvider puuttuu sovelluksen ympäriltä.");
  return actor;
}

/** Reads one thing from the membership; the component re-renders only when that thing changes. */
export function useSubscription<T>(selector: (snapshot: SubscriptionSnapshot) => T): T {
  return useSelector(useSubscriptionActor(), selector);
}
