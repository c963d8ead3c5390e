ALTER TABLE "orders" ADD COLUMN "wholesale_buyer" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "eway_bill_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "eway_bill_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_wholesale_created_idx" ON "orders" USING btree ("created_at","id") WHERE "orders"."wholesale_buyer" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_eway_bill_valid" CHECK ("orders"."eway_bill_number" ~ '^[0-9]{12}$');--> statement-breakpoint
-- Orders that approved wholesalers placed since their approval: their buyer as the application
-- says now (what an invoice issued at dispatch used to read).
UPDATE "orders" o SET "wholesale_buyer" = jsonb_build_object(
  'legal_name', w."shop_name", 'address', w."shop_location",
  'gstin', NULLIF(upper(trim(coalesce(w."gst", ''))), ''))
FROM "wholesale_applications" w
WHERE w."user_id" = o."user_id" AND w."status" = 'approved'
  AND o."created_at" >= coalesce(w."decided_at", w."created_at");
