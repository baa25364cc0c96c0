import {
  PURCHASE_PAGE_SIZE,
  whatWasPaid,
  type Purchase,
  type PurchaseList,
  type PurchaseQuery,
} from "../../domain/admin/purchases.js";
import { toHelsinkiIso } from "../../domain/helsinkiTime.js";
import { formatEuros } from "../../domain/money.js";
import type { AppContext } from "../context.js";
import type { DbOrTx } from "../db/index.js";
import { conflict, notFound } from "../errors.js";
import type { AdminActor } from "../../domain/admin/session.js";
import { recordAudit } from "../system/index.js";
import { csvLine, euros, logWindow } from "../lists/index.js";
import {
  labelOf,
  paymentMethodLabels,
  paymentProviderLabels,
  paymentStatusLabels,
} from "../../domain/admin/labels.js";
import { purchaseRepository, type PurchaseFilters, type PurchaseRow } from "./purchaseRepository.js";
import { refundWaits, sendRefund, type RefundOutcome, type RefundReason } from "./refunds.js";
import { giveBackPayment, type GivenBack } from "./giveBack.js";
import {
  ledgerOf,
  ledgerOfPayments,
  ledgerOwnerOfPayment,
  lockLedgerOwner,
  recordCredit,
} from "../ledger/index.js";
import { balanceOf, paymentsOf, refundableOf, type LedgerEntry } from "../../domain/ledger.js";
import { BANK_PROVIDER, GIFT_CARD_PROVIDER } from "./paymentConstants.js";
import type { OutgoingMail } from "../mail/index.js";
import { getSettings } from "../settings/index.js";
import { paymentRepository } from "./repository.js";

/**
 * Ostokset: every payment with what it paid for and its money from the ledger (what came in, each
 * refund, what can still go back), a page at a time with the filtered set's count and the sums of
 * the same ledger entries from SQL; the CSV streams every row; refunds made from here. The
 * list and its CSV read a date window: the dates asked, or the last RECENT_DAYS days (as the gate
 * log, the outbox and the audit log), so the count and the sums cost the same on years of history.
 */

const ADMIN_REFUND = "admin_refund" as RefundReason; // refunds.ts lists the other reasons
/** Rows the CSV reads per query while it streams. */
const CSV_BATCH = 500;

/**
 * The filters with their dates: the ones asked, or the last RECENT_DAYS days up to today
 * (lists/paging.ts); `window` is the Helsinki dates the answer covers. With no `to` the
 * window has no end, as the logs' (nothing is paid after now). Exported for the bench.
 */
export function purchaseWindow(now: Date, query: PurchaseQuery) {
  const window = logWindow(now, query);
  const filters: PurchaseFilters = { ...query, from: window.from };
  return { window, filters };
}

/** A payment's refunds as the ledger has them: through the provider, or back to its gift card. */
function refundsOf(entries: LedgerEntry[]): Purchase["refunds"] {
  return entries
    .filter((e) => e.kind === "refund" || e.kind === "gift_card_return")
    .map((e) => ({
      amountCents: e.amountCents,
      to: e.kind === "refund" ? ("provider" as const) : ("gift_card" as const),
      status: e.status === "done" ? ("succeeded" as const) : e.status,
      reason: e.reason,
      createdAt: toHelsinkiIso(e.createdAt),
    }));
}

/**
 * The list's rows: each payment with what it paid for and its money from the ledger (decision
 * 038), read by the page's payment ids, so a move's difference (paid on its hold row, owned by the
 * booking) shows the same as any payment.
 */
async function toPurchases(db: DbOrTx, rows: PurchaseRow[]): Promise<Purchase[]> {
  const ledgers = await ledgerOfPayments(
    db,
    rows.map((r) => r.payment.id),
  );
  return rows.map(({ payment: p, reservation: r, invoice: i }) => {
    const entries = ledgers.get(p.id) ?? [];
    const money = paymentsOf(entries).find((m) => m.paymentId === p.id);
    return {
      id: p.id,
      createdAt: toHelsinkiIso(p.createdAt),
      paidAt: p.paidAt ? toHelsinkiIso(p.paidAt) : null,
      provider: p.provider,
      method: p.provider === GIFT_CARD_PROVIDER ? "gift_card" : p.method,
      status: p.status,
      amountCents: p.amountCents,
      vatCents: p.vatCents,
      paidCents: money ? money.paidCents + money.giftCardCents : 0,
      giftCardCents: money?.giftCardCents ?? 0,
      refundedCents: money ? money.refundedCents + money.giftCardReturnedCents : 0,
      refundableCents: money ? refundableOf(money) : 0,
      ...whatWasPaid(r, i),
      payerName: r?.name ?? i?.name ?? null,
      payerEmail: r?.email ?? i?.email ?? null,
      reservationId: r?.id ?? null,
      refunds: refundsOf(entries),
    };
  });
}

