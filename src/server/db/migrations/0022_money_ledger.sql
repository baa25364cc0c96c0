CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"reservation_id" uuid,
	"invoice_id" uuid,
	"kind" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"vat_rate_basis_points" integer,
	"vat_cents" integer DEFAULT 0 NOT NULL,
	"payment_id" uuid,
	"refund_id" uuid,
	"move_id" uuid,
	"method" text,
	"provider" text,
	"reason" text,
	"actor" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_one_owner" CHECK (num_nonnulls("ledger_entries"."reservation_id", "ledger_entries"."invoice_id") = 1)
);
--> statement-breakpoint
DROP INDEX "refunds_one_per_payment";--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entries_reservation" ON "ledger_entries" USING btree ("reservation_id","id") WHERE "ledger_entries"."reservation_id" is not null;--> statement-breakpoint
CREATE INDEX "ledger_entries_invoice" ON "ledger_entries" USING btree ("invoice_id","id") WHERE "ledger_entries"."invoice_id" is not null;--> statement-breakpoint
CREATE INDEX "ledger_entries_payment" ON "ledger_entries" USING btree ("payment_id") WHERE "ledger_entries"."payment_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_paid_once" ON "ledger_entries" USING btree ("payment_id","kind") WHERE "ledger_entries"."kind" in ('payment', 'gift_card');--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_refund_once" ON "ledger_entries" USING btree ("refund_id") WHERE "ledger_entries"."refund_id" is not null;--> statement-breakpoint
CREATE INDEX "ledger_entries_created" ON "ledger_entries" USING btree ("created_at");--> statement-breakpoint
-- Decision 038: the money already recorded becomes the ledger's entries, and no total changes. A
-- booking's charges begin when it was confirmed (a hold never paid owes nothing); a dearer move's
-- hold owns nothing (its payment and refunds go to the booking it moved). A move's history keeps
-- its prices, so the first price and each move's difference sum to the booking's price now.
WITH b AS (
  SELECT r.id, r.price_cents, r.discount_cents, r.confirmed_at,
    (SELECT m.from_price_cents FROM reservation_moves m WHERE m.reservation_id = r.id
      ORDER BY m.created_at, m.id LIMIT 1) AS first_price,
    coalesce((SELECT v.rate_basis_points FROM vat_rates v
      WHERE v.effective_from <= (r.starts_at AT TIME ZONE 'Europe/Helsinki')::date
        AND (v.effective_until IS NULL OR v.effective_until > (r.starts_at AT TIME ZONE 'Europe/Helsinki')::date)
      LIMIT 1), 2550) AS rate
  FROM reservations r WHERE r.move_of IS NULL AND r.confirmed_at IS NOT NULL
), c AS (
  SELECT id, 'price' AS kind, coalesce(first_price, price_cents) + discount_cents AS cents, rate, confirmed_at FROM b
  UNION ALL SELECT id, 'discount', -discount_cents, rate, confirmed_at FROM b
)
INSERT INTO ledger_entries (reservation_id, kind, amount_cents, vat_rate_basis_points, vat_cents, actor, note, created_at)
SELECT id, kind, cents, rate, round(cents * rate / (10000.0 + rate))::int, 'system', 'Migraatio 0022', confirmed_at
FROM c WHERE cents <> 0;
--> statement-breakpoint
INSERT INTO ledger_entries (reservation_id, kind, amount_cents, vat_rate_basis_points, vat_cents, move_id, actor, created_at)
SELECT m.reservation_id, 'move', m.to_price_cents - m.from_price_cents, x.rate,
  round((m.to_price_cents - m.from_price_cents) * x.rate / (10000.0 + x.rate))::int, m.id, m.moved_by, m.created_at
FROM reservation_moves m
JOIN reservations r ON r.id = m.reservation_id
CROSS JOIN LATERAL (SELECT coalesce((SELECT v.rate_basis_points FROM vat_rates v
      WHERE v.effective_from <= (m.to_starts_at AT TIME ZONE 'Europe/Helsinki')::date
        AND (v.effective_until IS NULL OR v.effective_until > (m.to_starts_at AT TIME ZONE 'Europe/Helsinki')::date)
      LIMIT 1), 2550) AS rate) x
