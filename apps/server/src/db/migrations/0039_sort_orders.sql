-- Listings and search sort by newest, price, popularity or rating (decision 060). The cached
-- orders of the last two follow what the catalogue version does not cover, so their changes
-- are logged as products of their own in the product log (as product 0 is the Most Viewed
-- order, migration 0005): -1 when any active product's rating or review count changes, -2
-- when the sales window the popular order reads (product_sales_window, rebuilt by the
-- dashboard's rollups, migration 0016) is rebuilt. A server then drops only the rating or
-- popular orders and the responses listing by them. At commit, like the other product-log
-- triggers, so the version row is still locked last.
CREATE OR REPLACE FUNCTION catalogue_order_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM catalogue_product_changed(TG_ARGV[0]::integer);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER products_rating_order
  AFTER UPDATE ON products DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (
    NEW.active AND (
      OLD.product_rating IS DISTINCT FROM NEW.product_rating
      OR OLD.review_count IS DISTINCT FROM NEW.review_count
    )
  ) EXECUTE FUNCTION catalogue_order_changed('-1');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER sales_window_popular_order
  AFTER INSERT OR UPDATE ON sales_window DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION catalogue_order_changed('-2');
