CREATE TABLE "catalogue_product_changes" (
	"version" bigint NOT NULL,
	"product_id" integer NOT NULL,
	CONSTRAINT "catalogue_product_changes_version_product_id_pk" PRIMARY KEY("version","product_id")
);
--> statement-breakpoint
CREATE TABLE "catalogue_size_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"product_ids" integer[] NOT NULL
);
--> statement-breakpoint
ALTER TABLE "catalogue_version" ADD COLUMN "product_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Whole API answers are cached per process (docs/decisions/008-whole-answers-cached.md). The
-- catalogue version (migration *_catalogue_version_triggers) covers what moves products in
-- or out of lists or reorders them; the home lists' flags and dates join it here. What a
-- product shows without moving it (stock per size, prices, pictures, rating, reviews) bumps
-- catalogue_version.product_version instead, once per transaction at commit, and logs which
-- products changed in catalogue_product_changes: a server drops only the answers showing
-- them, so an order does not empty every cache. Product id 0 in the log stands for the Most
-- Viewed order. Like the catalogue version, the row is locked last, at commit.
DROP TRIGGER products_catalogue_version_update ON products;
--> statement-breakpoint
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
    OR (OLD.stock_quantity = 0) IS DISTINCT FROM (NEW.stock_quantity = 0)
    OR OLD.is_limited IS DISTINCT FROM NEW.is_limited
    OR OLD.is_promoted IS DISTINCT FROM NEW.is_promoted
    OR OLD.created_at IS DISTINCT FROM NEW.created_at
  ) EXECUTE FUNCTION catalogue_version_bump();
--> statement-breakpoint
-- Logs one changed product under this transaction's product version, bumping it on the first
-- call. A transaction that also bumped the catalogue version logs nothing more: servers drop
-- every cached answer for that anyway.
CREATE OR REPLACE FUNCTION catalogue_product_changed(changed integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  tx text := txid_current()::text;
  marker text := current_setting('kitroom.product_version_tx', true);
  v bigint;
BEGIN
  IF current_setting('kitroom.catalogue_version_bumped', true) IS NOT DISTINCT FROM tx THEN
    RETURN;
  END IF;
  IF split_part(coalesce(marker, ''), ':', 1) = tx THEN
    v := split_part(marker, ':', 2)::bigint;
  ELSE
    UPDATE catalogue_version SET product_version = product_version + 1 WHERE id = 1
      RETURNING product_version INTO v;
    PERFORM set_config('kitroom.product_version_tx', tx || ':' || v, true);
    -- Servers more than 10,000 versions behind drop everything instead of reading the log.
    IF v % 1000 = 0 THEN
      DELETE FROM catalogue_product_changes WHERE version <= v - 10000;
    END IF;
  END IF;
  INSERT INTO catalogue_product_changes (version, product_id) VALUES (v, changed)
    ON CONFLICT DO NOTHING;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalogue_product_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'products' THEN
    PERFORM catalogue_product_changed(NEW.id);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM catalogue_product_changed(OLD.product_id);
  ELSE
    PERFORM catalogue_product_changed(NEW.product_id);
    IF TG_OP = 'UPDATE' AND OLD.product_id IS DISTINCT FROM NEW.product_id THEN
      PERFORM catalogue_product_changed(OLD.product_id);
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER products_product_version
  AFTER UPDATE ON products DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (
    OLD.stock_quantity IS DISTINCT FROM NEW.stock_quantity
    OR OLD.price_paise IS DISTINCT FROM NEW.price_paise
    OR OLD.image_url IS DISTINCT FROM NEW.image_url
    OR OLD.image1 IS DISTINCT FROM NEW.image1
    OR OLD.image2 IS DISTINCT FROM NEW.image2
    OR OLD.product_rating IS DISTINCT FROM NEW.product_rating
  ) EXECUTE FUNCTION catalogue_product_row_changed();
--> statement-breakpoint
-- Sizes added or removed are collected per statement (an import writes hundreds of thousands
-- of size rows; one queued event per row made it a third slower) and logged at commit.
CREATE OR REPLACE FUNCTION catalogue_sizes_written() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO catalogue_size_changes (product_ids)
      SELECT array_agg(DISTINCT product_id) FROM added HAVING count(*) > 0;
  ELSE
    INSERT INTO catalogue_size_changes (product_ids)
      SELECT array_agg(DISTINCT product_id) FROM removed HAVING count(*) > 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER product_sizes_added
  AFTER INSERT ON product_sizes REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_sizes_written();
--> statement-breakpoint
CREATE TRIGGER product_sizes_removed
  AFTER DELETE ON product_sizes REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_sizes_written();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalogue_size_changes_commit() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed integer;
BEGIN
  IF current_setting('kitroom.catalogue_version_bumped', true)
       IS DISTINCT FROM txid_current()::text THEN
    FOREACH changed IN ARRAY NEW.product_ids LOOP
      PERFORM catalogue_product_changed(changed);
    END LOOP;
  END IF;
  DELETE FROM catalogue_size_changes WHERE id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER catalogue_size_changes_commit
  AFTER INSERT ON catalogue_size_changes DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION catalogue_size_changes_commit();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER product_sizes_product_version_update
  AFTER UPDATE ON product_sizes DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*)
  EXECUTE FUNCTION catalogue_product_row_changed();
