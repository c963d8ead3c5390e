-- Decision 100: an order no longer writes its product's row. products.stock_quantity (the sum
-- of the sizes' stock) was updated by every order of any size, so all of a product's sizes
-- waited on one row, and each order wrote a new version of a wide row. The product keeps only
-- how many of its sizes have stock, kept by product_sizes' triggers, which fire only when a
-- size sells out or comes back; the stock is read from the sizes.
-- Earlier migrations of the same upgrade may have left events of the catalogue's deferred
-- triggers to fire at commit, and PostgreSQL rewrites no table that has some: they fire here.
SET CONSTRAINTS ALL IMMEDIATE;--> statement-breakpoint
DROP TRIGGER products_product_version ON products;--> statement-breakpoint
DROP TRIGGER products_catalogue_version_update ON products;--> statement-breakpoint
ALTER TABLE "products" DROP CONSTRAINT "products_stock_nonnegative";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "sold_out";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "stock_quantity";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sizes_in_stock" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "products" p SET "sizes_in_stock" = s.n
  FROM (SELECT product_id, count(*)::int AS n FROM product_sizes WHERE stock > 0 GROUP BY product_id) s
 WHERE s.product_id = p.id;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_sizes_in_stock_nonnegative" CHECK ("products"."sizes_in_stock" >= 0);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sold_out" boolean GENERATED ALWAYS AS ("products"."sizes_in_stock" = 0) STORED;--> statement-breakpoint
CREATE INDEX "products_listing_order_idx" ON "products" USING btree ("sold_out","id") WHERE "products"."active";--> statement-breakpoint
-- A size that sells out or comes back changes its product's count, by a delta: two sizes
-- selling out at once in two transactions each take one off, whatever either saw. At commit,
-- after every size the transaction locked (the global lock order: sizes, then products), so
-- two orders selling out two sizes of one product cannot each hold what the other waits for.
-- Sizes added or removed are counted per statement (an import writes hundreds of thousands).
CREATE FUNCTION product_sizes_in_stock_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products SET sizes_in_stock = sizes_in_stock + CASE WHEN NEW.stock > 0 THEN 1 ELSE -1 END
   WHERE id = NEW.product_id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER product_sizes_in_stock AFTER UPDATE OF stock ON "product_sizes"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN ((OLD.stock > 0) IS DISTINCT FROM (NEW.stock > 0))
  EXECUTE FUNCTION product_sizes_in_stock_changed();--> statement-breakpoint
CREATE FUNCTION product_sizes_counted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE products p SET sizes_in_stock = p.sizes_in_stock + a.n
      FROM (SELECT product_id, count(*)::int AS n FROM added WHERE stock > 0 GROUP BY product_id) a
     WHERE p.id = a.product_id;
  ELSE
    UPDATE products p SET sizes_in_stock = p.sizes_in_stock - r.n
      FROM (SELECT product_id, count(*)::int AS n FROM removed WHERE stock > 0 GROUP BY product_id) r
     WHERE p.id = r.product_id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER product_sizes_in_stock_added AFTER INSERT ON "product_sizes"
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION product_sizes_counted();--> statement-breakpoint
CREATE TRIGGER product_sizes_in_stock_removed AFTER DELETE ON "product_sizes"
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION product_sizes_counted();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER products_product_version
  AFTER UPDATE ON products DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (
    OLD.price_paise IS DISTINCT FROM NEW.price_paise
    OR OLD.image_url IS DISTINCT FROM NEW.image_url
    OR OLD.image1 IS DISTINCT FROM NEW.image1
    OR OLD.image2 IS DISTINCT FROM NEW.image2
    OR OLD.product_rating IS DISTINCT FROM NEW.product_rating
    OR OLD.review_count IS DISTINCT FROM NEW.review_count
  ) EXECUTE FUNCTION catalogue_product_row_changed();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER products_catalogue_version_update
  AFTER UPDATE ON products DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (
    OLD.name IS DISTINCT FROM NEW.name
    OR OLD.tag IS DISTINCT FROM NEW.tag
    OR OLD.product_details IS DISTINCT FROM NEW.product_details
    OR OLD.active IS DISTINCT FROM NEW.active
    OR OLD.category_id IS DISTINCT FROM NEW.category_id
    OR OLD.sub_category_id IS DISTINCT FROM NEW.sub_category_id
    OR OLD.team_id IS DISTINCT FROM NEW.team_id
    OR OLD.player_id IS DISTINCT FROM NEW.player_id
    OR OLD.discount_price_paise IS DISTINCT FROM NEW.discount_price_paise
    OR OLD.sold_out IS DISTINCT FROM NEW.sold_out
    OR OLD.is_limited IS DISTINCT FROM NEW.is_limited
    OR OLD.is_promoted IS DISTINCT FROM NEW.is_promoted
    OR OLD.created_at IS DISTINCT FROM NEW.created_at
  ) EXECUTE FUNCTION catalogue_version_bump();
