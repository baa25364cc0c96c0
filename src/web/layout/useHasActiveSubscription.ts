import { useSubscription } from "../session/SubscriptionProvider";

/**
 * Spec §1's header rule needs to know whether the signed-in customer has an active subscription:
 * status "active" (spec §4), read from the app's one subscription actor. Nobody signed in has none.
 */
export function useHasActiveSubscription(): boolean {
  return useSubscription((s) => s.context.subscription?.status === "active");
}
