-- E-invoicing (decision 068): the owner's stated highest annual turnover on shop_settings, and
-- e_invoices, a B2B invoice's registration on the IRP. A trigger lets its IRN, acknowledgement
-- and signed QR be written once (pending -> registered) and then only canceled, never changed
-- or deleted, as the tax document it belongs to never changes.
CREATE TABLE "e_invoices" (
	"document_id" integer PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"irn" text,
	"ack_no" text,
	"ack_at" timestamp with time zone,
	"signed_invoice" text,
	"signed_qr_code" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"refused" boolean DEFAULT false NOT NULL,
	"cancel_reason" text,
	"cancel_remark" text,
	"canceled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "e_invoices_irn_unique" UNIQUE("irn"),
	CONSTRAINT "e_invoices_status_valid" CHECK ("e_invoices"."status" IN ('pending', 'registered', 'canceled')),
	CONSTRAINT "e_invoices_registered_complete" CHECK ("e_invoices"."status" = 'pending' OR ("e_invoices"."irn" IS NOT NULL AND "e_invoices"."ack_no" IS NOT NULL
        AND "e_invoices"."ack_at" IS NOT NULL AND "e_invoices"."signed_qr_code" IS NOT NULL)),
	CONSTRAINT "e_invoices_cancel_reason_valid" CHECK ("e_invoices"."cancel_reason" IS NULL OR "e_invoices"."cancel_reason" IN ('1', '2', '3', '4'))
);
--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "highest_aato_rupees" bigint;--> statement-breakpoint
ALTER TABLE "e_invoices" ADD CONSTRAINT "e_invoices_document_id_tax_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."tax_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "e_invoices_due_idx" ON "e_invoices" USING btree ("next_attempt_at") WHERE "e_invoices"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_aato_valid" CHECK ("shop_settings"."highest_aato_rupees" IS NULL OR "shop_settings"."highest_aato_rupees" BETWEEN 0 AND 100000000000000);;--> statement-breakpoint
CREATE FUNCTION e_invoices_filled_once() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'an e-invoice cannot be deleted' USING ERRCODE = 'restrict_violation';
  END IF;
  IF OLD.status <> 'pending' AND (NEW.irn IS DISTINCT FROM OLD.irn
      OR NEW.ack_no IS DISTINCT FROM OLD.ack_no OR NEW.ack_at IS DISTINCT FROM OLD.ack_at
      OR NEW.signed_invoice IS DISTINCT FROM OLD.signed_invoice
      OR NEW.signed_qr_code IS DISTINCT FROM OLD.signed_qr_code) THEN
    RAISE EXCEPTION 'a registered e-invoice keeps its IRN' USING ERRCODE = 'restrict_violation';
  END IF;
  IF OLD.status = 'canceled' OR (OLD.status = 'registered' AND NEW.status = 'pending') THEN
    RAISE EXCEPTION 'an e-invoice goes pending -> registered -> canceled only'
      USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER e_invoices_filled_once BEFORE UPDATE OR DELETE ON "e_invoices"
  FOR EACH ROW EXECUTE FUNCTION e_invoices_filled_once();
