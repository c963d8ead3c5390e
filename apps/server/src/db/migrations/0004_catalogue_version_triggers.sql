-- The catalogue version (docs/decisions/006-catalogue-cache-by-version.md): every transaction
-- that changes what cached listing facets, name lookups or search rankings derive from bumps
-- catalogue_version.version once, at commit. Deferred constraint triggers take the version
-- row's lock last, after every other row lock of the transaction, so two writers cannot
-- deadlock on it. Stock changes bump only when a product flips between in stock and sold
-- out (search ranks in-stock products first); view counts never bump.
INSERT INTO catalogue_version (id, version) VALUES (1, 0) ON CONFLICT (id) DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalogue_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Once per transaction: the first queued event bumps, the others find the marker.
  IF current_setting('kitroom.catalogue_version_bumped', true) IS DISTINCT FROM txid_current()::text THEN
    PERFORM set_config('kitroom.catalogue_version_bumped', txid_current()::text, true);
    UPDATE catalogue_version SET version = version + 1 WHERE id = 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER products_catalogue_version_write
  AFTER INSERT OR DELETE ON products DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION catalogue_version_bump();
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
  ) EXECUTE FUNCTION catalogue_version_bump();
--> statement-breakpoint
CREATE TRIGGER products_catalogue_version_truncate
  AFTER TRUNCATE ON products FOR EACH STATEMENT EXECUTE FUNCTION catalogue_version_bump();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER categories_catalogue_version
  AFTER INSERT OR UPDATE OR DELETE ON categories DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION catalogue_version_bump();
--> statement-breakpoint
CREATE TRIGGER categories_catalogue_version_truncate
  AFTER TRUNCATE ON categories FOR EACH STATEMENT EXECUTE FUNCTION catalogue_version_bump();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER sub_categories_catalogue_version
  AFTER INSERT OR UPDATE OR DELETE ON sub_categories DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION catalogue_version_bump();
--> statement-breakpoint
CREATE TRIGGER sub_categories_catalogue_version_truncate
  AFTER TRUNCATE ON sub_categories FOR EACH STATEMENT EXECUTE FUNCTION catalogue_version_bump();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER teams_catalogue_version
  AFTER INSERT OR UPDATE OR DELETE ON teams DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION catalogue_version_bump();
--> statement-breakpoint
CREATE TRIGGER teams_catalogue_version_truncate
  AFTER TRUNCATE ON teams FOR EACH STATEMENT EXECUTE FUNCTION catalogue_version_bump();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER players_catalogue_version
  AFTER INSERT OR UPDATE OR DELETE ON players DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION catalogue_version_bump();
--> statement-breakpoint
CREATE TRIGGER players_catalogue_version_truncate
  AFTER TRUNCATE ON players FOR EACH STATEMENT EXECUTE FUNCTION catalogue_version_bump();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER search_terms_catalogue_version
  AFTER INSERT OR UPDATE OR DELETE ON search_terms DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION catalogue_version_bump();
--> statement-breakpoint
CREATE TRIGGER search_terms_catalogue_version_truncate
  AFTER TRUNCATE ON search_terms FOR EACH STATEMENT EXECUTE FUNCTION catalogue_version_bump();