WHERE r.confirmed_at IS NOT NULL AND m.to_price_cents <> m.from_price_cents
ORDER BY m.created_at, m.id;
--> statement-breakpoint
INSERT INTO ledger_entries (reservation_id, invoice_id, kind, amount_cents, vat_rate_basis_points, vat_cents, actor, created_at)
SELECT NULL, i.id, 'price', i.amount_cents, i.vat_rate_basis_points, i.vat_cents, 'system', i.issued_at
FROM invoices i WHERE i.amount_cents <> 0;
--> statement-breakpoint
-- Money in: each paid payment through the provider and its gift card's share (as it stands after
-- any move's partial return), owned by the booking (a move hold's by the booking it moved) or the invoice.
-- Written in the order paid: an owner's entries are read by id, and the refund plan gives back from
-- the latest payment first (a dearer move's difference before the booking's own payment).
WITH p AS (
  SELECT p.*, CASE WHEN p.invoice_id IS NULL THEN coalesce(h.move_of, p.reservation_id) END AS owner,
    coalesce(p.paid_at, p.created_at) AS at
  FROM payments p LEFT JOIN reservations h ON h.id = p.reservation_id
  WHERE p.status IN ('paid', 'refunded')
)
INSERT INTO ledger_entries (reservation_id, invoice_id, kind, amount_cents, vat_cents, payment_id, method, provider, actor, created_at)
SELECT owner, invoice_id, kind, cents, vat, id, method, provider, 'system', at FROM (
  SELECT owner, invoice_id, 'payment' AS kind, amount_cents AS cents, vat_cents AS vat, id, method, provider, at
  FROM p WHERE amount_cents > 0
  UNION ALL
  SELECT owner, invoice_id, 'gift_card', gift_card_cents, 0, id, 'gift_card', provider, at
  FROM p WHERE gift_card_cents > 0
) m ORDER BY at, id, kind DESC;
--> statement-breakpoint
-- Money back: every refund (its status stays on its row) and every share returned to a gift card.
INSERT INTO ledger_entries (reservation_id, invoice_id, kind, amount_cents, payment_id, refund_id, method, provider, reason, actor, created_at)
SELECT CASE WHEN p.invoice_id IS NULL THEN coalesce(h.move_of, p.reservation_id) END, p.invoice_id,
  'refund', f.amount_cents, p.id, f.id, p.method, p.provider, f.reason, 'system', f.created_at
FROM refunds f JOIN payments p ON p.id = f.payment_id LEFT JOIN reservations h ON h.id = p.reservation_id
ORDER BY f.created_at, f.id;
--> statement-breakpoint
-- A share returned before its payment arrived (the hold expired, or the invoice's attempt was
-- replaced, and the money came late) went back when the payment was paid, as Talous counted it.
INSERT INTO ledger_entries (reservation_id, invoice_id, kind, amount_cents, payment_id, method, actor, created_at)
SELECT CASE WHEN p.invoice_id IS NULL THEN coalesce(h.move_of, p.reservation_id) END, p.invoice_id,
  'gift_card_return', t.amount_cents, p.id, 'gift_card', 'system',
  greatest(t.created_at, coalesce(p.paid_at, p.created_at)) AS at
FROM gift_card_transactions t JOIN payments p ON p.id = t.payment_id LEFT JOIN reservations h ON h.id = p.reservation_id
WHERE t.kind = 'return' AND p.status IN ('paid', 'refunded') AND p.gift_card_cents > 0
ORDER BY at, t.id;
--> statement-breakpoint
-- An admin's refund of a payment whose booking or invoice stayed was a credit: what is owed fell by as much.
INSERT INTO ledger_entries (reservation_id, invoice_id, kind, amount_cents, reason, actor, created_at)
SELECT reservation_id, invoice_id, 'credit', -amount_cents, 'admin_refund', 'system', created_at
FROM ledger_entries WHERE kind = 'refund' AND reason = 'admin_refund';
--> statement-breakpoint
-- A cancel that let the customer off (all but an admin's cancel that kept the money) and a void
-- invoice: the rest of the charge is taken off, with the reason the cancels write now.
INSERT INTO ledger_entries (reservation_id, kind, amount_cents, vat_rate_basis_points, vat_cents, reason, actor, created_at)
SELECT r.id, 'cancel', -s.cents, s.rate, -s.vat,
  CASE r.cancel_reason WHEN 'customer' THEN 'customer_cancel' WHEN 'admin_refunded' THEN 'admin_cancel' ELSE r.cancel_reason END,
  'system', coalesce(r.cancelled_at, r.created_at)
FROM reservations r
CROSS JOIN LATERAL (SELECT coalesce(sum(l.amount_cents), 0)::int AS cents, coalesce(sum(l.vat_cents), 0)::int AS vat,
    max(l.vat_rate_basis_points) AS rate
  FROM ledger_entries l WHERE l.reservation_id = r.id AND l.kind IN ('price', 'discount', 'move', 'credit')) s
WHERE r.status IN ('cancelled', 'expired') AND r.cancel_reason IS DISTINCT FROM 'admin' AND s.cents <> 0;
--> statement-breakpoint
INSERT INTO ledger_entries (invoice_id, kind, amount_cents, vat_rate_basis_points, vat_cents, reason, actor, created_at)
SELECT i.id, 'cancel', -s.cents, i.vat_rate_basis_points, -s.vat, CASE WHEN i.credited_at IS NULL THEN 'void' ELSE 'credit' END,
  'system', coalesce(i.credited_at, i.voided_at, i.issued_at)
FROM invoices i
CROSS JOIN LATERAL (SELECT coalesce(sum(l.amount_cents), 0)::int AS cents, coalesce(sum(l.vat_cents), 0)::int AS vat
  FROM ledger_entries l WHERE l.invoice_id = i.id AND l.kind IN ('price', 'credit')) s
WHERE i.status = 'void' AND s.cents <> 0;
