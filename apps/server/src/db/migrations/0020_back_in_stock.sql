CREATE TABLE "back_in_stock_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"size" text NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "back_in_stock_requests" ADD CONSTRAINT "back_in_stock_product_size_fk" FOREIGN KEY ("product_id","size") REFERENCES "public"."product_sizes"("product_id","size") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "back_in_stock_waiting_uq" ON "back_in_stock_requests" USING btree ("product_id","size","email") WHERE "back_in_stock_requests"."notified_at" IS NULL;--> statement-breakpoint
CREATE INDEX "back_in_stock_email_idx" ON "back_in_stock_requests" USING btree ("email","created_at");--> statement-breakpoint
-- Back in stock (decision 047): when a size's stock goes from 0 to more, by any statement (a
-- restock, an adjustment, a CSV import, an unpaid order's release, a return, a cancel), each
-- address waiting for it gets one outbox mail and its request is marked notified, in the
-- same transaction. The row lock of the UPDATE serialises two changes of one size, so a
-- concurrent restock and release see 0 -> n once.
CREATE FUNCTION back_in_stock_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH due AS (
    UPDATE back_in_stock_requests SET notified_at = now()
     WHERE product_id = NEW.product_id AND size = NEW.size AND notified_at IS NULL
    RETURNING id, email
  )
  INSERT INTO outbox (template, recipient, data, dedupe_key)
  SELECT 'back-in-stock', due.email,
         jsonb_build_object('product_id', p.id, 'name', p.name, 'size', NEW.size),
         'back-in-stock:' || due.id
    FROM due JOIN products p ON p.id = NEW.product_id
  ON CONFLICT (dedupe_key) DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER product_sizes_back_in_stock AFTER UPDATE OF stock ON "product_sizes"
  FOR EACH ROW WHEN (OLD.stock = 0 AND NEW.stock > 0) EXECUTE FUNCTION back_in_stock_notify();