--> statement-breakpoint
CREATE TRIGGER product_sizes_catalogue_version_truncate
  AFTER TRUNCATE ON product_sizes FOR EACH STATEMENT EXECUTE FUNCTION catalogue_version_bump();
--> statement-breakpoint
-- A product page shows its latest reviews with their writers' names.
CREATE CONSTRAINT TRIGGER reviews_product_version
  AFTER INSERT OR UPDATE OR DELETE ON reviews DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION catalogue_product_row_changed();
--> statement-breakpoint
CREATE TRIGGER reviews_catalogue_version_truncate
  AFTER TRUNCATE ON reviews FOR EACH STATEMENT EXECUTE FUNCTION catalogue_version_bump();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalogue_reviewer_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  reviewed integer;
BEGIN
  FOR reviewed IN SELECT DISTINCT product_id FROM reviews WHERE user_id = NEW.id LOOP
    PERFORM catalogue_product_changed(reviewed);
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER users_product_version
  AFTER UPDATE ON users DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION catalogue_reviewer_renamed();
--> statement-breakpoint
-- View counts order the home page's Most Viewed list: its first 12 active products by
-- view_count, then id (HOME_LIST_SIZE in catalogue.service.ts). A transaction whose view
-- counts may have changed that list logs product 0. Once per transaction it locks the version
-- row (so such transactions follow one another) and reads the 12th product as committed plus
-- its own changes; a changed row ranking at or above it, before or after the change, may
-- have moved the list. Rows that rank below it both times cannot have.
CREATE OR REPLACE FUNCTION catalogue_most_viewed_check() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tx text := txid_current()::text;
  marker text := current_setting('kitroom.most_viewed_tx', true);
  floor_count integer;
  floor_id integer;
BEGIN
  IF marker = tx || ':logged' THEN
    RETURN NULL;
  END IF;
  IF split_part(coalesce(marker, ''), ':', 1) = tx THEN
    floor_count := nullif(split_part(marker, ':', 2), '')::integer;
    floor_id := nullif(split_part(marker, ':', 3), '')::integer;
  ELSE
    PERFORM 1 FROM catalogue_version WHERE id = 1 FOR UPDATE;
    SELECT view_count, id INTO floor_count, floor_id FROM products WHERE active
      ORDER BY view_count DESC, id OFFSET 11 LIMIT 1;
    PERFORM set_config('kitroom.most_viewed_tx',
      tx || ':' || coalesce(floor_count::text, '') || ':' || coalesce(floor_id::text, ''), true);
  END IF;
  IF floor_id IS NULL
    OR NEW.view_count > floor_count OR (NEW.view_count = floor_count AND NEW.id <= floor_id)
    OR OLD.view_count > floor_count OR (OLD.view_count = floor_count AND OLD.id <= floor_id)
  THEN
    PERFORM catalogue_product_changed(0);
    PERFORM set_config('kitroom.most_viewed_tx', tx || ':logged', true);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER products_most_viewed
  AFTER UPDATE ON products DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (OLD.view_count IS DISTINCT FROM NEW.view_count)
  EXECUTE FUNCTION catalogue_most_viewed_check();