export async function listPurchases(ctx: AppContext, query: PurchaseQuery): Promise<PurchaseList> {
  const { window, filters } = purchaseWindow(ctx.now(), query);
  const page = query.page ?? 1;
  const offset = (page - 1) * PURCHASE_PAGE_SIZE;
  const purchases = purchaseRepository(ctx.db);
  const rows = await purchases.page(filters, { limit: PURCHASE_PAGE_SIZE, offset });
  const summary = await purchases.summary(filters);
  return {
    purchases: await toPurchases(ctx.db, rows),
    total: summary.total,
    page,
    pageSize: PURCHASE_PAGE_SIZE,
    from: window.from,
    to: window.to,
    totals: { paidCents: summary.paidCents, refundedCents: summary.refundedCents },
    providers: await purchases.providersSeen(),
  };
}

/**
 * An admin gives back a paid payment's money, all that is left of it or `amountCents` of it: the
 * provider's share as a refund, a gift card's share to the card (decision 038). The booking or
 * invoice stays (cancel it in varaukset to free the time), so what the customer owes falls by as
 * much (a credit entry). The customer is told by e-mail what comes back and when.
 */
export async function refundPurchase(
  ctx: AppContext,
  actor: AdminActor,
  id: string,
  options: { amountCents?: number } = {},
) {
  const now = ctx.now();
  const decided = await ctx.db.transaction(async (tx) => {
    // Lock order as every money decision: the booking or invoice, then its payment.
    const owner = await ledgerOwnerOfPayment(tx, id);
    if (owner) await lockLedgerOwner(tx, owner);
    const payment = await paymentRepository(tx).lock(id);
    if (!payment) throw notFound("Maksua ei löytynyt.");
    const entries = owner ? await ledgerOf(tx, owner) : [];
    const money = paymentsOf(entries).find((p) => p.paymentId === id);
    if (!owner || !money) throw conflict("Vain maksetun maksun voi palauttaa.");
    const left = refundableOf(money);
    if (left <= 0) throw conflict("Maksulle on jo tehty palautus.");
    if (options.amountCents !== undefined && options.amountCents > left)
      throw conflict(`Maksusta voi palauttaa enintään ${formatEuros(left)}.`);
    const cents = options.amountCents ?? left;
    // What the ledger already owes back (a refund the provider gave up on, say) is paid first; only
    // the rest is a credit that lowers what the customer is charged.
    const owed = Math.max(0, -balanceOf(entries).dueCents);
    await recordCredit(tx, owner, {
      cents: cents - Math.min(cents, owed),
      reason: ADMIN_REFUND,
      actor: actor.email,
      now,
    });
    const back = await giveBackPayment(tx, owner, id, cents, {
      reason: ADMIN_REFUND,
      actor: actor.email,
      now,
    });
    await recordAudit(tx, actor, {
      action: "payment.refund",
      entity: "payment",
      entityId: id,
      before: payment,
      after: {
        refundIds: back.refundIds,
        amountCents: cents,
        giftCardReturnedCents: back.giftCardReturnedCents,
      },
    });
    const row = await purchaseRepository(tx).byId(id);
    const to = row?.reservation?.email ?? row?.invoice?.email ?? "";
    const mailId = to.includes("@")
      ? await ctx.mail.enqueue(
          tx,
          refundMail({
            to,
            name: row?.reservation?.name ?? row?.invoice?.name ?? null,
            what: whatWasPaid(row?.reservation ?? null, row?.invoice ?? null).description,
            back,
            byBankTransfer: payment.provider === BANK_PROVIDER,
            park: (await getSettings(tx)).park,
          }),
        )
      : null;
    return { back, mailId };
  });
  // After the commit, as every refund (decision 009); a failure is retried by the job.
  const outcomes: RefundOutcome[] = [];
  for (const refundId of decided.back.refundIds) outcomes.push(await sendRefund(ctx, refundId));
  await ctx.mail.sendCommitted(ctx.db, decided.mailId);
  const row = await purchaseRepository(ctx.db).byId(id);
  const [purchase] = await toPurchases(ctx.db, row ? [row] : []);
  const amount = formatEuros(decided.back.refundedCents + decided.back.giftCardReturnedCents);
  return {
    message: outcomes.some(refundWaits)
      ? `Palautus ${amount} on kirjattu; maksupalvelu ei vastannut vielä, joten sitä yritetään uudelleen.`
      : outcomes.includes("by_hand")
        ? // A bank transfer came from the payer's bank: the owner sends it back from the park's (decision 050).
          `Palautus ${amount} on kirjattu. Palauta se maksajalle tilisiirrolla puiston pankista.`
        : `${amount} palautettu.`,
    purchase: purchase!,
  };
}

