-- Earlier migrations of the same upgrade may have left events of the catalogue's deferred
-- triggers to fire at commit, and PostgreSQL rewrites no table that has some: they fire here.
SET CONSTRAINTS ALL IMMEDIATE;--> statement-breakpoint
DROP INDEX "product_sizes_low_idx";--> statement-breakpoint
ALTER TABLE "product_sizes" ADD COLUMN "low_stock" integer GENERATED ALWAYS AS (CASE WHEN "product_sizes"."stock" <= "product_sizes"."low_stock_threshold" THEN "product_sizes"."stock" END) STORED;--> statement-breakpoint
CREATE INDEX "product_sizes_low_idx" ON "product_sizes" USING btree ("low_stock","product_id","position") WHERE "product_sizes"."low_stock" IS NOT NULL;