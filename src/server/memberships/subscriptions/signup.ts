import { helsinkiDate } from "../../../domain/helsinkiTime.js";
import type { SignupRequest } from "../../../domain/membership.js";
import { addDays, periodStart } from "../../../domain/membershipPeriods.js";
import type { Customer } from "../../../domain/customer.js";
import type { AppContext } from "../../context.js";
import { badRequest, conflict } from "../../errors.js";
import { lookUpGiftCard } from "../../giftCards/index.js";
import { isUniqueViolation } from "../../db/index.js";
import { createInvoice } from "../invoices/creation.js";
import { startInvoicePayment } from "../invoices/payment.js";
import { signupReturnPaths, type InvoiceRow } from "../invoices/service.js";
import { COMMITMENT_MONTHS, currentSubscription, hasAccessOn, type SubscriptionRow } from "./service.js";
import { formatDay } from "../../../domain/helsinkiClock.js";
import { tierOn } from "../../prices/index.js";
import { getSettings } from "../../settings/index.js";
import { subscriptionRepository } from "./repository.js";
import { expireSignups } from "./signupExpiry.js";
import { membershipPriceOf } from "./tierChange.js";

/**
 * Signup: a pending membership and its first invoice in one transaction, then the payment of that
 * invoice through the provider (outside the transaction). Paying activates it (invoices/fulfilment.ts);
 * cancelling, or not paying within signupPaymentMinutes, expires it.
 */
export async function signup(ctx: AppContext, customer: Customer, input: SignupRequest) {
  const settings = await getSettings(ctx.db);
  const now = ctx.now();
  const today = helsinkiDate(now);
  // The tier as in force on the membership's start date; the membership copies it.
  const tier = await tierOn(ctx.db, input.tier_level, today);
  if (!tier) throw badRequest("Valitse jäsenyystaso: tasoa ei löytynyt.");
  // A gift card that cannot pay is refused before anything is made (it is taken, locked, later).
  if (input.gift_card_code) {
    const card = await lookUpGiftCard(ctx.db, input.gift_card_code, now);
    if (!card.ok) throw badRequest(card.message, "giftCardCode");
  }

  let created: { sub: SubscriptionRow; invoice: InvoiceRow };
  try {
    created = await ctx.db.transaction(async (tx) => {
      const subs = subscriptionRepository(tx);
      // One signup of a customer at a time: the customer's row is the lock.
      await subs.lockCustomer(customer.id);
      const existing = await currentSubscription(tx, customer.id);
      if (existing?.status === "active" || existing?.status === "pending")
        throw conflict(
          existing.status === "active"
            ? "Sinulla on jo voimassa oleva jäsenyys. Näet sen Oma tili -sivulla."
            : "Jäsenyytesi maksu on kesken. Maksa ensimmäinen lasku Oma tili -sivulla.",
        );
      if (existing && hasAccessOn(existing, today))
        throw conflict(
          `Irtisanottu jäsenyytesi on voimassa ${formatDay(addDays(existing.endsOn!, -1))} asti. Voit liittyä uudelleen sen jälkeen.`,
        );
      const price = membershipPriceOf(input.commitment, tier.monthlyPriceCents, settings);
      const sub = await subs.insert({
        customerId: customer.id,
        tierLevel: tier.level,
        tierName: tier.name,
        hoursQuota: tier.hoursQuota,
        monthlyPriceCents: price,
        commitment: input.commitment,
        status: "pending",
        startDate: today,
        commitmentEndDate: input.commitment === "12m" ? periodStart(today, COMMITMENT_MONTHS) : null,
        pendingExpiresAt: new Date(now.getTime() + settings.membership.signupPaymentMinutes * 60_000),
      });
      const invoice = await createInvoice(tx, { sub, index: 0, customer, settings, now });
      return { sub, invoice };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict("Sinulla on jo jäsenyys tai sen maksu on kesken.");
    throw error;
  }

  const returnPaths = signupReturnPaths(created.sub.id);
  const started = await startInvoicePayment(ctx, created.invoice, {
    method: input.paymentMethod,
    returnPaths,
    giftCardCode: input.gift_card_code,
    email: customer.email,
    onStartFailed: (tx) => expireSignups(tx, [created.sub.id], ctx.now()),
  });
  // A gift card that paid it all: active already, so the browser goes straight to the success page.
  if (!started.redirectUrl)
    return {
      success: true,
      redirectUrl: returnPaths.success,
      message: `Jäsenyys ${tier.name} on voimassa. Ensimmäinen lasku maksettiin lahjakortilla.`,
    };
  return {
    success: true,
    redirectUrl: started.redirectUrl,
    message: `Jäsenyys ${tier.name} odottaa maksua. Siirry maksamaan ensimmäinen lasku.`,
  };
}
