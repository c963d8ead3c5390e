-- The back office's product list (issue 17): keyset pages by name, and the status filter
-- newest first, on a 100,000-product catalogue without sorting the whole table.
CREATE INDEX "products_name_order_idx" ON "products" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "products_status_order_idx" ON "products" USING btree ("status","id");