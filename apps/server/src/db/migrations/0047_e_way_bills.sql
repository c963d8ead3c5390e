-- E-way bills (decision 072): each e-way bill an invoice went out with, generated through NIC's API
-- (the JSON sent) or typed from the portal; one active per order, cancelled ones kept.
CREATE TABLE "e_way_bills" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"document_id" integer NOT NULL,
	"number" text NOT NULL,
	"source" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"generated_at" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone,
	"request" jsonb,
	"vehicle_no" text,
	"part_b_at" timestamp with time zone,
	"cancel_reason" text,
	"cancel_remark" text,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "e_way_bills_number_valid" CHECK ("e_way_bills"."number" ~ '^[0-9]{12}$'),
	CONSTRAINT "e_way_bills_status_valid" CHECK ("e_way_bills"."status" IN ('active', 'cancelled')),
	CONSTRAINT "e_way_bills_source_valid" CHECK ("e_way_bills"."source" IN ('api', 'typed')),
	CONSTRAINT "e_way_bills_cancel_complete" CHECK (("e_way_bills"."status" = 'cancelled') = ("e_way_bills"."cancelled_at" IS NOT NULL AND "e_way_bills"."cancel_reason" IS NOT NULL)),
	CONSTRAINT "e_way_bills_cancel_reason_valid" CHECK ("e_way_bills"."cancel_reason" IS NULL OR "e_way_bills"."cancel_reason" IN ('1', '2', '3', '4'))
);
--> statement-breakpoint
ALTER TABLE "e_way_bills" ADD CONSTRAINT "e_way_bills_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "e_way_bills" ADD CONSTRAINT "e_way_bills_document_id_tax_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."tax_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "e_way_bills_one_active_idx" ON "e_way_bills" USING btree ("order_id") WHERE "e_way_bills"."status" = 'active';--> statement-breakpoint
CREATE INDEX "e_way_bills_number_idx" ON "e_way_bills" USING btree ("number");