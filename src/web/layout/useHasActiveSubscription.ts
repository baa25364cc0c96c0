/**
 * Seam for spec §1's header rule: whether the signed-in customer has an active subscription
 * (status "active"). Subscriptions arrive with the membership work; until then nobody has one.
 * Replace the body with the subscription actor's answer; the header only needs the boolean.
 */
export function useHasActiveSubscription(): boolean {
  return false;
}
