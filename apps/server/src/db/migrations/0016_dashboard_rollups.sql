-- The dashboard among a million orders (issue 18): sales per ended Indian day and per product and
-- day, rolled up when first needed and again when a trigger marks the day stale, and per product
-- over the 30-day window for the best sellers; each size carries its product's low-stock threshold so a partial index holds exactly the low sizes.
CREATE TABLE "product_sales_days" (
	"day" date NOT NULL,
	"product_id" integer NOT NULL,
	"units" integer NOT NULL,
	"paise" bigint NOT NULL,
	CONSTRAINT "product_sales_days_day_product_id_pk" PRIMARY KEY("day","product_id")
);
--> statement-breakpoint
CREATE TABLE "product_sales_window" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"units" integer NOT NULL,
	"paise" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_days" (
	"day" date PRIMARY KEY NOT NULL,
	"orders" integer NOT NULL,
	"paise" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_days_stale" (
	"day" date PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_window" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"first_day" date NOT NULL,
	"last_day" date NOT NULL,
	CONSTRAINT "sales_window_single_row" CHECK ("sales_window"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "product_sizes" ADD COLUMN "low_stock_threshold" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
CREATE INDEX "product_sales_window_rank_idx" ON "product_sales_window" USING btree ("units" DESC NULLS LAST,"paise" DESC NULLS LAST,"product_id");--> statement-breakpoint
UPDATE "product_sizes" ps SET "low_stock_threshold" = p."low_stock_threshold"
  FROM "products" p WHERE p."id" = ps."product_id" AND p."low_stock_threshold" <> 3;--> statement-breakpoint
CREATE INDEX "product_sizes_low_idx" ON "product_sizes" USING btree ("stock","product_id","position") WHERE "product_sizes"."stock" <= "product_sizes"."low_stock_threshold";--> statement-breakpoint
CREATE FUNCTION product_sizes_threshold_of_product() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT p.low_stock_threshold INTO NEW.low_stock_threshold FROM products p WHERE p.id = NEW.product_id;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER product_sizes_threshold BEFORE INSERT OR UPDATE OF low_stock_threshold, product_id
  ON "product_sizes" FOR EACH ROW EXECUTE FUNCTION product_sizes_threshold_of_product();--> statement-breakpoint
CREATE FUNCTION products_threshold_to_sizes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE product_sizes SET low_stock_threshold = NEW.low_stock_threshold WHERE product_id = NEW.id;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER products_threshold_to_sizes AFTER UPDATE OF low_stock_threshold ON "products"
  FOR EACH ROW WHEN (OLD.low_stock_threshold IS DISTINCT FROM NEW.low_stock_threshold)
  EXECUTE FUNCTION products_threshold_to_sizes();--> statement-breakpoint
CREATE FUNCTION orders_sales_rows_written() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sales_days_stale (day)
    SELECT DISTINCT ((w.paid_at AT TIME ZONE 'UTC') + interval '5 hours 30 minutes')::date
    FROM written w WHERE w.payment_status = 'SUCCESS' AND w.paid_at IS NOT NULL
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER orders_sales_added AFTER INSERT ON "orders" REFERENCING NEW TABLE AS written
  FOR EACH STATEMENT EXECUTE FUNCTION orders_sales_rows_written();--> statement-breakpoint
CREATE TRIGGER orders_sales_removed AFTER DELETE ON "orders" REFERENCING OLD TABLE AS written
  FOR EACH STATEMENT EXECUTE FUNCTION orders_sales_rows_written();--> statement-breakpoint
CREATE FUNCTION orders_sale_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sales_days_stale (day)
    SELECT DISTINCT ((x.paid_at AT TIME ZONE 'UTC') + interval '5 hours 30 minutes')::date
    FROM (VALUES (OLD.paid_at), (NEW.paid_at)) x(paid_at) WHERE x.paid_at IS NOT NULL
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER orders_sale_changed AFTER UPDATE ON "orders" FOR EACH ROW
  WHEN ((OLD.payment_status = 'SUCCESS' OR NEW.payment_status = 'SUCCESS')
    AND (OLD.payment_status, OLD.order_status, OLD.paid_at, OLD.total_paise)
      IS DISTINCT FROM (NEW.payment_status, NEW.order_status, NEW.paid_at, NEW.total_paise))
  EXECUTE FUNCTION orders_sale_changed();
