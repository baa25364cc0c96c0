CREATE TABLE "bank_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"archive_ref" text NOT NULL,
	"reference" text,
	"national_reference" text,
	"amount_cents" integer NOT NULL,
	"payer_name" text,
	"payer_iban" text,
	"booked_on" date NOT NULL,
	"reversal" boolean DEFAULT false NOT NULL,
	"invoice_id" uuid,
	"payment_id" uuid,
	"status" text NOT NULL,
	"problem" text,
	"resolution" text,
	"note" text,
	"statement_kind" text NOT NULL,
	"imported_by" text NOT NULL,
	"resolved_by" text,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_transfers_archive_ref_unique" UNIQUE("archive_ref"),
	CONSTRAINT "bank_transfers_positive" CHECK ("bank_transfers"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD CONSTRAINT "bank_transfers_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD CONSTRAINT "bank_transfers_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_transfers_status" ON "bank_transfers" USING btree ("status","booked_on");--> statement-breakpoint
CREATE INDEX "bank_transfers_invoice" ON "bank_transfers" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "bank_transfers_created" ON "bank_transfers" USING btree ("created_at");