-- GST documents (issue 19): invoice and credit-note series per financial year, the documents as
-- issued and their lines, immutable once written; each order line's share of the coupon; and the
-- delivery promise's settings (issue 20).
CREATE TABLE "tax_document_lines" (
	"document_id" integer NOT NULL,
	"line_no" smallint NOT NULL,
	"kind" text NOT NULL,
	"order_item_id" integer,
	"description" text NOT NULL,
	"hsn" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit" text DEFAULT 'PCS' NOT NULL,
	"unit_price_paise" integer NOT NULL,
	"value_paise" integer NOT NULL,
	"discount_paise" integer NOT NULL,
	"taxable_paise" integer NOT NULL,
	"rate_bp" integer NOT NULL,
	"cgst_paise" integer NOT NULL,
	"sgst_paise" integer NOT NULL,
	"igst_paise" integer NOT NULL,
	"total_paise" integer NOT NULL,
	CONSTRAINT "tax_document_lines_document_id_line_no_pk" PRIMARY KEY("document_id","line_no"),
	CONSTRAINT "tax_document_lines_kind_valid" CHECK ("tax_document_lines"."kind" IN ('goods', 'shipping')),
	CONSTRAINT "tax_document_lines_quantity_positive" CHECK ("tax_document_lines"."quantity" >= 1),
	CONSTRAINT "tax_document_lines_rate_valid" CHECK ("tax_document_lines"."rate_bp" >= 0 AND "tax_document_lines"."rate_bp" <= 10000),
	CONSTRAINT "tax_document_lines_amounts_add_up" CHECK ("tax_document_lines"."value_paise" >= 0 AND "tax_document_lines"."discount_paise" >= 0 AND "tax_document_lines"."taxable_paise" >= 0
        AND "tax_document_lines"."cgst_paise" >= 0 AND "tax_document_lines"."sgst_paise" >= 0 AND "tax_document_lines"."igst_paise" >= 0
        AND "tax_document_lines"."total_paise" = "tax_document_lines"."value_paise" - "tax_document_lines"."discount_paise"
        AND "tax_document_lines"."total_paise" = "tax_document_lines"."taxable_paise" + "tax_document_lines"."cgst_paise" + "tax_document_lines"."sgst_paise" + "tax_document_lines"."igst_paise")
);
--> statement-breakpoint
CREATE TABLE "tax_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"financial_year" text NOT NULL,
	"serial" integer NOT NULL,
	"order_id" integer NOT NULL,
	"invoice_id" integer,
	"return_id" integer,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reason" text,
	"seller" jsonb NOT NULL,
	"buyer" jsonb NOT NULL,
	"buyer_gstin" text,
	"place_of_supply" text NOT NULL,
	"place_of_supply_code" text NOT NULL,
	"supply_type" text NOT NULL,
	"taxable_paise" integer NOT NULL,
	"cgst_paise" integer NOT NULL,
	"sgst_paise" integer NOT NULL,
	"igst_paise" integer NOT NULL,
	"total_paise" integer NOT NULL,
	"staff_id" integer,
	CONSTRAINT "tax_documents_number_unique" UNIQUE("number"),
	CONSTRAINT "tax_documents_kind_valid" CHECK ("tax_documents"."kind" IN ('invoice', 'credit_note')),
	CONSTRAINT "tax_documents_number_valid" CHECK ("tax_documents"."number" ~ '^[A-Za-z0-9/-]{1,16}$'),
	CONSTRAINT "tax_documents_credit_note_has_invoice" CHECK (("tax_documents"."kind" = 'credit_note') = ("tax_documents"."invoice_id" IS NOT NULL)),
	CONSTRAINT "tax_documents_supply_type_valid" CHECK ("tax_documents"."supply_type" IN ('intra', 'inter')),
	CONSTRAINT "tax_documents_amounts_add_up" CHECK ("tax_documents"."taxable_paise" >= 0 AND "tax_documents"."cgst_paise" >= 0 AND "tax_documents"."sgst_paise" >= 0
        AND "tax_documents"."igst_paise" >= 0
        AND "tax_documents"."total_paise" = "tax_documents"."taxable_paise" + "tax_documents"."cgst_paise" + "tax_documents"."sgst_paise" + "tax_documents"."igst_paise")
);
--> statement-breakpoint
CREATE TABLE "tax_series" (
	"kind" text NOT NULL,
	"financial_year" text NOT NULL,
	"last_serial" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "tax_series_kind_financial_year_pk" PRIMARY KEY("kind","financial_year"),
	CONSTRAINT "tax_series_kind_valid" CHECK ("tax_series"."kind" IN ('invoice', 'credit_note')),
	CONSTRAINT "tax_series_year_valid" CHECK ("tax_series"."financial_year" ~ '^[0-9]{4}-[0-9]{2}$'),
	CONSTRAINT "tax_series_serial_nonnegative" CHECK ("tax_series"."last_serial" >= 0)
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "discount_paise" integer;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "dispatch_cutoff" text DEFAULT '14:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "delivery_days_same_city" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "delivery_days_same_state" smallint DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "delivery_days_metro" smallint DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "delivery_days_rest_of_india" smallint DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "delivery_days_north_east_jk" smallint DEFAULT 8 NOT NULL;--> statement-breakpoint
ALTER TABLE "tax_document_lines" ADD CONSTRAINT "tax_document_lines_document_id_tax_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."tax_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_document_lines" ADD CONSTRAINT "tax_document_lines_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_return_id_order_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."order_returns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_invoice_id_tax_documents_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."tax_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_series_serial_uq" ON "tax_documents" USING btree ("kind","financial_year","serial");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_order_invoice_uq" ON "tax_documents" USING btree ("order_id") WHERE "tax_documents"."kind" = 'invoice';--> statement-breakpoint
CREATE INDEX "tax_documents_kind_issued_idx" ON "tax_documents" USING btree ("kind","issued_at");--> statement-breakpoint
CREATE INDEX "tax_documents_invoice_idx" ON "tax_documents" USING btree ("invoice_id");--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_discount_valid" CHECK ("order_items"."discount_paise" IS NULL OR ("order_items"."discount_paise" >= 0 AND "order_items"."discount_paise" <= "order_items"."quantity" * "order_items"."unit_price_paise"));--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_cutoff_valid" CHECK ("shop_settings"."dispatch_cutoff" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$');--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_delivery_days_valid" CHECK ("shop_settings"."delivery_days_same_city" BETWEEN 0 AND 30 AND "shop_settings"."delivery_days_same_state" BETWEEN 0 AND 30
        AND "shop_settings"."delivery_days_metro" BETWEEN 0 AND 30 AND "shop_settings"."delivery_days_rest_of_india" BETWEEN 0 AND 30
        AND "shop_settings"."delivery_days_north_east_jk" BETWEEN 0 AND 30);--> statement-breakpoint
CREATE FUNCTION tax_documents_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'an issued tax document cannot be changed or deleted; issue a credit note'
    USING ERRCODE = 'restrict_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER tax_documents_immutable BEFORE UPDATE OR DELETE ON "tax_documents"
  FOR EACH ROW EXECUTE FUNCTION tax_documents_immutable();--> statement-breakpoint
CREATE TRIGGER tax_document_lines_immutable BEFORE UPDATE OR DELETE ON "tax_document_lines"
  FOR EACH ROW EXECUTE FUNCTION tax_documents_immutable();
