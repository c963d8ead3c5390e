-- Earlier migrations of the same upgrade may have left events of the catalogue's deferred
-- triggers to fire at commit, and PostgreSQL rewrites no table that has some: they fire here.
SET CONSTRAINTS ALL IMMEDIATE;--> statement-breakpoint
DROP INDEX "products_listing_order_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sold_out" boolean GENERATED ALWAYS AS ("products"."stock_quantity" = 0) STORED;--> statement-breakpoint
CREATE INDEX "products_listing_order_idx" ON "products" USING btree ("sold_out","id") WHERE "products"."active";