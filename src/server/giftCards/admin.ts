import type {
  AdminGiftCard,
  GiftCardHistory,
  GiftCardIssued,
  GiftCardIssueValues,
  GiftCardList,
  GiftCardListQuery,
} from "../../domain/admin/giftCards.js";
import { whatWasPaid } from "../../domain/admin/purchases.js";
import { helsinkiDate, toHelsinkiIso, wallClock } from "../../domain/helsinkiTime.js";
import { formatEuros } from "../../domain/money.js";
import type { AppContext } from "../context.js";
import type { Tx } from "../db/index.js";
import { notFound } from "../errors.js";
import type { AdminActor } from "../../domain/admin/session.js";
import { recordAudit } from "../system/index.js";
import { pageOf } from "../lists/index.js";
import { giftCardRepository } from "./repository.js";
import {
  formatGiftCardCode,
  giftCardRefusal,
  GIFT_CARD_MESSAGES,
  issueGiftCard,
  normalizeGiftCardCode,
  type GiftCardRow,
} from "./service.js";

/**
 * Lahjakortit: issue, list, history and (de)activate. A card's code is a bearer secret: it leaves
 * the server once, in the answer to the issue, and never goes to the list, the history or the
 * audit log, which name the card by its id and masked code.
 */

const NOT_FOUND = "Lahjakorttia ei löytynyt.";

/** Only the last group of four: enough to match a card someone reads out, useless to spend it. */
export const maskGiftCardCode = (code: string) => `••••-••••-••••-${code.slice(-4)}`;

const statusOf = (row: GiftCardRow, now: Date): AdminGiftCard["status"] => {
  switch (giftCardRefusal(row, now)) {
    case GIFT_CARD_MESSAGES.inactive:
      return "inactive";
    case GIFT_CARD_MESSAGES.expired:
      return "expired";
    case GIFT_CARD_MESSAGES.empty:
      return "empty";
    default:
      return "active";
  }
};

export const toAdminGiftCard = (row: GiftCardRow, now: Date): AdminGiftCard => ({
  id: row.id,
  maskedCode: maskGiftCardCode(row.code),
  initialCents: row.initialCents,
  balanceCents: row.balanceCents,
  active: row.active,
  status: statusOf(row, now),
  validUntil: row.validUntil ? helsinkiDate(row.validUntil.getTime() - 1) : null,
  note: row.note,
  createdAt: toHelsinkiIso(row.createdAt),
});

/** What the audit log keeps of a card: everything but the code. */
const auditView = ({ code, ...rest }: GiftCardRow) => ({ ...rest, maskedCode: maskGiftCardCode(code) });

/**
 * A page of the cards, newest first (through gift_cards_created), and how many match. Cards are
 * sold one by one (hundreds a year), so their count reads the card table, not a history.
 */
export async function listGiftCards(ctx: AppContext, query: GiftCardListQuery): Promise<GiftCardList> {
  // Codes hold only the card alphabet, so what is left after this has no LIKE wildcards.
  const typed = normalizeGiftCardCode(query.code ?? "").replace(/[^A-Z0-9]/g, "");
  const page = pageOf(query.page);
  const repository = giftCardRepository(ctx.db);
  const [rows, total] = await Promise.all([
    repository.list({ codeSuffix: typed, limit: page.limit, offset: page.offset }),
    repository.countMatching(typed),
  ]);
  const now = ctx.now();
  return {
    giftCards: rows.map((row) => toAdminGiftCard(row, now)),
    total,
    page: page.page,
    pageSize: page.pageSize,
  };
}

export async function issueAdminGiftCard(
  ctx: AppContext,
  actor: AdminActor,
  input: GiftCardIssueValues,
): Promise<GiftCardIssued> {
  const now = ctx.now();
  const card = await ctx.db.transaction(async (tx) => {
    const row = await issueGiftCard(tx, {
      amountCents: input.amountCents,
      note: input.note ?? undefined,
      validUntil: input.validUntil ? wallClock(input.validUntil, "24:00").toJSDate() : null,
      now,
    });
    await recordAudit(tx, actor, {
      action: "gift_card.issue",
      entity: "gift_card",
      entityId: row.id,
      after: auditView(row),
    });
    return row;
  });
  return {
    message: `Lahjakortti ${formatEuros(card.initialCents)} luotu. Koodi näytetään vain nyt: tulosta tai kirjoita se talteen.`,
    giftCard: toAdminGiftCard(card, now),
    code: formatGiftCardCode(card.code),
  };
}

async function lockCard(tx: Tx, id: string): Promise<GiftCardRow> {
  const row = await giftCardRepository(tx).lockById(id);
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

/**
 * Deactivates or reactivates a card. A deactivated card pays nothing from now on; a share it
 * already holds for a pending payment stays with that payment (and comes back if it is cancelled).
 */
export async function setGiftCardActive(ctx: AppContext, actor: AdminActor, id: string, active: boolean) {
  const card = await ctx.db.transaction(async (tx) => {
    const before = await lockCard(tx, id);
    const after = await giftCardRepository(tx).setActive(id, active);
    await recordAudit(tx, actor, {
      action: active ? "gift_card.activate" : "gift_card.deactivate",
      entity: "gift_card",
      entityId: id,
      before: auditView(before),
      after: auditView(after!),
    });
    return after!;
  });
  return toAdminGiftCard(card, ctx.now());
}

export async function giftCardHistory(ctx: AppContext, id: string): Promise<GiftCardHistory> {
  const cards = giftCardRepository(ctx.db);
  const card = await cards.byId(id);
  if (!card) throw notFound(NOT_FOUND);
  const rows = await cards.history(id);
  return {
    giftCard: toAdminGiftCard(card, ctx.now()),
    transactions: rows.map(({ t, payment, reservation, invoice }) => ({
      id: t.id,
      kind: t.kind,
      amountCents: t.amountCents,
      balanceAfterCents: t.balanceAfterCents,
      note: t.note,
      createdAt: toHelsinkiIso(t.createdAt),
      payment: payment
        ? { id: payment.id, status: payment.status, ...whatWasPaid(reservation, invoice) }
        : null,
    })),
  };
}