/** What an admin's refund tells the customer: how much comes back, where, and when. */
function refundMail(c: {
  to: string;
  name: string | null;
  what: string;
  back: GivenBack;
  byBankTransfer: boolean;
  park: { name: string; email: string; phone: string };
}): OutgoingMail {
  const lines = [
    c.back.refundedCents > 0
      ? `Palautamme ${formatEuros(c.back.refundedCents)} ${c.byBankTransfer ? "tilisiirrolla tilille, jolta maksoit" : "maksutavallesi"}. Palautus näkyy tililläsi muutaman pankkipäivän kuluessa.`
      : "",
    c.back.giftCardReturnedCents > 0
      ? `Lahjakortillesi palautettiin ${formatEuros(c.back.giftCardReturnedCents)}; sen voi käyttää heti.`
      : "",
  ].filter(Boolean);
  return {
    kind: "refund",
    to: c.to,
    subject: `Palautus: ${c.what}`,
    text: [
      c.name ? `Hei ${c.name},` : "Hei,",
      "",
      `${c.park.name} palauttaa sinulle rahaa: ${c.what}.`,
      ...lines,
      "",
      "Jos sinulla on kysyttävää, vastaa tähän viestiin.",
      "",
      c.park.name,
      `${c.park.email} · ${c.park.phone}`,
    ].join("\n"),
  };
}

/**
 * The sum a row shows: what came in (the ledger's, a gift card's share included) once it was paid,
 * what it asked of the provider while it was not (Tila says which). The view says the same.
 */
const shownAmountCents = (p: Purchase) => (p.paidCents > 0 ? p.paidCents : p.amountCents);

/**
 * The filtered list as CSV for a Finnish spreadsheet (semicolons, decimal commas, a BOM), every
 * matching row of the list's window, read CSV_BATCH at a time by keyset (created_at, id) and
 * written out as it goes, so a year of payments never sits in the server's memory at once.
 */
export async function* purchasesCsv(ctx: AppContext, query: PurchaseQuery): AsyncGenerator<string> {
  const header = [
    "Aika",
    "Maksettu",
    "Mitä",
    "Maksaja",
    "Sähköposti",
    "Palvelu",
    "Tapa",
    "Tila",
    "Summa €",
    "josta lahjakortilla €",
    "ALV €",
    "Palautettu €",
  ];
  yield `\uFEFF${csvLine(header)}`;
  const { filters } = purchaseWindow(ctx.now(), query);
  let after: string | null = null;
  for (;;) {
    const rows = await purchaseRepository(ctx.db).after(filters, after, CSV_BATCH);
    if (!rows.length) return;
    after = rows[rows.length - 1]!.payment.id;
    const lines = (await toPurchases(ctx.db, rows)).map((p) =>
      csvLine([
        p.createdAt,
        p.paidAt,
        p.description,
        p.payerName,
        p.payerEmail,
        labelOf(paymentProviderLabels, p.provider),
        labelOf(paymentMethodLabels, p.method),
        labelOf(paymentStatusLabels, p.status),
        euros(shownAmountCents(p)),
        euros(p.giftCardCents),
        euros(p.vatCents),
        euros(p.refundedCents),
      ]),
    );
    yield lines.join("");
    if (rows.length < CSV_BATCH) return;
  }
}
