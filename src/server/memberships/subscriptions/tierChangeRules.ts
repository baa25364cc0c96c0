import { formatDay } from "../../../domain/helsinkiClock.js";
import { commitmentLastDay } from "../../../domain/membershipPeriods.js";
import type { Tx } from "../../db/index.js";
import { badRequest, conflict } from "../../errors.js";
import { tierOn } from "../../prices/index.js";
import type { Settings } from "../../settings/index.js";
import { invoiceRepository } from "../invoices/repository.js";
import { periodContaining, type SubscriptionRow } from "./service.js";
import { membershipPriceOf } from "./tierChange.js";

/**
 * The rules of a tier change from the next period (decision 022), the admin's and the member's
 * lower tier alike (decision 057): the tier offered on that day, not the same tier, not cheaper
 * inside a 12-month commitment, and the next period not billed yet. Returns the day, the tier and
 * its monthly price for this membership.
 */
export async function nextPeriodTierChange(
  tx: Tx,
  sub: SubscriptionRow,
  tierLevel: number,
  settings: Settings,
  today: string,
) {
  const from = periodContaining(sub, today).endExclusive;
  const tier = await tierOn(tx, tierLevel, from);
  if (!tier) throw badRequest(`Tasoa ${tierLevel} ei ole tarjolla ${formatDay(from)} alkaen.`);
  sameTierRefused(sub, tier.level);
  const price = membershipPriceOf(sub.commitment, tier.monthlyPriceCents, settings);
  if (sub.commitmentEndDate !== null && from < sub.commitmentEndDate && price < sub.monthlyPriceCents)
    throw conflict(
      `Jäsenyydellä on 12 kuukauden sitoumus ${formatDay(commitmentLastDay(sub.commitmentEndDate))} asti. Sitoumuksen aikana tasoa voi nostaa mutta ei laskea; halvempaan tasoon voi vaihtaa sitoumuksen päätyttyä.`,
    );
  const billed = await invoiceRepository(tx).ofPeriod(sub.id, from);
  if (billed) throw conflict("Seuraavan jakson lasku on jo tehty. Yritä uudelleen, kun jakso on alkanut.");
  return { from, tier, price };
}

/** A change to the tier the membership already has is refused, naming a change that waits. */
export function sameTierRefused(sub: SubscriptionRow, tierLevel: number) {
  if (tierLevel === sub.tierLevel)
    throw conflict(
      sub.nextTierLevel === null
        ? `Jäsenyys on jo tasolla ${sub.tierName}.`
        : `Jäsenyys on jo tasolla ${sub.tierName}. Jos haluat pitää sen, peru odottava tasomuutos.`,
    );
}
