/**
 * Effective-dated versions (price rules, membership tiers, the VAT rate): a version is in force on
 * the Helsinki dates [effectiveFrom, effectiveUntil), until null being open-ended, and the versions
 * of one thing never overlap. A change "from date D" never rewrites a period that has begun before
 * D: the version in force on D is closed at D and the new one starts there (decision 013).
 */

export type EffectivePeriod = { effectiveFrom: string; effectiveUntil: string | null };

/** The start of the versions that existed before prices were effective-dated. */
export const SINCE_EVER = "2000-01-01";

export const PAST_START_MESSAGE =
  "Voimassaolon alku ei voi olla menneisyydessä. Valitse tämä päivä tai myöhempi.";

export function inForceOn(period: EffectivePeriod, date: string): boolean {
  return period.effectiveFrom <= date && (period.effectiveUntil === null || date < period.effectiveUntil);
}

/** The versions in force on a date (of several things, e.g. all price rules). */
export function versionsOn<T extends Partial<EffectivePeriod>>(versions: readonly T[], date: string): T[] {
  return versions.filter((v) => v.effectiveFrom === undefined || inForceOn(v as EffectivePeriod, date));
}

export type PeriodState = "current" | "scheduled" | "past";

export function periodState(period: EffectivePeriod, today: string): PeriodState {
  if (period.effectiveFrom > today) return "scheduled";
  return inForceOn(period, today) ? "current" : "past";
}

/**
 * What a change from `from` does to the versions of one thing:
 * - "set" (new values from `from`): a version that starts on `from` gets the new values in place
 *   (it has not been in force before); otherwise the version in force on `from` is closed there and
 *   a new version runs from `from` to where that one ended, so a later scheduled version stays.
 *   Without a version on `from`, the new one runs until the next scheduled version, if any.
 * - "end" (no longer from `from`): the version in force is closed at `from`, versions starting on or
 *   after it are removed.
 */
export type VersionPlan = {
  remove: number[];
  close: Array<{ id: number; effectiveUntil: string }>;
  replace: number | null;
  insert: EffectivePeriod | null;
};

export function planChange(
  versions: ReadonlyArray<EffectivePeriod & { id: number }>,
  from: string,
  change: "set" | "end",
): VersionPlan {
  const plan: VersionPlan = { remove: [], close: [], replace: null, insert: null };
  const current = versions.find((v) => inForceOn(v, from));
  if (change === "end") {
    plan.remove = versions.filter((v) => v.effectiveFrom >= from).map((v) => v.id);
    if (current && current.effectiveFrom < from) plan.close.push({ id: current.id, effectiveUntil: from });
    return plan;
  }
  if (current?.effectiveFrom === from) {
    plan.replace = current.id;
    return plan;
  }
  if (current) {
    plan.close.push({ id: current.id, effectiveUntil: from });
    plan.insert = { effectiveFrom: from, effectiveUntil: current.effectiveUntil };
    return plan;
  }
  const next = versions
    .filter((v) => v.effectiveFrom > from)
    .map((v) => v.effectiveFrom)
    .sort()[0];
  plan.insert = { effectiveFrom: from, effectiveUntil: next ?? null };
  return plan;
}
