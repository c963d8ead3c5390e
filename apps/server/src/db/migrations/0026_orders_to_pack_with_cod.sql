-- Orders waiting to be packed or shipped are paid ones and confirmed COD ones: every query
-- says (paid OR COD) AND Processing, which the old index (paid AND Processing) never served.
DROP INDEX "orders_to_pack_idx";--> statement-breakpoint
CREATE INDEX "orders_to_pack_idx" ON "orders" USING btree ((COALESCE("paid_at", "cod_confirmed_at")),"id") WHERE "orders"."order_status" = 'Processing' AND ("orders"."payment_status" = 'SUCCESS' OR "orders"."payment_method" = 'COD');